"""English: the reference catalog (every key is defined here first) and the glossary."""

from __future__ import annotations

GLOSSARY: dict[str, str] = {
    "riichi": "riichi",
    "tsumogiri": "tsumogiri",
    "tedashi": "tedashi",
    "tada_jan": "tada-jan time",
    "tsumo": "tsumo",
    "ron": "ron",
    "chi": "chi",
    "pon": "pon",
    "kan": "kan",
    "dora": "dora",
    "ura_dora": "ura dora",
    "honba": "honba",
    "furiten": "furiten",
    "tenpai": "tenpai",
    "dealer": "dealer",
    "fold": "fold",
    "check": "check",
    "call": "call",
    "bet": "bet",
    "raise": "raise",
    "allin": "all-in",
    "blinds": "blinds",
    "button": "button",
    "Riichi": "Riichi",
    "Tsumo": "Menzen Tsumo",
    "Ippatsu": "Ippatsu",
    "Tanyao": "Tanyao",
    "Pinfu": "Pinfu",
    "Iipeiko": "Iipeikou",
    "Yakuhai": "Yakuhai",
    "Chiitoitsu": "Chiitoitsu",
    "Toitoi": "Toitoi",
    "Honitsu": "Honitsu",
    "Chinitsu": "Chinitsu",
    "Dora": "Dora",
}

MESSAGES: dict[str, str] = {
    # commands
    "cmd.table": "table",
    "cmd.table.desc": "Start, join and manage the game table in this channel",
    "cmd.table.new": "new",
    "cmd.table.new.desc": "Open a table in this channel and invite players",
    "cmd.table.status": "status",
    "cmd.table.status.desc": "Show this channel's table (privately)",
    "cmd.table.leave": "leave",
    "cmd.table.leave.desc": "Leave the table; a CPU player takes your seat",
    "cmd.table.abort": "abort",
    "cmd.table.abort.desc": "Stop this channel's table (host or Manage Server)",
    "cmd.table.verify": "verify",
    "cmd.table.verify.desc": "Check a finished game's shuffle against the commitment its lobby showed",
    "cmd.rules": "rules",
    "cmd.rules.desc": "The rules of a game, as this bot plays them",
    "cmd.help": "help",
    "cmd.help.desc": "A short tour of the bot and how to play",
    "cmd.settings": "settings",
    "cmd.settings.desc": "Server settings for game tables",
    "cmd.settings.language": "language",
    "cmd.settings.language.desc": "The language of public table messages on this server",
    # options
    "opt.game": "game",
    "opt.game.desc": "Which game to play",
    "opt.help_game.desc": "One game: how to play it, with a picture",
    "opt.rules_game.desc": "Which game's rules to show",
    "opt.red_fives": "red_fives",
    "opt.red_fives.desc": "Play with red fives (one per suit)",
    "opt.seven_pairs": "seven_pairs",
    "opt.seven_pairs.desc": "Mahjong Five: allow seven pairs and thirteen orphans",
    "opt.length": "length",
    "opt.length.desc": "East round only, or East and South rounds",
    "opt.small_blind": "small_blind",
    "opt.small_blind.desc": "Hold'em: the small blind (multiple of 100; half the big blind if left out)",
    "opt.big_blind": "big_blind",
    "opt.big_blind.desc": "Hold'em: the big blind (multiple of 100)",
    "opt.stack": "stack",
    "opt.stack.desc": "Hold'em: everyone's starting chips",
    "opt.timer_name": "timer",
    "opt.timer.desc": "Seconds per move (plus a 60-second time bank)",
    "opt.cpu": "cpu",
    "opt.cpu.desc": "How strong the CPU players are",
    "opt.language": "language",
    "opt.language.desc": "The language for public table messages",
    # choices
    "game.janpo": "Janpo",
    "game.five": "Mahjong Five",
    "game.riichi": "Riichi mahjong",
    "game.holdem": "Texas Hold'em",
    "length.east": "East round only",
    "length.south": "East and South rounds",
    "level.easy": "easy",
    "level.normal": "normal",
    "lang.auto": "Server default (Discord locale)",
    "lang.en": "English",
    "lang.ko": "Korean (한국어)",
    # lobby
    "lobby.title": "{game}: a new table",
    "lobby.seats": "Seats ({taken}/{capacity})",
    "lobby.no_seats": "(no one yet)",
    "lobby.rules": "Rules",
    "lobby.hint": "Press Join to take a seat. The host presses Start; CPU players fill the empty seats.",
    "lobby.already": "You already have a seat at this table.",
    "lobby.full": "This table is full.",
    "lobby.host_stays": "The host cannot leave the lobby; press Cancel to close the table.",
    "lobby.cancelled": "The table was cancelled.",
    "lobby.use_buttons": "The game has not started yet: use the Join and Leave buttons on the table message.",
    "opt.seating": "seating",
    "opt.seating.desc": "Seats drawn at random at the start, or in join order (the first to join is East)",
    "opt.assist": "assist",
    "opt.assist.desc": "Mark the discards closest to a win on every hand (default: on at Mahjong Five and easy tables)",
    "seating.random": "Random seats",
    "seating.join": "Join order: the first to join is East",
    "opt.seating_random": "Seats: drawn at random when the game starts",
    "opt.seating_join": "Seats: in join order; the first to join is East",
    "opt.seating_join_five": "Seats: in join order; the first to join is East and deals the whole game",
    "opt.timer": "Turn timer: {seconds} s plus a 60 s time bank",
    "opt.red_fives_on": "Red fives: on",
    "opt.red_fives_off": "Red fives: off",
    "opt.seven_pairs_on": "Seven pairs and thirteen orphans: on",
    "opt.length_south": "Length: East and South rounds",
    "opt.blinds": "Blinds {small}/{big}, stacks {stack}",
    "btn.join": "Join",
    "btn.leave": "Leave",
    "btn.add_cpu": "Add CPU",
    "btn.start": "Start",
    "btn.cancel": "Cancel",
    "btn.my_hand": "My hand",
    "btn.back": "I'm back",
    "seat.cpu": "{name} (CPU, {level})",
    "seat.afk": "{name} (away: CPU plays)",
    # the table message
    "table.title": "{game} · table {table}",
    "table.waiting": "Waiting for {players}.",
    "table.waiting_until": "Waiting for {players}: time runs out {deadline}.",
    "table.calls": "Waiting for calls on the discard.",
    "table.calls_until": "Waiting for calls on the discard: time runs out {deadline}.",
    "table.points": "Points",
    "table.points_line": "{seat}. {name}: {points}",
    "table.footer": "Moves so far: {moves}",
    "table.dm_closed": "{mention}, I cannot send you direct messages. Press **My hand** on the table message "
    "to see your hand and make your moves.",
    "table.afk": "{mention} missed three turns in a row, so a CPU plays for them until they press **I'm back**.",
    "table.left": "You left the table; a CPU player has taken your seat.",
    "table.aborted": "Table {table} was stopped. Nothing more will be played.",
    "fair.title": "Fair deal",
    "fair.digest": "SHA-256 of this game's seed: `{digest}`. The seed is shown when the game ends; "
    "`/table verify` checks it.",
    "fair.revealed": "Seed: `{seed}` (SHA-256 `{digest}`, as shown at the start).",
    "result.kyoku": "Result of {kyoku}",
    "result.title_honba": "{round} · {honba} honba",
    "result.limit_value": "{limit} · {points}",
    "limit.mangan": "Mangan",
    "limit.haneman": "Haneman",
    "limit.baiman": "Baiman",
    "limit.sanbaiman": "Sanbaiman",
    "limit.yakuman": "Yakuman",
    "five.closed_hand": "Closed Hand",
    "five.closed_riichi": "Riichi",
    "five.closed_all_sequences": "All Sequences",
    "five.closed_twin_sequences": "Twin Sequences",
    "five.vip_set": "VIP Set",
    "five.vip_all_dragons": "All Three Dragons",
    "five.vip_all_winds": "All Four Winds",
    "five.outside": "Outside",
    "five.inside": "Inside",
    "five.all_triplets": "All Triplets",
    "five.all_triplets_closed": "All Triplets, Closed",
    "five.one_suit": "One Numbered Suit",
    "five.one_suit_straight": "Straight 123 456 789",
    "five.one_suit_no_honors": "No Honors",
    "five.thirteen_orphans": "Thirteen Orphans",
    "five.dora": "Dora",
    "five.red_five": "Red Five",
    "five.ura_dora": "Ura Dora",
    "five.kan_bonus": "Kan Bonus",
    "five.dealer_bonus": "Dealer Bonus",
    "result.showdown": "Showdown, hand {hand}",
    "end.title": "The game is over.",
    "end.standings": "Final standings",
    "end.line": "{rank}. {name}: {points}",
    "end.line_mleague": "{rank}. {name}: {points} (M.League {mleague})",
    "verify.ok": "Seed `{seed}` has SHA-256 `{digest}`, the value shown at the start. Replaying all {moves} moves "
    "from this seed deals the same walls and decks and gives the same result.",
    "verify.mismatch": "Replaying seed `{seed}` (SHA-256 `{digest}`, {moves} moves) did NOT give the same result. "
    "Please report this table.",
    "verify.running": "This game is still running. Its seed's SHA-256 is `{digest}`; the seed is shown at the end.",
    # private hand
    "hand.turn": "{game} · table {table} · seat {seat}: your move.",
    "hand.claim": "{game} · table {table} · seat {seat}: you may call this discard.",
    "hand.waiting": "{game} · table {table} · seat {seat}: not your move now. Your next turn comes by direct message.",
    "hand.deadline": "Time runs out {deadline}; then the default move is made for you.",
    "hand.part_check": "Poker action with your discard: **check**. Pick another action in the first row.",
    "hand.part_fold": "Poker action with your discard: **fold**. Pick another action in the first row.",
    "hand.part_call": "Poker action: **call**, so the mahjong part is tsumogiri.",
    "hand.part_bet": "Poker action: **bet**, so the mahjong part is tsumogiri; you enter the amount next.",
    "hand.part_raise": "Poker action: **raise**, so the mahjong part is tsumogiri; you enter the amount next.",
    "hand.part_allin": "Poker action: **all-in**, so the mahjong part is tsumogiri.",
    "hand.played": "Played: `{move}`",
    "played.discard": "Played: discard {tile}.",
    "played.tsumogiri": "Played: tsumogiri.",
    "played.riichi": "Played: riichi, discarding {tile}.",
    "played.riichi_tsumogiri": "Played: riichi with tsumogiri.",
    "played.tsumo": "Played: tsumo.",
    "played.ron": "Played: ron.",
    "played.chi": "Played: chi with {tile}.",
    "played.pon": "Played: pon.",
    "played.kan": "Played: kan.",
    "played.ankan": "Played: closed kan of {tile}.",
    "played.kakan": "Played: added kan of {tile}.",
    "played.pass": "Played: pass.",
    "played.fold": "Played: fold.",
    "played.check": "Played: check.",
    "played.call": "Played: call.",
    "played.bet": "Played: bet {amount}.",
    "played.raise": "Played: raise to {amount}.",
    "played.allin": "Played: all-in.",
    "played.discard_check": "Played: discard {tile} + check.",
    "played.discard_fold": "Played: discard {tile} + fold.",
    "played.riichi_check": "Played: riichi, discarding {tile} + check.",
    "played.riichi_fold": "Played: riichi, discarding {tile} + fold.",
    "played.tsumo_check": "Played: tsumo + check.",
    "played.tsumo_fold": "Played: tsumo + fold.",
    "played.tsumogiri_check": "Played: tsumogiri + check.",
    "played.tsumogiri_fold": "Played: tsumogiri + fold.",
    "played.tsumogiri_call": "Played: tsumogiri + call.",
    "played.tsumogiri_bet": "Played: tsumogiri + bet {amount}.",
    "played.tsumogiri_raise": "Played: tsumogiri + raise to {amount}.",
    "played.tsumogiri_allin": "Played: tsumogiri + all-in.",
    "played.riichi_tsumogiri_check": "Played: riichi with tsumogiri + check.",
    "played.riichi_tsumogiri_fold": "Played: riichi with tsumogiri + fold.",
    "played.riichi_tsumogiri_call": "Played: riichi with tsumogiri + call.",
    "played.riichi_tsumogiri_bet": "Played: riichi with tsumogiri + bet {amount}.",
    "played.riichi_tsumogiri_raise": "Played: riichi with tsumogiri + raise to {amount}.",
    "played.riichi_tsumogiri_allin": "Played: riichi with tsumogiri + all-in.",
    "hand.claim_kan": "{game} · table {table} · seat {seat}: {name} added {tile} to a kan; you may rob it with ron.",
    "hand.claim_discard": "{game} · table {table} · seat {seat}: {name} discarded {tile}; you may call it.",
    "hand.poker_janpo": "To call: {to_call} · pot: {pot} · your points behind: {behind}",
    "hand.poker_holdem": "To call: {to_call} · pot: {pot} · your chips behind: {behind}",
    "hand.poker_janpo_free": "Nothing to call · pot: {pot} · your points behind: {behind}",
    "hand.poker_holdem_free": "Nothing to call · pot: {pot} · your chips behind: {behind}",
    "hand.tada_jan": "Tada-jan time: mahjong only this turn.",
    "hand.playout": "The kyoku is over: the last poker hand is played out.",
    "move.call_amount": "Call {amount}",
    "modal.title_bet": "Bet: your total bet this street",
    "modal.title_raise": "Raise to: your total bet this street",
    "modal.range": "Total this street, {low} to {high}",
    "move.discard": "{tile}",
    "move.tsumogiri": GLOSSARY["tsumogiri"].capitalize(),
    "move.riichi": "Riichi {tile}",
    "move.riichi_tsumogiri": "Riichi (tsumogiri)",
    "move.riichi_mode": "Riichi…",
    "move.riichi_back": "Back",
    "move.tsumo": GLOSSARY["tsumo"].capitalize(),
    "move.ron": GLOSSARY["ron"].capitalize(),
    "move.chi": "Chi {tile}",
    "move.pon": GLOSSARY["pon"].capitalize(),
    "move.kan": GLOSSARY["kan"].capitalize(),
    "move.ankan": "Kan {tile}",
    "move.kakan": "Added kan {tile}",
    "move.pass": "Pass",
    "move.fold": GLOSSARY["fold"].capitalize(),
    "move.check": GLOSSARY["check"].capitalize(),
    "move.call": GLOSSARY["call"].capitalize(),
    "move.bet": "Bet…",
    "move.raise": "Raise…",
    "move.allin": GLOSSARY["allin"].capitalize(),
    "move.other": "{verb}",
    "modal.title": "How much?",
    "modal.label": "A multiple of 100",
    # answers and errors
    "afk.back": "Welcome back: you play your own moves again.",
    "afk.not_away": "You are not marked as away.",
    "err.amount_elsewhere": "Choose the amount with **My hand** on the table message; nothing was changed.",
    "err.stale": "That button belongs to an earlier move; nothing was changed.",
    "err.double": "You already made that move.",
    "err.not_seated": "You are not seated at this table.",
    "err.not_your_turn": "It is not your move.",
    "err.game_over": "This game is over.",
    "err.not_allowed": "That move is not allowed now; nothing was changed.",
    "err.bad_amount": "Enter a multiple of 100 from {low} to {high}.",
    "err.host_only": "Only the host (or someone with Manage Server) can do that.",
    "err.no_permission": "You do not have permission to use this command.",
    "err.no_table": "There is no table in this channel. Start one with /table new.",
    "err.table_exists": "This channel already has a table. Finish it, or use a thread for another one.",
    "err.guild_only": "Tables are played in server channels and threads.",
    "err.generic": "Something went wrong; nothing was changed. Please try again.",
    # ---- tables that keep their promises: limits, checked options, closed channels ----
    "err.bad_options": "These options cannot make a game: {reason}. Nothing was opened.",
    "err.cannot_start": "This table cannot be dealt ({reason}), so it was closed. Open a new one with /table new.",
    "err.lobby_open": "You already have an open lobby in this server. Start or cancel it first.",
    "err.guild_full": "This server already has {count} tables open, the most it may have. Try again when one ends.",
    "lobby.expired": "Nobody started this table within 15 minutes, so it was closed.",
    "settings.language_set": "Public table messages on this server are now in {language}.",
    "settings.language_auto": "Public table messages follow the server's Discord language ({language}).",
    # rules and help
    "rules.title": "{game}: the rules",
    "rules.janpo": (
        "Mahjong and Texas Hold'em at once, four players.\n"
        "**J1** Points are both your mahjong score and your poker chips: everyone starts with 25,000.\n"
        "**J2** Mahjong: M.League riichi rules, East round only (E1–E4), no dealer repeats.\n"
        "**J3** Poker: no-limit hold'em, blinds fixed at 200/500, no ante.\n"
        "**J4** The mahjong dealer sits at CO, then BTN, SB, BB; poker is played in mahjong turn order.\n"
        "**J5** Each new poker hand in the same kyoku moves the button one seat on.\n"
        "**J6** The first hand is dealt right after the dealer's first draw; the next one at once when a hand ends.\n"
        "**J7** On your draw turn, when poker action is on you: a chip action (call, bet, raise, all-in) goes "
        "with tsumogiri; a tedashi goes with check or fold; a tsumo win goes with check or fold. Otherwise it is "
        "tada-jan time: mahjong only.\n"
        "**J8** A call (chi, pon, kan) takes no poker action; a ron has no poker effect.\n"
        "**J9** When the kyoku ends, mahjong is paid at once; the poker hand in play is the kyoku's last.\n"
        "**J10** Paid down to 0 or less while in a hand: you are all-in with what you already put in.\n"
        "**J11** An all-in player who wins points at mahjong is live again.\n"
        "**J12** At 0 points or less when a hand starts, you play mahjong only from then on.\n"
        "**J13** When three players are at 0 or less, the current kyoku is the last.\n"
        "**J14** The game ends after E4 and its last poker hand. Most points wins.\n"
        "**J15** Out of time: check or fold with tsumogiri, and pass on calls."
    ),
    "rules.five": (
        "A friendly riichi variant for families, four players.\n"
        "**F1** 136 tiles, no flowers; red fives are a table option.\n"
        "**F2** Everyone starts with 50 points; dora, kan dora, ura dora for riichi.\n"
        "**F3** East stays dealer all game; the round wind moves E→S→W→N; the dealer keeps the round on a win "
        "or tenpai.\n"
        "**F4** Four sets and a pair, at least one yaku: Closed Hand, VIP Sets, Outside or Inside, "
        "All Triplets, One Numbered Suit (with their bonuses).\n"
        "**F5** Han = yaku + dora + 1 per kan (+ honba for the dealer). Base score 5 to 160.\n"
        "**F6** Tsumo: everyone else gives the base score. Ron: the discarder gives three times the base.\n"
        "**F7** Exhaustive draw: each noten player gives 5 to each tenpai player.\n"
        "**F8** Riichi, furiten, calls and kans as in riichi mahjong.\n"
        "**F9** Seats are drawn at random, or the host seats everyone in the order they joined. Results are "
        "scores only, like \"+20 / −20\": nobody pays anybody."
    ),
    "rules.riichi": (
        "M.League riichi mahjong, four players.\n"
        "**R1** 136 tiles with three red fives; 14-tile dead wall.\n"
        "**R2** Start 25,000; East+South by default (East only as an option); the dealer repeats on a win or "
        "tenpai; M.League uma shown beside raw points.\n"
        "**R3** Open tanyao and atozuke allowed; kuikae forbidden.\n"
        "**R4** One ron winner: the first in turn order after the discarder (head bump).\n"
        "**R5** No abortive draws; at most four kans.\n"
        "**R6** Kiriage mangan; no kazoe yakuman; no double yakuman; no renhou; no nagashi mangan.\n"
        "**R7** Pao for daisangen, daisuushii and suukantsu.\n"
        "**R8** Points may go below zero; play goes on.\n"
        "**R9** Riichi: closed tenpai, 1,000 deposit, not on the last tile; ippatsu, ura and kan dora.\n"
        "**R10** Exhaustive draw: 3,000 noten penalty.\n"
        "**R11** Honba 300; leftover deposits go to first place.\n"
        "**R12** Furiten: permanent, temporary and riichi; chankan on added kans only."
    ),
    "rules.holdem": (
        "No-limit Texas Hold'em, 2 to 10 players.\n"
        "**P1** Hand strength by the usual poker ranking; blinds set per table.\n"
        "**P2** Minimum bet is the big blind; a raise is at least the last full raise; a short all-in does not "
        "reopen the betting; side pots by contribution; uncalled bets return.\n"
        "**P3** When at most one player can still act, the rest of the board is dealt at once.\n"
        "**P4** Every amount is a multiple of 100.\n"
        "**P5** Heads-up, the button posts the small blind and acts first before the flop."
    ),
    "help.title": "Janpo bot: a short tour",
    "help.tour": (
        "**/table new** opens a table in this channel: pick a game and options, then press **Join**; the host "
        "presses **Start** and CPU players fill empty seats.\n"
        "Your hand comes by direct message with a button for every move you may make. If your DMs are closed, "
        "press **My hand** on the table message.\n"
        "Each move has a timer (30 s plus a 60 s bank). Miss three turns and a CPU plays for you until you press "
        "**I'm back**."
    ),
    "help.howto.janpo": (
        "1. Four players hold a mahjong hand and a hold'em hand at once.\n"
        "2. Points are chips: 25,000 each.\n"
        "3. On your draw you discard and, if poker action is on you, act in poker too.\n"
        "4. Call, bet, raise or all-in: you must tsumogiri.\n"
        "5. Discarding from your hand (tedashi): you check or fold.\n"
        "6. Pick the poker action in the first row, then the tile.\n"
        "7. When poker is not on you, it is tada-jan time: mahjong only.\n"
        "8. Chi, pon and kan take no poker action.\n"
        "9. A mahjong win pays at once; the poker hand plays on.\n"
        "10. After E4 the most points wins."
    ),
    "help.howto.five": (
        "1. Four players, 50 points each.\n"
        "2. Draw a tile, discard a tile.\n"
        "3. Make four sets and a pair.\n"
        "4. You need at least one yaku.\n"
        "5. A closed hand is a yaku by itself.\n"
        "6. Declare riichi when one tile from done.\n"
        "7. Call tsumo on your own draw, ron on a discard.\n"
        "8. Han make a base score from 5 to 160.\n"
        "9. East stays dealer; the wind moves each round.\n"
        "10. After the North round the highest score wins."
    ),
    "help.howto.riichi": (
        "1. Four players, 25,000 points each.\n"
        "2. Draw a tile, discard a tile.\n"
        "3. Make four sets and a pair (or seven pairs).\n"
        "4. A win needs at least one yaku.\n"
        "5. Riichi with a closed hand one tile from done.\n"
        "6. Chi, pon and kan take other players' discards.\n"
        "7. Tsumo on your draw, ron on a discard.\n"
        "8. Discarded tiles you wait on make you furiten.\n"
        "9. Buttons show only moves the rules allow.\n"
        "10. After the last round, points and uma decide."
    ),
    "help.howto.holdem": (
        "1. Two to ten players, two private cards each.\n"
        "2. Blinds start the pot.\n"
        "3. Fold, check, call, bet or raise.\n"
        "4. Bets and raises ask for the amount.\n"
        "5. Three cards on the flop.\n"
        "6. One on the turn.\n"
        "7. One on the river.\n"
        "8. The best five cards of seven win.\n"
        "9. All-in players win only side pots they paid into.\n"
        "10. Play until one player has every chip."
    ),
    # /help: every command, and the beginner's guide
    "help.commands_title": "Commands",
    "help.commands": (
        "**/table new** `game:<…>` [options]: open a table in this channel\n"
        "**/table status**: this channel's table, privately\n"
        "**/table leave**: leave the game; a CPU takes your seat\n"
        "**/table abort**: stop this channel's table (host or Manage Server)\n"
        "**/table verify** [`game`]: after a game, check its revealed secret against the commitment the lobby showed\n"
        "**/rules** `game:<…>`: a game's rules as this bot plays them\n"
        "**/help** [`game:<…>`]: this tour; with a game, its how-to and a picture\n"
        "**/learn** `game:<…>`: a guided first hand against CPU players, explained step by step (only you see it)\n"
        "**/settings me**: your own switches (auto-win, no calls, auto-tsumogiri, hand message, assist), privately\n"
        "**/settings language**: the language of public table messages on this server (Manage Server)\n"
        "**/leaderboard** `game:<…>` [`period`]: this server's players of a game by rating\n"
        "**/stats** [`user`] [`game`]: a player's record on this server and a rating chart\n"
        "**/history** [`user`]: recent finished games, with their numbers\n"
        "**/replay** `game:<number>` [`kyoku`]: step through a finished game with every hand open\n"
        "**/export** `game:<number>` [`view`]: download a finished game: its scenario file, a Tenhou log (riichi) and an mjai stream (riichi, Janpo, Five)"
    ),
    "help.legend_title": "Reading the table picture",
    "help.legend": (
        "The letter badge is each seat's wind this kyoku (red: the dealer). **TO DISCARD** and a gold frame: the "
        "seat whose mahjong turn it is, to draw and discard. **TO ACT**: the poker action is on that player; in "
        "Janpo it waits for their next draw, so it can be on another seat than TO DISCARD. **Pot**: every chip in "
        "the middle, this round's bets included. **MAHJONG ONLY** (Janpo): started a poker hand at 0 points or "
        "below (J12), so out of poker for the rest of the game; they still play mahjong and may gain points "
        "again. **BUSTED** (hold'em): no chips left, out of the game. A stick by a name: riichi. A darkened "
        "discard was called; a ringed one is the latest. Every mark is listed, with a picture, in PLAYING.md, "
        "\"Table legend\"."
    ),
    "help.learn": (
        "**New to mahjong or poker?** The beginner's guide that comes with this bot, `{guide}`, shows the "
        "tiles and sets, every yaku with a picture, the poker hand ranking and a glossary of every word the bot "
        "uses (1-shanten, tsumogiri, tada-jan, furiten, side pot…). **/help** `game:<…>` shows one game with a "
        "picture of its table."
    ),
    # /export: mjai event streams and a seat's own view
    "opt.view": "view",
    "opt.view.desc": "The whole game (default) or only what you saw from your seat",
    "export.view.all": "whole game",
    "export.view.mine": "my seat",
    "export.mjai": "The .mjson file is an mjai event stream for Mortal-based reviewers (how to: docs/PLAYING.md).",
    "export.mjai_janpo": "Only the mahjong part is in it: the poker hands are not, and the points they moved show "
                         "in the next kyoku's starting scores.",
    "export.mine": "Game #{game_id} ({game}) as {player}, seat {seat} of 0-3: your hand and draws, the other "
                   "hands hidden as `?`, for a reviewer that analyses one seat.",
    "export.not_seated": "You did not play in game #{game_id}, so it holds no view of yours.",
    "export.no_seat_view": "Game #{game_id} is hold'em: there is no mahjong seat view to export.",
    "export.broken": "Game #{game_id} no longer replays, so only its scenario file is attached.",
    # the fair shuffle (D69): commitment at the lobby, secret at the end, /table verify, /help
    "fair.committed": "Commitment: `{commitment}`, the SHA-256 of a secret the bot drew when this lobby opened. "
    "At Start the seed is made from that secret and the Discord ids of the Join and Start clicks; the secret is "
    "revealed when the game ends and `/table verify` checks it.",
    "fair.secret_revealed": "Secret: `{secret}`. Its SHA-256 is the commitment `{commitment}` shown when the lobby "
    "opened. Seed `{seed}` follows from it and the {ids} Join/Start ids; `/table verify` checks it all.",
    "verify.fair_running": "This game is still running. Its commitment is `{commitment}`; the secret behind it is "
    "revealed when the game ends, and then `/table verify` checks it.",
    "verify.fair_ok": "Game #{game_id} verified. Checked: (1) the revealed secret `{secret}` has SHA-256 "
    "`{commitment}`, the commitment stored when the lobby opened; (2) seed `{seed}` is the one derived from that "
    "secret, the game, its options, rules version {version} and the {ids} Discord ids of the Join and Start "
    "clicks; (3) all {moves} moves replay on the walls and decks of that seed to the final points announced. "
    "`/export game:{game_id}` gives the file to check offline with `python -m engine.verify`.",
    "verify.fair_failed": "Game #{game_id} did NOT verify: {reason}. (Checked against the commitment `{commitment}` "
    "stored when the lobby opened.) Please report this table.",
    "verify.no_game": "No finished game #{game_id} on this server.",
    "opt.verify_game.desc": "A game number from /history (default: this channel's last game)",
    "export.verify": "The .json file is also the game's verify file: `python -m engine.verify game.json` checks "
    "its shuffle (docs/PLAYING.md, \"Fair shuffle\").",
    "help.fair_title": "A shuffle nobody can steer",
    "help.fair": (
        "When a lobby opens the bot draws a secret and shows only its SHA-256, the *commitment*. At Start the "
        "seed (every wall, deck and the seating) is made from that secret together with the Discord ids of the "
        "players' Join clicks and of the Start click (the host's `/table new` counts as their Join), the game, "
        "its options and the rules version. Discord makes those ids after the commitment is shown, so the bot "
        "cannot pick a secret that suits a deal; players do not know the secret, so they cannot aim either. When "
        "the game ends the secret is revealed. **/table verify** [`game:<number>`] then checks that the secret "
        "hashes to the commitment, that the seed follows, and that every move replays on that seed to the final "
        "points; `/export` gives the same check as a file for `python -m engine.verify`."
    ),
    # /learn: a guided first hand against CPUs
    "cmd.learn": "learn",
    "cmd.learn.desc": "A guided first hand against CPU players, explained step by step (only you see it)",
    "opt.learn_game.desc": "Which game to learn",
    "learn.title": "{game}: your first hand",
    "learn.end_title": "{game}: the hand is over",
    "learn.hand_title": "Your hand",
    "learn.you": "You",
    "learn.cpu": "CPU {seat}",
    "learn.hint": "Assist: discarding **{tile}** keeps you closest to a win.",
    "learn.turn": "Your move: press a button below.",
    "learn.claim": "{name} discarded {tile}. Take it, or pass?",
    "learn.bet_min": "Bet {amount}",
    "learn.raise_min": "Raise to {amount}",
    "learn.end_win": "{winner} won ({how}).",
    "learn.end_pot": "The pot went to {winner}.",
    "learn.end_draw": "Nobody won this hand.",
    "learn.end_points": "Your points in this hand: {delta}.",
    "learn.more": "Next: **/help** lists every command and how to read the table; the beginner's guide "
                  "(docs/LEARN.md) has every yaku and hand with pictures; **/learn** plays this hand again.",
    "learn.footer": "Practice, not rated · moves made: {no}",
    "learn.ended": "This lesson has ended. Start again with /learn.",
    "learn.not_yours": "This lesson belongs to someone else. Start your own with /learn.",
    "learn.stale": "That button is from an earlier step of the lesson; use the newest one.",
    "learn.poker_hint": "Assist: against one random hand your cards win about {equity}% of the time. A call "
                        "costs {to_call} to win a pot of {pot}.",
    "learn.poker_hint_free": "Assist: against one random hand your cards win about {equity}% of the time. "
                             "Nothing to call: checking is free.",
    "learn.busy": "Your last move is still being played; the lesson moves on in a moment.",
    # /settings me: a player's own switches and assist
    "cmd.settings.me": "me",
    "cmd.settings.me.desc": "Your own switches: auto-win, no calls, auto-tsumogiri, hand message, assist",
    "settings.me.title": "**Your settings** (only you see this; they follow you to every table and server)",
    "settings.me.footer": "Press a button to change a setting; it applies from your next turn.",
    "settings.me.auto_win": "Auto-win",
    "settings.me.no_calls": "No calls",
    "settings.me.auto_tsumogiri": "Auto-tsumogiri",
    "settings.me.hand_style": "Hand message",
    "settings.me.assist": "Assist",
    "settings.me.auto_win_help": "declares ron or tsumo at once (you are still asked in the last kyoku and "
                                 "for a Janpo tsumo that would fold)",
    "settings.me.no_calls_help": "passes every chi, pon and open kan offer; a ron is always asked",
    "settings.me.auto_tsumogiri_help": "lets the drawn tile go when nothing else would change; never a poker "
                                       "action",
    "settings.me.hand_style_help": "one message: each turn's hand replaces the last (you are still notified), or every turn's hand kept",
    "settings.me.assist_help": "marks the discards closest to a win and what your hand is near; a rated game "
                               "records it",
    "settings.me.on": "on",
    "settings.me.off": "off",
    "settings.me.assist_table": "as the table",
    "settings.me.style_edit": "replaced",
    "settings.me.style_new": "all kept",
    "hand.auto_played": "Your switches answered for you: {move}",
    "hand.switches_on": "Switches on: {switches} (/settings me)",
    "assist.near": "Assist: near {names}",
    "assist.poker": "Assist: {hand}, wins {equity}% against one random hand",
    "assist.call": "Assist: a call costs {to_call} into a pot of {pot}; it needs {odds}% to pay",
    "stats.assist": "Assist",
    "stats.assist_value": "{games} games played with assist marking the hand",
    "assist.class.royal_flush": "Royal flush",
    "assist.class.straight_flush": "Straight flush",
    "assist.class.four_kind": "Four of a kind",
    "assist.class.full_house": "Full house",
    "assist.class.flush": "Flush",
    "assist.class.straight": "Straight",
    "assist.class.three_kind": "Three of a kind",
    "assist.class.two_pair": "Two pair",
    "assist.class.pair": "Pair",
    "assist.class.high_card": "High card",
    # the hard CPU level
    "level.hard": "hard",
}
