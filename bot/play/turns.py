"""Turn logic: apply a move, let CPU seats play, work out who is asked next. No Discord here.

Each function changes a session under its lock and returns an ``Outcome`` saying what happened;
``bot.play.effects`` turns that into messages once the lock is released.

Before a human is prompted, their own switches (``/settings me``, :mod:`bot.comfort`) may answer
for them: such a move is played here like a click (the engine validates it, and the caller saves
the table before anyone is told), noted in ``session.auto_played`` for their next hand message.
Otherwise the prompt shows :func:`bot.comfort.visible_moves`. CPU seats never read settings.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from bot.comfort import UserSettings, auto_move, visible_moves
from bot.ops import metrics as ops
from bot.play import cpu
from bot.play.session import HandRef, TableSession
from bot.play.table import AFK_AFTER
from engine.base import IllegalMove, Move
from engine.rng import derive_seed

log = logging.getLogger(__name__)


@dataclass
class Outcome:
    played: list[Move] = field(default_factory=list)
    auto: list[Move] = field(default_factory=list)  # played by a player's own switches (also in played)
    results: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # ("kyoku"|"showdown", record)
    prompts: list[str] = field(default_factory=list)  # players to send their hand with buttons
    withdrawn: list[HandRef] = field(default_factory=list)  # messages whose buttons must go
    notices: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # channel notes: (key, params)
    finished: bool = False
    more_cpu: bool = False  # a CPU seat moves next, after the pause
    changed: bool = False  # the public picture needs an edit
    saving: Any = None  # the save of what was played, queued (persist.Saving): awaited before telling

    def merge(self, other: Outcome) -> Outcome:
        self.played += other.played
        self.auto += other.auto
        self.results += other.results
        self.prompts = [p for p in self.prompts if p not in other.prompts] + other.prompts
        self.withdrawn += other.withdrawn
        self.notices += other.notices
        self.finished |= other.finished
        self.more_cpu = other.more_cpu
        self.changed |= other.changed
        self.saving = other.saving or self.saving
        return self


MOVE_TIMES: list[float] = []  # engine time per move (the benchmark reads it); bounded below


def play(session: TableSession, move: Move, out: Outcome) -> None:
    table = session.table
    assert table.game is not None
    start = time.perf_counter()
    table.game.play(move)
    table.moves.append(list(move))
    MOVE_TIMES.append(time.perf_counter() - start)
    del MOVE_TIMES[:-100_000]
    out.played.append(list(move))
    ops.moved(table.game_name)
    out.changed = True


def human_move(session: TableSession, player: str, no: int, move: Move, now: float) -> Outcome:
    """A player's own move (already checked against the prompt): their bank pays the overrun."""
    table = session.table
    out = Outcome()
    play(session, move, out)
    used = now - session.started.get(player, now)
    table.bank[player] = max(0.0, table.bank.get(player, 0.0) - max(0.0, used - table.timer))
    table.missed[player] = 0
    table.answered[player] = no
    out.withdrawn += session.clear_prompt(player)
    return out


def timeout_move(session: TableSession, player: str) -> Outcome:
    """The clock ran out: the default move; three in a row and CPU plays the seat (until back)."""
    table = session.table
    assert table.game is not None
    out = Outcome()
    play(session, table.game.default_move(player), out)
    table.bank[player] = 0.0
    table.missed[player] = table.missed.get(player, 0) + 1
    out.withdrawn += session.clear_prompt(player)
    if table.missed[player] >= AFK_AFTER and player not in table.afk:
        table.afk.add(player)
        out.notices.append(("table.afk", {"mention": f"<@{table.seat(player).user_id}>"}))
    return out


async def advance(session: TableSession, *, pace: bool, now: float, scale: float = 1.0) -> Outcome:
    """CPU seats play (one move when ``pace``: the next follows after a pause), results are
    collected, then every human the game waits on is prompted (their turn timer plus their bank,
    times ``scale``)."""
    table = session.table
    game = table.game
    assert game is not None
    out = Outcome()
    while True:
        await _cpu_moves(session, out, pace)
        if game.finished or not await _switch_move(session, out):
            break
    out.results = new_results(session)
    if game.finished:
        out.finished = True
        for player in list(table.prompts):
            out.withdrawn += session.clear_prompt(player)
        return out
    waiting = game.waiting_on()
    for player in list(table.prompts):
        if player not in waiting or table.is_cpu(player):
            out.withdrawn += session.clear_prompt(player)
    for player in waiting:
        if table.is_cpu(player):
            continue
        legal = visible_moves(await settings_of(session, player), game.legal_moves(player))
        if session.legal.get(player) == legal and player in table.prompts:
            continue
        out.withdrawn += session.clear_prompt(player)
        prompt(session, player, legal, now, now + (table.timer + table.bank.get(player, 0.0)) * scale)
        out.prompts.append(player)
    return out


async def _cpu_moves(session: TableSession, out: Outcome, pace: bool) -> None:
    """CPU seats play until a human is waited on (one move only when ``pace``: see ``advance``)."""
    table = session.table
    game = table.game
    assert game is not None
    while not game.finished:
        bots = [p for p in game.waiting_on() if table.is_cpu(p)]
        if not bots:
            return
        if out.played and pace:
            out.more_cpu = True
            return
        player = bots[0]
        move = await cpu.choose(table.game_name, game, player, derive_seed(table.seed or 0, "cpu", table.move_no),
                                table.seat(player).level, session.decisions, table.has_human)
        try:
            play(session, move, out)
        except IllegalMove:
            log.warning("table %s: CPU move %s refused; default move instead", table.table_id, move)
            play(session, game.default_move(player), out)


async def settings_of(session: TableSession, player: str) -> UserSettings:
    """The seat's player's own switches, loaded once per table (``/settings me`` refreshes them)."""
    kept = session.settings.get(player)
    if kept is not None:
        return kept
    user_id = session.table.seat(player).user_id
    loaded = UserSettings()
    if user_id is not None and session.load_settings is not None:
        loaded = await session.load_settings(user_id)
    return session.settings.setdefault(player, loaded)


async def _switch_move(session: TableSession, out: Outcome) -> bool:
    """Play one move a waiting human's switches make for them (the first such seat); True if one was."""
    table = session.table
    game = table.game
    assert game is not None
    for player in game.waiting_on():
        if table.is_cpu(player):
            continue
        legal = game.legal_moves(player)
        settings = await settings_of(session, player)
        if player in table.prompts and session.legal.get(player) == visible_moves(settings, legal):
            continue  # asked already, and the switches did not answer then
        move = auto_move(settings, game.view(player), legal)
        if move is None:
            continue
        try:
            play(session, move, out)
        except IllegalMove:
            log.warning("table %s: switch move %s refused; the player is prompted", table.table_id, move)
            continue
        out.auto.append(list(move))
        session.auto_played.setdefault(player, []).append(list(move))
        out.withdrawn += session.clear_prompt(player)
        return True
    return False


def prompt(session: TableSession, player: str, legal: list[Move], now: float, deadline: float) -> None:
    table = session.table
    table.prompts[player] = table.move_no
    table.deadlines[player] = deadline
    session.legal[player] = legal
    session.started[player] = now


def new_results(session: TableSession) -> list[tuple[str, dict[str, Any]]]:
    """Each kyoku that ended and each poker hand shown down since the last call."""
    assert session.table.game is not None
    summary = session.table.game.summary()
    kyoku, poker = summary.get("kyoku_results", []), summary.get("poker_results", [])
    seen_kyoku, seen_poker = session.reported
    items: list[tuple[str, dict[str, Any]]] = [("kyoku", r) for r in kyoku[seen_kyoku:]]
    items += [("showdown", r) for r in poker[seen_poker:] if r.get("shown")]
    session.reported = (len(kyoku), len(poker))
    return items
