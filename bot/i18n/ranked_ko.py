"""랭크전 문구: /queue, /settings ranked, 준비 버튼, 단위와 래더."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cmd.queue": "대기열",
    "cmd.queue.desc": "랭크전: 비슷한 단위의 플레이어와 테이블을 기다립니다",
    "cmd.queue.join": "참가",
    "cmd.queue.join.desc": "이 서버의 게임별 랭크전 대기열에 들어갑니다",
    "cmd.queue.leave": "나가기",
    "cmd.queue.leave.desc": "랭크전 대기열에서 나갑니다",
    "cmd.queue.status": "상태",
    "cmd.queue.status.desc": "게임별 대기 인원, 내 대기 시간, 보통의 대기 시간",
    "cmd.settings.ranked": "랭크전",
    "cmd.settings.ranked.desc": "랭크전 테이블이 열릴 채널(매치마다 스레드 하나)과 작은 서버를 위한 CPU",
    "opt.channel": "채널",
    "opt.channel.desc": "랭크전 테이블 스레드를 만들 채널 (비워 두면 랭크전을 끕니다)",
    "opt.cpu_fill": "cpu_채우기",
    "opt.cpu_fill.desc": "이 시간(분)을 기다리면 CPU가 빈자리를 채웁니다 (랭크 미반영). 0 또는 비워 두면 채우지 않음",
    "opt.order": "순서",
    "opt.order.desc": "숨은 레이팅 순(기본) 또는 단위 순",
    "order.rating": "레이팅",
    "order.rank": "단위",
    "rank.kyu": "{n}급",
    "rank.dan": "{n}단",
    "rank.badge.kyu": "{n}급",
    "rank.badge.dan": "{n}단",
    "queue.off": "이 서버에서는 랭크전이 꺼져 있습니다. 서버 관리 권한이 있는 분이 "
                 "`/설정 랭크전 채널:#채널` 로 켤 수 있으며, 매치마다 그 채널에 스레드로 테이블이 열립니다.",
    "queue.joined": "{game} 랭크전 대기열에 들어왔습니다 ({rank}). 대기 중: {count}명. "
                    "테이블이 잡히면 DM으로 준비 버튼이 옵니다. 30초 안에 눌러 주세요.",
    "queue.already": "이미 {game} 대기열에서 기다리고 있습니다 ({wait}). 게임을 바꾸려면 먼저 `/대기열 나가기` 하세요.",
    "queue.already_matched": "{game} 매치가 모두의 준비를 기다리고 있습니다. 준비 버튼을 확인하세요.",
    "queue.seated": "이 서버에서 진행 중인 테이블에 앉아 있습니다. 그 게임을 마친 뒤 대기열에 들어오세요.",
    "queue.left": "{game} 대기열에서 나갔습니다.",
    "queue.not_in": "랭크전 대기열에 있지 않습니다.",
    "queue.status.title": "**이 서버의 랭크전 대기열**",
    "queue.status.line": "{game}: {count}명 대기",
    "queue.status.you": "{game} 대기 중: 지금까지 {wait}.",
    "queue.status.you_not": "대기열에 있지 않습니다.",
    "queue.status.median": "최근 1시간 매치의 대기 시간 중앙값: {wait}.",
    "queue.status.no_median": "최근 1시간 동안 매치가 없었습니다.",
    "queue.ready.prompt": "{game} 랭크전 테이블이 잡혔습니다: {players}. {seconds}초 안에 **준비**를 누르지 않으면 "
                          "대기열에서 빠집니다. 공정 셔플 커밋(SHA-256): `{commitment}`",
    "queue.ready.prompt_cpu": "{game} 테이블이 잡혔습니다: {players}, 오래 기다려서 CPU {cpus}명이 함께합니다. 이 게임은 "
                              "**랭크에 반영되지 않습니다**. {seconds}초 안에 **준비**를 누르세요. 공정 셔플 "
                              "커밋(SHA-256): `{commitment}`",
    "queue.ready.in_channel": "{mention} DM이 닫혀 있어 여기에 준비 버튼을 보냅니다.",
    "queue.ready.button": "준비",
    "queue.ready.done": "준비 완료. 다른 플레이어를 기다립니다…",
    "queue.ready.again": "이미 준비했습니다.",
    "queue.ready.late": "이 매치는 더 이상 준비를 기다리지 않습니다.",
    "queue.ready.not_yours": "다른 플레이어의 준비 버튼입니다.",
    "queue.ready.opening": "모두 준비했습니다. 테이블을 엽니다.",
    "queue.timeout.dropped": "시간 안에 준비를 누르지 않아 랭크전 대기열에서 빠졌습니다.",
    "queue.timeout.kept": "모두가 준비하지는 않았습니다. {game} 대기열 맨 앞자리를 유지합니다.",
    "queue.undone": "Discord가 테이블 스레드를 열어 주지 않아 매치를 취소했습니다. {game} 대기열 맨 앞으로 돌아갑니다.",
    "queue.opened": "{game} 랭크전: {mentions}. 행운을 빕니다!",
    "queue.opened_cpu": "{game} (랭크 미반영: CPU가 채운 테이블): {mentions}. 즐거운 게임 되세요!",
    "queue.thread_name": "{game} · {names}",
    "ranked.line": "{name} {before} {points_before} → {after} {points_after} / {target}{note}",
    "ranked.line_same": "{name} {rank} {points_before} → {points_after} / {target}{note}",
    "ranked.promoted": ", 승단",
    "ranked.demoted": ", 강등",
    "ranked.unranked": "랭크 미반영: CPU가 채운 테이블입니다.",
    "ranked.stats": "단위: **{rank}**, {points} / {target}점 (다음 단위까지 {to_next}), 랭크전 {games}판.",
    "ranked.field": "단위",
    "ranked.stats_none": "이 게임의 랭크전 기록이 아직 없습니다 (모두 10급에서 시작합니다).",
    "ranked.history": "최근 랭크전: {items}",
    "ranked.board.title": "**단위 래더 · {game}**",
    "ranked.board.line": "{place}. {name}: {rank} ({points} / {target}), {games}판",
    "ranked.board.empty": "이 서버에서 아직 {game} 랭크전을 한 사람이 없습니다.",
    "help.ranked_title": "랭크전",
    "help.ranked": (
        "**/대기열 참가** 게임 — 서버의 랭크전 대기열에 들어갑니다. 테이블이 잡히면 DM의 **준비**를 누르세요. "
        "랭크전 채널의 스레드에서 테이블이 열립니다\n"
        "**/대기열 나가기** — 대기 그만두기 · **/대기열 상태** — 대기 인원, 내 대기 시간, 보통의 대기 시간\n"
        "**/리더보드** 게임 순서:단위 — 서버의 단위 래더 (10급 … 10단) · **/통계** 에 내 단위가 나옵니다\n"
        "**/설정 랭크전** 채널 cpu_채우기 — 랭크전 테이블이 열릴 곳, 오래 기다리면 CPU (서버 관리)"
    ),
    "settings.ranked_on": "이제 랭크전 테이블이 {channel} 의 스레드에서 열립니다.",
    "settings.ranked_fill": "{minutes}분을 기다리면 CPU가 빈자리를 채웁니다 (그 게임은 랭크에 반영되지 않습니다).",
    "settings.ranked_off": "이 서버의 랭크전이 꺼졌습니다.",
}
