"""Korean: the same keys as English; game terms as the Korean Janpo rules text uses them."""

from __future__ import annotations

GLOSSARY: dict[str, str] = {
    "riichi": "리치",
    "tsumogiri": "츠모기리",
    "tedashi": "테다시",
    "tada_jan": "타다 마작 타임",
    "tsumo": "츠모",
    "ron": "론",
    "chi": "치",
    "pon": "퐁",
    "kan": "깡",
    "dora": "도라",
    "ura_dora": "뒷도라",
    "honba": "본장",
    "furiten": "후리텐",
    "tenpai": "텐파이",
    "dealer": "친",
    "fold": "폴드",
    "check": "체크",
    "call": "콜",
    "bet": "벳",
    "raise": "레이즈",
    "allin": "올인",
    "blinds": "블라인드",
    "button": "버튼",
    "Riichi": "리치",
    "Tsumo": "멘젠츠모",
    "Ippatsu": "일발",
    "Tanyao": "탕야오",
    "Pinfu": "핑후",
    "Iipeiko": "이페코",
    "Yakuhai": "역패",
    "Chiitoitsu": "치또이츠",
    "Toitoi": "또이또이",
    "Honitsu": "혼일색",
    "Chinitsu": "청일색",
    "Dora": "도라",
}

MESSAGES: dict[str, str] = {
    # commands
    "cmd.table": "테이블",
    "cmd.table.desc": "이 채널의 게임 테이블을 열고, 참가하고, 관리합니다",
    "cmd.table.new": "새로",
    "cmd.table.new.desc": "이 채널에 테이블을 열고 플레이어를 모읍니다",
    "cmd.table.status": "상태",
    "cmd.table.status.desc": "이 채널의 테이블을 (나에게만) 보여 줍니다",
    "cmd.table.leave": "나가기",
    "cmd.table.leave.desc": "테이블에서 나갑니다. 자리는 CPU가 이어받습니다",
    "cmd.table.abort": "중단",
    "cmd.table.abort.desc": "이 채널의 테이블을 멈춥니다 (호스트 또는 서버 관리 권한)",
    "cmd.table.verify": "검증",
    "cmd.table.verify.desc": "끝난 게임의 셔플을 로비에서 보인 약속값과 대조합니다",
    "cmd.rules": "규칙",
    "cmd.rules.desc": "이 봇이 진행하는 게임의 규칙",
    "cmd.help": "도움말",
    "cmd.help.desc": "봇 사용법과 게임 방법 간단 안내",
    "cmd.settings": "설정",
    "cmd.settings.desc": "게임 테이블 서버 설정",
    "cmd.settings.language": "언어",
    "cmd.settings.language.desc": "이 서버의 공개 테이블 메시지 언어",
    # options
    "opt.game": "게임",
    "opt.game.desc": "플레이할 게임",
    "opt.help_game.desc": "한 게임의 플레이 방법을 그림과 함께 보기",
    "opt.rules_game.desc": "규칙을 볼 게임",
    "opt.red_fives": "적도라",
    "opt.red_fives.desc": "빨간 5(적도라)를 수트마다 한 장씩 넣습니다",
    "opt.seven_pairs": "치또이츠",
    "opt.seven_pairs.desc": "마작 파이브: 치또이츠와 국사무쌍을 허용합니다",
    "opt.length": "길이",
    "opt.length.desc": "동풍전만, 또는 동남전(반장전)",
    "opt.small_blind": "스몰블라인드",
    "opt.small_blind.desc": "홀덤: 스몰 블라인드 (100 단위, 비우면 빅 블라인드의 절반)",
    "opt.big_blind": "빅블라인드",
    "opt.big_blind.desc": "홀덤: 빅 블라인드 (100 단위)",
    "opt.stack": "스택",
    "opt.stack.desc": "홀덤: 모두의 시작 칩",
    "opt.timer_name": "타이머",
    "opt.timer.desc": "한 수당 초 (추가로 60초 타임뱅크)",
    "opt.cpu": "cpu",
    "opt.cpu.desc": "CPU 플레이어의 강함",
    "opt.language": "언어",
    "opt.language.desc": "공개 테이블 메시지에 쓸 언어",
    # choices
    "game.janpo": "잔포",
    "game.five": "마작 파이브",
    "game.riichi": "리치 마작",
    "game.holdem": "텍사스 홀덤",
    "length.east": "동풍전",
    "length.south": "동남전 (반장전)",
    "level.easy": "쉬움",
    "level.normal": "보통",
    "lang.auto": "서버 기본값 (디스코드 언어)",
    "lang.en": "영어 (English)",
    "lang.ko": "한국어",
    # lobby
    "lobby.title": "{game}: 새 테이블",
    "lobby.seats": "자리 ({taken}/{capacity})",
    "lobby.no_seats": "(아직 아무도 없음)",
    "lobby.rules": "규칙",
    "lobby.hint": "참가를 눌러 자리에 앉으세요. 호스트가 시작을 누르면 빈자리는 CPU가 채웁니다.",
    "lobby.already": "이미 이 테이블에 자리가 있습니다.",
    "lobby.full": "이 테이블은 꽉 찼습니다.",
    "lobby.host_stays": "호스트는 로비를 떠날 수 없습니다. 테이블을 닫으려면 취소를 누르세요.",
    "lobby.cancelled": "테이블이 취소되었습니다.",
    "lobby.use_buttons": "아직 게임이 시작되지 않았습니다. 테이블 메시지의 참가·나가기 버튼을 쓰세요.",
    "opt.seating": "자리",
    "opt.seating.desc": "시작할 때 자리를 무작위로 정할지, 참가한 순서대로 앉을지 (먼저 참가한 사람이 동가)",
    "opt.assist": "도우미",
    "opt.assist.desc": "모든 손패에 화료에 가장 가까운 버림패를 표시 (기본: 마작 파이브와 쉬움 테이블에서 켜짐)",
    "seating.random": "무작위 자리",
    "seating.join": "참가 순서: 먼저 참가한 사람이 동가",
    "opt.seating_random": "자리: 게임을 시작할 때 무작위로 정합니다",
    "opt.seating_join": "자리: 참가한 순서대로, 먼저 참가한 사람이 동가",
    "opt.seating_join_five": "자리: 참가한 순서대로, 먼저 참가한 사람이 동가이며 게임 내내 친을 맡습니다",
    "opt.timer": "차례 타이머: {seconds}초 + 타임뱅크 60초",
    "opt.red_fives_on": "적도라: 있음",
    "opt.red_fives_off": "적도라: 없음",
    "opt.seven_pairs_on": "치또이츠·국사무쌍: 있음",
    "opt.length_south": "길이: 동남전 (반장전)",
    "opt.blinds": "블라인드 {small}/{big}, 스택 {stack}",
    "btn.join": "참가",
    "btn.leave": "나가기",
    "btn.add_cpu": "CPU 추가",
    "btn.start": "시작",
    "btn.cancel": "취소",
    "btn.my_hand": "내 손패",
    "btn.back": "돌아왔어요",
    "seat.cpu": "{name} (CPU, {level})",
    "seat.afk": "{name} (자리 비움: CPU가 둡니다)",
    # the table message
    "table.title": "{game} · 테이블 {table}",
    "table.waiting": "{players}의 차례를 기다립니다.",
    "table.waiting_until": "{players}의 차례를 기다립니다. 제한 시간: {deadline}.",
    "table.calls": "버림패에 대한 울기 응답을 기다립니다.",
    "table.calls_until": "버림패에 대한 울기 응답을 기다립니다. 제한 시간: {deadline}.",
    "table.points": "점수",
    "table.points_line": "{seat}. {name}: {points}점",
    "table.footer": "지금까지 둔 수: {moves}",
    "table.dm_closed": "{mention}님, 개인 메시지(DM)를 보낼 수 없습니다. 테이블 메시지의 **내 손패**를 눌러 "
    "손패를 보고 수를 두세요.",
    "table.afk": "{mention}님이 세 차례 연속으로 두지 않아, **돌아왔어요**를 누를 때까지 CPU가 대신 둡니다.",
    "table.left": "테이블에서 나갔습니다. 자리는 CPU가 이어받았습니다.",
    "table.aborted": "테이블 {table}을(를) 멈췄습니다. 더 이상 진행하지 않습니다.",
    "fair.title": "공정한 배패",
    "fair.digest": "이 게임 시드의 SHA-256: `{digest}`. 시드는 게임이 끝나면 공개되며 `/테이블 검증`으로 "
    "확인할 수 있습니다.",
    "fair.revealed": "시드: `{seed}` (SHA-256 `{digest}`, 시작할 때 보인 값과 같음).",
    "result.kyoku": "{kyoku} 결과",
    "result.title_honba": "{round} {honba}본장",
    "result.limit_value": "{limit} · {points}점",
    "limit.mangan": "만관",
    "limit.haneman": "하네만",
    "limit.baiman": "배만",
    "limit.sanbaiman": "삼배만",
    "limit.yakuman": "역만",
    "five.closed_hand": "울지 않은 손",
    "five.closed_riichi": "리치",
    "five.closed_all_sequences": "모두 연속 숫자",
    "five.closed_twin_sequences": "똑같은 연속 숫자 두 벌",
    "five.vip_set": "VIP 세트",
    "five.vip_all_dragons": "삼원패 셋 다",
    "five.vip_all_winds": "바람패 넷 다",
    "five.outside": "바깥 패",
    "five.inside": "안쪽 패",
    "five.all_triplets": "모두 같은 패 세 장",
    "five.all_triplets_closed": "모두 같은 패 세 장, 울지 않고",
    "five.one_suit": "숫자 한 종류",
    "five.one_suit_straight": "123 456 789 한 줄",
    "five.one_suit_no_honors": "글자 패 없이",
    "five.thirteen_orphans": "국사무쌍",
    "five.dora": "도라",
    "five.red_five": "빨간 5",
    "five.ura_dora": "뒷도라",
    "five.kan_bonus": "깡 보너스",
    "five.dealer_bonus": "친 보너스",
    "result.showdown": "{hand}번째 핸드 쇼다운",
    "end.title": "게임이 끝났습니다.",
    "end.standings": "최종 순위",
    "end.line": "{rank}위. {name}: {points}점",
    "end.line_mleague": "{rank}위. {name}: {points}점 (M리그 {mleague})",
    "verify.ok": "시드 `{seed}`의 SHA-256은 `{digest}`로, 시작할 때 보인 값과 같습니다. 이 시드로 {moves}수를 "
    "모두 다시 두면 같은 패산과 덱이 나오고 같은 결과가 됩니다.",
    "verify.mismatch": "시드 `{seed}`(SHA-256 `{digest}`, {moves}수)를 다시 두었더니 결과가 같지 않습니다. "
    "이 테이블을 신고해 주세요.",
    "verify.running": "이 게임은 아직 진행 중입니다. 시드의 SHA-256은 `{digest}`이며, 시드는 끝날 때 공개됩니다.",
    # private hand
    "hand.turn": "{game} · 테이블 {table} · {seat}석: 당신의 차례입니다.",
    "hand.claim": "{game} · 테이블 {table} · {seat}석: 이 버림패를 울 수 있습니다.",
    "hand.waiting": "{game} · 테이블 {table} · {seat}석: 지금은 당신의 차례가 아닙니다. 다음 차례는 DM으로 옵니다.",
    "hand.deadline": "제한 시간: {deadline}. 시간이 지나면 기본 수를 대신 둡니다.",
    "hand.part_check": "패 버리기와 함께할 포커 액션: **체크**. 첫 줄에서 다른 액션을 고를 수 있습니다.",
    "hand.part_fold": "패 버리기와 함께할 포커 액션: **폴드**. 첫 줄에서 다른 액션을 고를 수 있습니다.",
    "hand.part_call": "포커 액션: **콜**. 마작은 츠모기리가 됩니다.",
    "hand.part_bet": "포커 액션: **벳**. 마작은 츠모기리가 되며, 다음에 금액을 입력합니다.",
    "hand.part_raise": "포커 액션: **레이즈**. 마작은 츠모기리가 되며, 다음에 금액을 입력합니다.",
    "hand.part_allin": "포커 액션: **올인**. 마작은 츠모기리가 됩니다.",
    "hand.played": "둔 수: `{move}`",
    "played.discard": "둔 수: {tile} 버림.",
    "played.tsumogiri": "둔 수: 츠모기리.",
    "played.riichi": "둔 수: 리치, {tile} 버림.",
    "played.riichi_tsumogiri": "둔 수: 츠모기리로 리치.",
    "played.tsumo": "둔 수: 츠모.",
    "played.ron": "둔 수: 론.",
    "played.chi": "둔 수: {tile}(으)로 치.",
    "played.pon": "둔 수: 퐁.",
    "played.kan": "둔 수: 깡.",
    "played.ankan": "둔 수: {tile} 안깡.",
    "played.kakan": "둔 수: {tile} 가깡.",
    "played.pass": "둔 수: 패스.",
    "played.fold": "둔 수: 폴드.",
    "played.check": "둔 수: 체크.",
    "played.call": "둔 수: 콜.",
    "played.bet": "둔 수: {amount} 벳.",
    "played.raise": "둔 수: {amount}(으)로 레이즈.",
    "played.allin": "둔 수: 올인.",
    "played.discard_check": "둔 수: {tile} 버림 + 체크.",
    "played.discard_fold": "둔 수: {tile} 버림 + 폴드.",
    "played.riichi_check": "둔 수: 리치, {tile} 버림 + 체크.",
    "played.riichi_fold": "둔 수: 리치, {tile} 버림 + 폴드.",
    "played.tsumo_check": "둔 수: 츠모 + 체크.",
    "played.tsumo_fold": "둔 수: 츠모 + 폴드.",
    "played.tsumogiri_check": "둔 수: 츠모기리 + 체크.",
    "played.tsumogiri_fold": "둔 수: 츠모기리 + 폴드.",
    "played.tsumogiri_call": "둔 수: 츠모기리 + 콜.",
    "played.tsumogiri_bet": "둔 수: 츠모기리 + {amount} 벳.",
    "played.tsumogiri_raise": "둔 수: 츠모기리 + {amount}(으)로 레이즈.",
    "played.tsumogiri_allin": "둔 수: 츠모기리 + 올인.",
    "played.riichi_tsumogiri_check": "둔 수: 츠모기리로 리치 + 체크.",
    "played.riichi_tsumogiri_fold": "둔 수: 츠모기리로 리치 + 폴드.",
    "played.riichi_tsumogiri_call": "둔 수: 츠모기리로 리치 + 콜.",
    "played.riichi_tsumogiri_bet": "둔 수: 츠모기리로 리치 + {amount} 벳.",
    "played.riichi_tsumogiri_raise": "둔 수: 츠모기리로 리치 + {amount}(으)로 레이즈.",
    "played.riichi_tsumogiri_allin": "둔 수: 츠모기리로 리치 + 올인.",
    "hand.claim_kan": "{game} · 테이블 {table} · {seat}석: {name}님이 {tile}(으)로 가깡했습니다. 론으로 창깡할 수 있습니다.",
    "hand.claim_discard": "{game} · 테이블 {table} · {seat}석: {name}님이 {tile}을(를) 버렸습니다. 울 수 있습니다.",
    "hand.poker_janpo": "콜 금액: {to_call} · 팟: {pot} · 남은 점수: {behind}",
    "hand.poker_holdem": "콜 금액: {to_call} · 팟: {pot} · 남은 칩: {behind}",
    "hand.poker_janpo_free": "콜할 금액 없음 · 팟: {pot} · 남은 점수: {behind}",
    "hand.poker_holdem_free": "콜할 금액 없음 · 팟: {pot} · 남은 칩: {behind}",
    "hand.tada_jan": "타다 마작 타임: 이번 차례는 마작만 합니다.",
    "hand.playout": "이번 국은 끝났습니다. 마지막 포커 핸드를 끝까지 진행합니다.",
    "move.call_amount": "콜 {amount}",
    "modal.title_bet": "벳: 이번 스트리트 총 베팅액",
    "modal.title_raise": "레이즈: 이번 스트리트 총 베팅액",
    "modal.range": "이번 스트리트 합계, {low}~{high}",
    "move.discard": "{tile}",
    "move.tsumogiri": GLOSSARY["tsumogiri"],
    "move.riichi": "리치 {tile}",
    "move.riichi_tsumogiri": "리치 (츠모기리)",
    "move.riichi_mode": "리치…",
    "move.riichi_back": "뒤로",
    "move.tsumo": GLOSSARY["tsumo"],
    "move.ron": GLOSSARY["ron"],
    "move.chi": "치 {tile}",
    "move.pon": GLOSSARY["pon"],
    "move.kan": GLOSSARY["kan"],
    "move.ankan": "깡 {tile}",
    "move.kakan": "가깡 {tile}",
    "move.pass": "패스",
    "move.fold": GLOSSARY["fold"],
    "move.check": GLOSSARY["check"],
    "move.call": GLOSSARY["call"],
    "move.bet": "벳…",
    "move.raise": "레이즈…",
    "move.allin": GLOSSARY["allin"],
    "move.other": "{verb}",
    "modal.title": "얼마로 할까요?",
    "modal.label": "100 단위 금액",
    # answers and errors
    "afk.back": "돌아오신 걸 환영합니다. 이제 다시 직접 둡니다.",
    "afk.not_away": "자리 비움 상태가 아닙니다.",
    "err.amount_elsewhere": "금액은 테이블 메시지의 **내 손패**에서 정하세요. 아무것도 바뀌지 않았습니다.",
    "err.stale": "이전 수의 버튼입니다. 아무것도 바뀌지 않았습니다.",
    "err.double": "이미 그 수를 두었습니다.",
    "err.not_seated": "이 테이블에 앉아 있지 않습니다.",
    "err.not_your_turn": "당신의 차례가 아닙니다.",
    "err.game_over": "이 게임은 끝났습니다.",
    "err.not_allowed": "지금은 그 수를 둘 수 없습니다. 아무것도 바뀌지 않았습니다.",
    "err.bad_amount": "{low}부터 {high}까지 100 단위로 입력하세요.",
    "err.host_only": "호스트(또는 서버 관리 권한이 있는 사람)만 할 수 있습니다.",
    "err.no_permission": "이 명령을 쓸 권한이 없습니다.",
    "err.no_table": "이 채널에는 테이블이 없습니다. /테이블 새로 로 여세요.",
    "err.table_exists": "이 채널에는 이미 테이블이 있습니다. 끝내거나 스레드에서 새로 여세요.",
    "err.guild_only": "테이블은 서버 채널과 스레드에서만 열 수 있습니다.",
    "err.generic": "문제가 생겼습니다. 아무것도 바뀌지 않았으니 다시 시도해 주세요.",
    # ---- tables that keep their promises: limits, checked options, closed channels ----
    "err.bad_options": "이 옵션으로는 게임을 만들 수 없습니다: {reason}. 테이블을 열지 않았습니다.",
    "err.cannot_start": "이 테이블은 시작할 수 없어({reason}) 닫았습니다. /table new로 새로 여세요.",
    "err.lobby_open": "이 서버에 이미 열어 둔 대기실이 있습니다. 먼저 시작하거나 취소하세요.",
    "err.guild_full": "이 서버에는 이미 테이블이 {count}개 열려 있어 더 열 수 없습니다. 하나가 끝나면 다시 해 보세요.",
    "lobby.expired": "15분 안에 아무도 시작하지 않아 테이블을 닫았습니다.",
    "settings.language_set": "이 서버의 공개 테이블 메시지는 이제 {language}로 표시됩니다.",
    "settings.language_auto": "공개 테이블 메시지는 서버의 디스코드 언어({language})를 따릅니다.",
    # rules and help
    "rules.title": "{game}: 규칙",
    "rules.janpo": (
        "잔포는 마작과 포커(텍사스 홀덤)를 동시에 두는 4인 게임입니다.\n"
        "__기본 룰__\n"
        "- **보유 점수 (J1)** 마작과 포커 공통으로 시작 시 25,000점.\n"
        "- **점봉 취급 (J1)** 점수는 포커 칩으로서 하나로 관리합니다. 이미 팟에 낸 칩은 보유 점수가 아닙니다.\n"
        "- **액션 제한 (J7)** 각 차례에 마작의 테다시와 포커의 칩을 내는 액션 중 하나만 할 수 있습니다. "
        "① 콜 이상의 액션(콜, 벳, 레이즈, 올인)을 하면 마작은 강제로 츠모기리. "
        "② 테다시를 하면 포커는 강제로 체크 또는 폴드.\n"
        "- **진행 순서 (J4)** 게임은 마작 순서대로 진행되어, 포커 액션 순서가 평소와 반대 방향입니다.\n"
        "- **타다 마작 타임 (J7)** 포커에서 자신의 차례가 아닐 때는 마작 패 버리기만 합니다.\n"
        "__포커__\n"
        "- **형식 (J3, P1)** 노리밋 텍사스 홀덤.\n"
        "- **블라인드 (J3)** 200-500 고정, 앤티 없음.\n"
        "- **딜러 (J15)** PD(플레잉 딜러)의 역할은 봇이 맡아, 둘 수 있는 수만 버튼으로 보여 줍니다.\n"
        "__마작__\n"
        "- **룰 (J2, R)** M리그 준거 4인 마작, 동풍전(동1국~동4국). 옵션으로 동남전도 가능(연장 없음).\n"
        "- **연장 (J2)** 친의 연장은 없습니다. 동풍전은 반드시 4국에서 끝납니다.\n"
        "__게임 진행__\n"
        "- **배패 (J6)** 각자 13장. 친은 14번째 패를 첫 츠모로 합니다.\n"
        "- **포커 핸드 (J4)** 친이 포커에서 처음 액션하는 자리(컷오프/CO)가 되도록 버튼을 둡니다. "
        "친=CO, 남=BTN, 서=SB, 북=BB.\n"
        "- **핸드 배분 (J6)** 친이 첫 츠모를 마친 뒤, 친이 패를 버리기 전에 포커 핸드를 나눕니다.\n"
        "- **츠모 차례의 선택 (J7)** 자기 츠모 차례에, 포커 액션이 자기에게 있을 때만 마작과 포커를 함께 둡니다. "
        "안깡·가깡은 포커 액션 없이, 영상패를 뽑은 뒤의 버림패와 함께 둡니다.\n"
        "- **울기 (J8)** 치·퐁·깡은 평소처럼 가능하지만, 운 차례에는 포커 액션을 할 수 없습니다. "
        "포커 액션은 그 권한을 가진 사람의 다음 츠모 차례까지 기다립니다.\n"
        "- **포커 핸드 종료 (J5, J6)** 국이 끝나지 않았으면 다음 핸드가 바로 시작되고, 버튼이 한 자리 옮겨갑니다. "
        "프리플랍은 BB 다음 자리(4명이면 CO)부터 액션합니다.\n"
        "__화료 처리__\n"
        "- **점수 지불 (J9)** 화료하면 일반 마작과 같이 바로 점수를 주고받습니다.\n"
        "- **츠모 화료 (J7)** 포커는 체크 또는 폴드와 함께. 콜 이상을 하고 싶다면 화료패를 츠모기리할 수밖에 없습니다.\n"
        "- **론 화료 (J8)** 포커에는 특별한 제한도 영향도 없습니다.\n"
        "__국 종료__\n"
        "- **라스트 핸드 (J9)** 화료 또는 유국으로 국이 끝나면, 진행 중인 포커 핸드를 그 국의 라스트 핸드로 "
        "끝까지 진행한 뒤 다음 국으로 갑니다.\n"
        "__특수한 경우__\n"
        "- **0점 이하 (J12)** 포커 핸드가 시작될 때 0점 이하인 플레이어는 파산으로, 이후 마작만 합니다.\n"
        "- **3명이 0점 이하 (J13)** 그 국이 최종국이 됩니다.\n"
        "- **핸드 중 0점 이하 (J10)** 마작으로 0점 이하가 되면, 이미 낸 칩으로 올인한 것으로 봅니다(음수는 그대로).\n"
        "- **올인 중 화료 (J11)** 올인 중에 마작으로 점수를 얻으면, 같은 금액의 벳/레이즈였던 것으로 보고 "
        "다시 액션합니다.\n"
        "__대국 종료와 승패__\n"
        "- **종료 (J14)** 동4국(또는 J13의 최종국)이 끝나고 마지막 포커 핸드가 끝나면 게임이 끝납니다.\n"
        "- **승패 (J14)** 소점 합계가 가장 높은 플레이어가 승자. 남은 공탁은 1위에게.\n"
        "- **순위점 (J2)** 마작의 순위점은 적용하지 않습니다.\n"
        "__주의사항__\n"
        "- **반칙과 시간 초과 (J15)** 봇은 합법적인 수만 제시하므로 반칙은 없습니다. 시간 안에 두지 않으면 "
        "체크 또는 폴드 + 츠모기리, 울기는 패스로 처리합니다(칩을 내는 액션은 하지 않음)."
    ),
    "rules.five": (
        "가족이 함께 즐기는 리치 마작 변형, 4인.\n"
        "**F1** 136장, 꽃패 없음. 적도라는 테이블 옵션.\n"
        "**F2** 모두 50점으로 시작. 도라, 깡도라, 리치 화료 시 뒷도라.\n"
        "**F3** 동가가 게임 내내 친. 장풍은 동→남→서→북. 친이 화료하거나 텐파이면 그 장을 이어갑니다.\n"
        "**F4** 네 몸통과 머리 하나, 역이 하나 이상: 멘젠, VIP 세트, 바깥·안쪽, 또이또이, 한 가지 수트(보너스 포함).\n"
        "**F5** 판 = 역 + 도라 + 깡마다 1 (+친은 본장). 기본 점수 5~160.\n"
        "**F6** 츠모: 다른 사람이 모두 기본 점수를 줍니다. 론: 버린 사람이 기본 점수의 3배를 줍니다.\n"
        "**F7** 유국: 노텐인 사람이 텐파이인 사람에게 5점씩 줍니다.\n"
        "**F8** 리치, 후리텐, 울기, 깡은 리치 마작과 같습니다.\n"
        "**F9** 자리는 무작위로 정하거나, 호스트가 참가한 순서대로 앉힐 수 있습니다. 결과는 \"+20 / −20\"처럼 "
        "점수로만 보여 주며, 아무도 돈을 내지 않습니다."
    ),
    "rules.riichi": (
        "M리그 룰 리치 마작, 4인.\n"
        "**R1** 136장, 적도라 3장, 왕패 14장.\n"
        "**R2** 25,000점 시작. 기본은 동남전(옵션으로 동풍전), 친이 화료하거나 텐파이면 연장. "
        "M리그 우마를 소점과 함께 표시.\n"
        "**R3** 쿠이탕, 후붙이 있음. 쿠이카에 금지.\n"
        "**R4** 론은 한 명만: 버린 사람 다음 순서의 첫 사람(머리치기).\n"
        "**R5** 도중 유국 없음. 깡은 한 국에 네 번까지.\n"
        "**R6** 절상 만관 있음. 헤아림 역만, 더블 역만, 인화, 유국만관 없음.\n"
        "**R7** 대삼원, 대사희, 사깡쯔의 책임지불(파오).\n"
        "**R8** 점수가 0 아래로 내려가도 계속합니다.\n"
        "**R9** 리치: 멘젠 텐파이, 공탁 1,000점, 마지막 패에서는 불가. 일발, 뒷도라, 깡도라 있음.\n"
        "**R10** 유국: 노텐 벌점 3,000점.\n"
        "**R11** 본장 300점. 남은 공탁은 1위에게.\n"
        "**R12** 후리텐: 영구, 동순, 리치 후. 창깡은 가깡에만."
    ),
    "rules.holdem": (
        "노리밋 텍사스 홀덤, 2~10명.\n"
        "**P1** 족보는 일반 포커 순위. 블라인드는 테이블마다 정합니다.\n"
        "**P2** 최소 벳은 빅 블라인드, 레이즈는 직전 레이즈 폭 이상. 모자란 올인은 베팅을 다시 열지 않습니다. "
        "사이드 팟은 낸 만큼, 콜 받지 못한 벳은 돌려줍니다.\n"
        "**P3** 더 액션할 사람이 한 명 이하면 남은 보드를 바로 깝니다.\n"
        "**P4** 모든 금액은 100 단위.\n"
        "**P5** 헤즈업에서는 버튼이 스몰 블라인드를 내고 프리플랍에 먼저 액션합니다."
    ),
    "help.title": "잔포 봇 간단 안내",
    "help.tour": (
        "**/테이블 새로** 로 이 채널에 테이블을 엽니다. 게임과 옵션을 고르고 **참가**를 누르세요. 호스트가 "
        "**시작**을 누르면 빈자리는 CPU가 채웁니다.\n"
        "손패는 DM으로 오며, 둘 수 있는 수마다 버튼이 있습니다. DM이 막혀 있으면 테이블 메시지의 **내 손패**를 누르세요.\n"
        "한 수마다 타이머가 있습니다(30초 + 60초 뱅크). 세 차례 연속으로 놓치면 **돌아왔어요**를 누를 때까지 CPU가 "
        "대신 둡니다."
    ),
    "help.howto.janpo": (
        "1. 네 명이 마작 손패와 홀덤 핸드를 동시에 쥡니다.\n"
        "2. 점수가 곧 칩: 각자 25,000점.\n"
        "3. 츠모 차례에 패를 버리고, 포커 액션이 자기에게 있으면 포커도 둡니다.\n"
        "4. 콜, 벳, 레이즈, 올인을 하면 반드시 츠모기리.\n"
        "5. 테다시를 하면 체크 또는 폴드.\n"
        "6. 첫 줄에서 포커 액션을 고르고, 그다음 버릴 패를 누르세요.\n"
        "7. 포커 차례가 아니면 타다 마작 타임: 마작만 둡니다.\n"
        "8. 치, 퐁, 깡을 한 차례에는 포커 액션이 없습니다.\n"
        "9. 마작 화료는 바로 정산하고, 포커 핸드는 계속됩니다.\n"
        "10. 동4국이 끝나면 점수가 가장 많은 사람이 이깁니다."
    ),
    "help.howto.five": (
        "1. 네 명, 각자 50점.\n"
        "2. 한 장 뽑고 한 장 버립니다.\n"
        "3. 몸통 넷과 머리 하나를 만드세요.\n"
        "4. 역이 하나 이상 있어야 합니다.\n"
        "5. 울지 않은 손(멘젠)은 그 자체로 역입니다.\n"
        "6. 한 장만 더 있으면 될 때 리치를 걸 수 있습니다.\n"
        "7. 자기가 뽑아서 나면 츠모, 남의 버림패로 나면 론.\n"
        "8. 판 수로 5~160의 기본 점수가 정해집니다.\n"
        "9. 동가가 계속 친이고, 장풍이 한 바퀴 돕니다.\n"
        "10. 북장이 끝나면 점수가 가장 높은 사람이 이깁니다."
    ),
    "help.howto.riichi": (
        "1. 네 명, 각자 25,000점.\n"
        "2. 한 장 뽑고 한 장 버립니다.\n"
        "3. 몸통 넷과 머리 하나(또는 치또이츠)를 만드세요.\n"
        "4. 화료에는 역이 하나 이상 필요합니다.\n"
        "5. 멘젠으로 텐파이하면 리치.\n"
        "6. 치, 퐁, 깡으로 남의 버림패를 가져옵니다.\n"
        "7. 자기 츠모로 나면 츠모, 버림패로 나면 론.\n"
        "8. 기다리는 패를 스스로 버렸다면 후리텐.\n"
        "9. 버튼에는 규칙상 가능한 수만 나옵니다.\n"
        "10. 마지막 국이 끝나면 점수와 우마로 순위를 정합니다."
    ),
    "help.howto.holdem": (
        "1. 2~10명, 각자 비공개 카드 두 장.\n"
        "2. 블라인드로 팟이 시작됩니다.\n"
        "3. 폴드, 체크, 콜, 벳, 레이즈.\n"
        "4. 벳과 레이즈는 금액을 입력합니다.\n"
        "5. 플랍에 세 장.\n"
        "6. 턴에 한 장.\n"
        "7. 리버에 한 장.\n"
        "8. 일곱 장 중 가장 좋은 다섯 장이 이깁니다.\n"
        "9. 올인한 사람은 자기가 낸 팟까지만 이길 수 있습니다.\n"
        "10. 한 사람이 모든 칩을 가질 때까지 합니다."
    ),
    # /help: every command, and the beginner's guide
    "help.commands_title": "명령어",
    "help.commands": (
        "**/테이블 새로** `게임:<…>` [옵션]: 이 채널에 테이블을 엽니다\n"
        "**/테이블 상태**: 이 채널의 테이블을 나에게만 보여 줍니다\n"
        "**/테이블 나가기**: 게임에서 나갑니다. 자리는 CPU가 이어받습니다\n"
        "**/테이블 중단**: 이 채널의 테이블을 멈춥니다 (호스트 또는 서버 관리 권한)\n"
        "**/테이블 검증** [`게임`]: 게임이 끝난 뒤 공개된 비밀값을 로비에서 보인 약속값과 대조합니다\n"
        "**/규칙** `게임:<…>`: 이 봇이 진행하는 게임의 규칙\n"
        "**/도움말** [`게임:<…>`]: 이 안내. 게임을 고르면 플레이 방법과 그림\n"
        "**/배우기** `게임:<…>`: CPU와 하는 안내된 첫 판, 단계마다 설명 (나에게만 보임)\n"
        "**/설정 나**: 나만의 설정 (자동 화료, 울지 않기, 자동 츠모기리, 패 메시지, 도우미), 나에게만\n"
        "**/설정 언어**: 이 서버의 공개 테이블 메시지 언어 (서버 관리 권한)\n"
        "**/리더보드** `게임:<…>` [`기간`]: 이 서버에서 게임별 레이팅 순위\n"
        "**/통계** [`사용자`] [`게임`]: 이 서버에서의 플레이어 기록과 레이팅 그래프\n"
        "**/기록** [`사용자`]: 최근에 끝난 게임과 그 번호\n"
        "**/리플레이** `게임:<번호>` [`국`]: 끝난 게임을 모든 패를 공개한 채 돌려 봅니다\n"
        "**/내보내기** `게임:<번호>` [`보기`]: 끝난 게임의 시나리오 파일, 텐호 로그(리치 마작), mjai 스트림(리치 마작·잔포·마작 파이브)"
    ),
    "help.legend_title": "테이블 그림 읽는 법",
    "help.legend": (
        "글자 배지는 이번 국의 각 자리 바람입니다(빨강: 친). **차례**와 금색 테두리: 마작 차례인 사람(츠모하고 버릴 "
        "차례). **액션**: 포커 액션이 그 사람에게 있음. 잔포에서는 그 사람의 다음 츠모까지 기다리므로 차례와 다른 "
        "자리일 수 있습니다. **팟**: 가운데 있는 모든 칩, 이번 라운드 베팅 포함. **마작만**(잔포): 0점 이하로 포커 "
        "핸드를 시작해(J12) 남은 게임 동안 포커에서 빠짐. 마작은 계속하고 점수가 다시 늘 수도 있습니다. "
        "**파산**(홀덤): 칩이 없어 게임에서 탈락. 이름 옆의 봉: 리치. 어둡게 칠한 버림패는 누가 울어 간 패, 테두리가 "
        "있는 패는 가장 최근 버림패. 모든 표시는 그림과 함께 PLAYING.md의 \"Table legend\"에 있습니다."
    ),
    "help.learn": (
        "**마작이나 포커가 처음인가요?** 봇과 함께 제공되는 입문 안내서 `{guide}`에 패와 몸통, 모든 역과 그림, "
        "포커 족보, 그리고 봇이 쓰는 모든 용어 풀이(1향청, 츠모기리, 타다 마작, 후리텐, 사이드 팟…)가 있습니다. "
        "**/도움말** `게임:<…>`은 한 게임을 테이블 그림과 함께 보여 줍니다."
    ),
    # /export: mjai 이벤트 스트림과 내 자리에서 본 게임
    "opt.view": "보기",
    "opt.view.desc": "게임 전체(기본) 또는 내 자리에서 본 것만",
    "export.view.all": "게임 전체",
    "export.view.mine": "내 자리",
    "export.mjai": ".mjson 파일은 Mortal 기반 복기 도구가 읽는 mjai 이벤트 스트림입니다(사용법: docs/PLAYING.md).",
    "export.mjai_janpo": "마작 부분만 들어 있습니다. 포커 핸드는 없고, 포커로 오간 점수는 다음 국의 시작 점수에 나타납니다.",
    "export.mine": "게임 #{game_id} ({game}), {player}의 자리 {seat}(0-3): 내 손패와 츠모, 다른 손패는 `?`로 가려져 "
                   "한 자리를 분석하는 복기 도구용입니다.",
    "export.not_seated": "게임 #{game_id}에 참가하지 않았으므로 내보낼 내 자리가 없습니다.",
    "export.no_seat_view": "게임 #{game_id}은(는) 홀덤이라 내보낼 마작 자리 보기가 없습니다.",
    "export.broken": "게임 #{game_id}은(는) 더 이상 재생되지 않아 시나리오 파일만 첨부합니다.",
    # 공정한 셔플(D69): 로비의 약속값, 끝난 뒤의 비밀값, /table verify, /help
    "fair.committed": "약속값: `{commitment}`. 이 로비가 열릴 때 봇이 뽑은 비밀값의 SHA-256입니다. 시작할 때 시드는 "
    "이 비밀값과 참가·시작 클릭의 디스코드 ID로 만들어집니다. 비밀값은 게임이 끝나면 공개되고 `/table verify`로 "
    "확인할 수 있습니다.",
    "fair.secret_revealed": "비밀값: `{secret}`. 이 값의 SHA-256이 로비가 열릴 때 보인 약속값 `{commitment}`입니다. "
    "시드 `{seed}`는 이 비밀값과 참가·시작 ID {ids}개에서 나옵니다. `/table verify`로 모두 확인할 수 있습니다.",
    "verify.fair_running": "이 게임은 아직 진행 중입니다. 약속값은 `{commitment}`이며, 그 비밀값은 게임이 끝나면 "
    "공개되고 그때 `/table verify`로 확인할 수 있습니다.",
    "verify.fair_ok": "게임 #{game_id} 검증 완료. 확인한 것: (1) 공개된 비밀값 `{secret}`의 SHA-256이 로비가 열릴 때 "
    "저장된 약속값 `{commitment}`와 같습니다. (2) 시드 `{seed}`는 그 비밀값, 게임, 옵션, 규칙 버전 {version}, "
    "참가·시작 클릭의 디스코드 ID {ids}개에서 나온 값입니다. (3) {moves}수가 모두 그 시드의 패산과 덱에서 그대로 "
    "재생되어 발표된 최종 점수가 됩니다. `/export game:{game_id}`로 받은 파일은 `python -m engine.verify`로 "
    "오프라인에서 확인할 수 있습니다.",
    "verify.fair_failed": "게임 #{game_id}은(는) 검증되지 않았습니다: {reason}. (로비가 열릴 때 저장된 약속값 "
    "`{commitment}`와 대조했습니다.) 이 테이블을 신고해 주세요.",
    "verify.no_game": "이 서버에는 끝난 게임 #{game_id}이(가) 없습니다.",
    "opt.verify_game.desc": "/기록에 나오는 게임 번호 (기본: 이 채널의 마지막 게임)",
    "export.verify": ".json 파일은 게임의 검증 파일이기도 합니다. `python -m engine.verify game.json`으로 셔플을 "
    "확인할 수 있습니다(docs/PLAYING.md, \"Fair shuffle\").",
    "help.fair_title": "누구도 조작할 수 없는 셔플",
    "help.fair": (
        "로비가 열리면 봇은 비밀값을 뽑고 그 SHA-256(*약속값*)만 보여 줍니다. 시작할 때 시드(모든 패산과 덱, 자리 "
        "배치)는 이 비밀값과 플레이어들의 참가 클릭, 시작 클릭의 디스코드 ID(호스트의 `/table new`는 호스트의 참가로 "
        "칩니다), 게임, 옵션, 규칙 버전으로 만들어집니다. 이 ID들은 약속값이 보인 뒤에 디스코드가 만들므로 봇은 "
        "원하는 배패에 맞는 비밀값을 고를 수 없고, 플레이어는 비밀값을 모르므로 노릴 수도 없습니다. 게임이 끝나면 "
        "비밀값이 공개됩니다. **/테이블 검증** [`게임:<번호>`]는 비밀값의 해시가 약속값과 같은지, 시드가 그대로 "
        "나오는지, 모든 수가 그 시드에서 최종 점수까지 재생되는지 확인합니다. `/export`는 같은 확인을 "
        "`python -m engine.verify`용 파일로 줍니다."
    ),
    # /배우기: CPU와 하는 안내된 첫 판
    "cmd.learn": "배우기",
    "cmd.learn.desc": "CPU와 하는 안내된 첫 판, 단계마다 설명합니다 (나에게만 보임)",
    "opt.learn_game.desc": "배울 게임",
    "learn.title": "{game}: 첫 판",
    "learn.end_title": "{game}: 판이 끝났습니다",
    "learn.hand_title": "내 손패",
    "learn.you": "나",
    "learn.cpu": "CPU {seat}",
    "learn.hint": "도우미: **{tile}**을(를) 버리면 화료에 가장 가깝습니다.",
    "learn.turn": "내 차례입니다. 아래 버튼을 누르세요.",
    "learn.claim": "{name}이(가) {tile}을(를) 버렸습니다. 가져올까요, 패스할까요?",
    "learn.bet_min": "벳 {amount}",
    "learn.raise_min": "{amount}까지 레이즈",
    "learn.end_win": "{winner} 화료 ({how}).",
    "learn.end_pot": "팟은 {winner}에게 갔습니다.",
    "learn.end_draw": "이번 판은 아무도 화료하지 못했습니다.",
    "learn.end_points": "이번 판의 내 점수: {delta}.",
    "learn.more": "다음: **/도움말**에 모든 명령어와 테이블 그림 읽는 법이 있고, 입문 안내서(docs/LEARN.ko.md)에 "
                  "모든 역과 족보가 그림과 함께 있습니다. **/배우기**로 이 판을 다시 할 수 있습니다.",
    "learn.footer": "연습, 기록에 남지 않음 · 둔 수: {no}",
    "learn.ended": "이 연습은 끝났습니다. /배우기로 다시 시작하세요.",
    "learn.not_yours": "다른 사람의 연습입니다. /배우기로 직접 시작하세요.",
    "learn.stale": "이전 단계의 버튼입니다. 가장 새 버튼을 누르세요.",
    "learn.poker_hint": "도우미: 무작위 핸드 하나를 상대로 내 카드가 이길 확률은 약 {equity}%입니다. 콜에 {to_call}이(가) "
                        "들고 팟은 {pot}입니다.",
    "learn.poker_hint_free": "도우미: 무작위 핸드 하나를 상대로 내 카드가 이길 확률은 약 {equity}%입니다. 낼 것이 없으니 "
                             "체크는 공짜입니다.",
    "learn.busy": "방금 둔 수를 처리하고 있습니다. 곧 다음 단계로 넘어갑니다.",
    # /settings me: a player's own switches and assist
    "cmd.settings.me": "나",
    "cmd.settings.me.desc": "나만의 설정: 자동 화료, 울지 않기, 자동 츠모기리, 패 메시지, 도우미",
    "settings.me.title": "**내 설정** (나에게만 보입니다. 모든 테이블과 서버에 적용됩니다)",
    "settings.me.footer": "버튼을 눌러 바꾸세요. 다음 차례부터 적용됩니다.",
    "settings.me.auto_win": "자동 화료",
    "settings.me.no_calls": "울지 않기",
    "settings.me.auto_tsumogiri": "자동 츠모기리",
    "settings.me.hand_style": "패 메시지",
    "settings.me.assist": "도우미",
    "settings.me.auto_win_help": "론이나 츠모를 바로 선언합니다 (마지막 국과, 폴드가 따르는 잔포 츠모는 물어봅니다)",
    "settings.me.no_calls_help": "치·퐁·명깡 제안은 모두 패스합니다. 론은 항상 물어봅니다",
    "settings.me.auto_tsumogiri_help": "달라질 것이 없을 때 뽑은 패를 버립니다. 포커 액션은 절대 고르지 않습니다",
    "settings.me.hand_style_help": "매 차례 새 패 메시지가 지난 것을 대신하거나(알림은 그대로), 모든 차례의 패를 남깁니다",
    "settings.me.assist_help": "화료에 가장 가까운 버림패와 노릴 만한 역을 표시합니다. 레이팅 게임에 기록됩니다",
    "settings.me.on": "켬",
    "settings.me.off": "끔",
    "settings.me.assist_table": "테이블 기본값",
    "settings.me.style_edit": "바꿔 보내기",
    "settings.me.style_new": "모두 남기기",
    "hand.auto_played": "설정이 대신 두었습니다: {move}",
    "hand.switches_on": "켜진 설정: {switches} (/설정 나)",
    "assist.near": "도우미: {names}에 가깝습니다",
    "assist.poker": "도우미: {hand}, 무작위 패 하나를 상대로 {equity}% 이깁니다",
    "assist.call": "도우미: 콜에 {to_call}, 팟 {pot}. 이득이 되려면 {odds}%가 필요합니다",
    "stats.assist": "도우미",
    "stats.assist_value": "도우미를 켜고 한 게임 {games}판",
    "assist.class.royal_flush": "로열 플러시",
    "assist.class.straight_flush": "스트레이트 플러시",
    "assist.class.four_kind": "포카드",
    "assist.class.full_house": "풀하우스",
    "assist.class.flush": "플러시",
    "assist.class.straight": "스트레이트",
    "assist.class.three_kind": "트리플",
    "assist.class.two_pair": "투페어",
    "assist.class.pair": "원페어",
    "assist.class.high_card": "하이카드",
    # the hard CPU level
    "level.hard": "어려움",
}
