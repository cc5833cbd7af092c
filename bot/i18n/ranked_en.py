"""English strings of ranked play: /queue, /settings ranked, Ready prompts, ranks and the ladder."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cmd.queue": "queue",
    "cmd.queue.desc": "Ranked play: wait for a table with players of your rank",
    "cmd.queue.join": "join",
    "cmd.queue.join.desc": "Wait in this server's ranked queue of a game",
    "cmd.queue.leave": "leave",
    "cmd.queue.leave.desc": "Stop waiting in the ranked queue",
    "cmd.queue.status": "status",
    "cmd.queue.status.desc": "Who waits for each game, your wait so far, and the usual wait",
    "cmd.settings.ranked": "ranked",
    "cmd.settings.ranked.desc": "Where ranked tables open (a thread each), and CPUs for small servers",
    "opt.channel": "channel",
    "opt.channel.desc": "The channel whose threads hold ranked tables (leave out to turn ranked play off)",
    "opt.cpu_fill": "cpu_fill",
    "opt.cpu_fill.desc": "Minutes of waiting after which CPUs fill a table (unranked); 0 or left out: never",
    "opt.order": "order",
    "opt.order.desc": "Order by the hidden rating (default) or by dan rank",
    "order.rating": "rating",
    "order.rank": "dan rank",
    "rank.kyu": "{n} kyu",
    "rank.dan": "{n} dan",
    "rank.badge.kyu": "{n}k",
    "rank.badge.dan": "{n}d",
    "queue.off": "Ranked play is off on this server. Someone with Manage Server can turn it on with "
                 "`/settings ranked channel:#a-channel`: each match then opens its table in a thread of it.",
    "queue.joined": "You are in the ranked {game} queue ({rank}). Players waiting for it: {count}. "
                    "When a table is found you get a Ready button by DM: press it within 30 seconds.",
    "queue.already": "You already wait in the {game} queue (for {wait}). Use `/queue leave` first to change game.",
    "queue.already_matched": "Your {game} match is waiting for everyone's Ready: look for the Ready button.",
    "queue.seated": "You are seated at a table in play on this server: finish it before you join the queue.",
    "queue.left": "You left the {game} queue.",
    "queue.not_in": "You are not in a ranked queue.",
    "queue.status.title": "**Ranked queues on this server**",
    "queue.status.line": "{game}: {count} waiting",
    "queue.status.you": "You wait for {game}: {wait} so far.",
    "queue.status.you_not": "You are not in a queue.",
    "queue.status.median": "Median wait of the last hour's matches: {wait}.",
    "queue.status.no_median": "No match in the last hour.",
    "queue.ready.prompt": "Your ranked {game} table is found: {players}. Press **Ready** within {seconds} seconds, "
                          "or you leave the queue. Fair shuffle commitment (SHA-256): `{commitment}`",
    "queue.ready.prompt_cpu": "A {game} table is found: {players}, with {cpus} CPU players after a long wait. This "
                              "game is played but **not ranked**. Press **Ready** within {seconds} seconds. Fair "
                              "shuffle commitment (SHA-256): `{commitment}`",
    "queue.ready.in_channel": "{mention} your DMs are closed, so here is your Ready button.",
    "queue.ready.button": "Ready",
    "queue.ready.done": "Ready. Waiting for the others…",
    "queue.ready.again": "You are already marked ready.",
    "queue.ready.late": "This match is no longer waiting for Ready.",
    "queue.ready.not_yours": "This Ready button is for another player.",
    "queue.ready.opening": "Everyone is ready: your table is opening.",
    "queue.timeout.dropped": "You did not press Ready in time, so you left the ranked queue.",
    "queue.timeout.kept": "Not everyone pressed Ready. You keep your place at the front of the {game} queue.",
    "queue.undone": "Discord would not open the table's thread, so the match is undone: you are back at the front "
                    "of the {game} queue.",
    "queue.opened": "Ranked {game}: {mentions}. Good luck!",
    "queue.opened_cpu": "{game} (not ranked: CPUs filled this table): {mentions}. Have fun!",
    "queue.thread_name": "{game} · {names}",
    "ranked.line": "{name} {before} {points_before} → {after} {points_after} / {target}{note}",
    "ranked.line_same": "{name} {rank} {points_before} → {points_after} / {target}{note}",
    "ranked.promoted": ", promoted",
    "ranked.demoted": ", demoted",
    "ranked.unranked": "Not ranked: CPUs filled this table.",
    "ranked.stats": "Rank: **{rank}**, {points} / {target} points ({to_next} to the next rank), {games} ranked games.",
    "ranked.field": "Dan rank",
    "ranked.stats_none": "No ranked game of this mode yet (everyone starts at 10 kyu).",
    "ranked.history": "Last ranked games: {items}",
    "ranked.board.title": "**Dan ladder · {game}**",
    "ranked.board.line": "{place}. {name}: {rank} ({points} / {target}), {games} games",
    "ranked.board.empty": "Nobody has played a ranked {game} game on this server yet.",
    "help.ranked_title": "Ranked play",
    "help.ranked": (
        "**/queue join** game — wait in the server's ranked queue; press **Ready** in your DM when a table "
        "is found, and it opens in a thread of the ranked channel\n"
        "**/queue leave** — stop waiting · **/queue status** — who waits, your wait, the usual wait\n"
        "**/leaderboard** game order:dan rank — the server's dan ladder (10 kyu … 10 dan) · **/stats** shows your rank\n"
        "**/settings ranked** channel cpu_fill — where ranked tables open; CPUs after a long wait (Manage Server)"
    ),
    "settings.ranked_on": "Ranked tables now open in threads of {channel}.",
    "settings.ranked_fill": "After {minutes} minutes of waiting, CPUs fill a table (such games are not ranked).",
    "settings.ranked_off": "Ranked play is off on this server.",
}
