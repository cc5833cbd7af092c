"""The end of a game: stored first (lock held), then announced (standings, final picture).

The stored scenario carries the fairness record (D69: commitment, the secret revealed now, the
Join/Start ids, the final points), so ``/table verify`` and ``/export`` read it after a restart.
Storing before posting means ``/leaderboard`` right after the standings card already counts the
game, and a restart in between finds it finished, not to be resumed.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot.play import persist
from bot.play.session import TableSession
from bot.play.table import Table
from bot.storage import FinishedGame, SeatResult
from bot.storage.base import Stats
from bot.storage.counters import seat_counters
from bot.storage.standings import final_ranks
from engine.base import IllegalMove

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)


async def store(m: TableManager, session: TableSession) -> None:
    """The finished game goes to the store and the channel is free (lock held)."""
    table = session.table
    assert table.game is not None
    table.status = "finished"
    summary = table.game.summary()
    points = summary.get("points", {})
    stats, ranks = await asyncio.to_thread(_counters_and_ranks, table.game_name, table.scenario(), summary)
    seats = [
        SeatResult(player=p, user_id=s.user_id, name=s.name, points=int(points.get(p, 0)), rank=ranks.get(p),
                   cpu_level=s.level if s.user_id is None else None,
                   stats={**stats.get(p, {}), **({"assisted_games": 1} if p in session.assisted else {})})
        for p, s in zip(table.players, table.seats, strict=True)
    ]
    result = FinishedGame(
        guild_id=table.guild_id, channel_id=table.channel_id, game=table.game_name, options=table.options,
        started_at=datetime.fromtimestamp(table.started_at or m.clock.now(), UTC),
        finished_at=datetime.fromtimestamp(m.clock.now(), UTC), seed=table.seed or 0,
        scenario=table.verify_file(points), seats=seats, kyoku_results=list(summary.get("kyoku_results", [])),
        poker_results=list(summary.get("poker_results", [])),
    )
    await persist.settled(m.store, session)  # its moves queued before, so the finished game replaces them
    game_id = await persist.finish(m.store, table, result)
    session.closing_lines = await counted(m, table, game_id)
    m.unregister(session)
    m.ending.add(session)
    m.finished[table.channel_id] = table
    m.finished.move_to_end(table.channel_id)
    while len(m.finished) > 1000:
        m.finished.popitem(last=False)


async def announce(m: TableManager, session: TableSession) -> None:
    """Standings after the last result pictures, then the final table picture; then, once its
    last DM clean-ups are done (which nothing of this waits for), the session's memory is let go."""
    assert session.table.game is not None
    try:
        await m.effects.post_standings(session, session.table.game.summary())
    finally:
        m.spawn(_let_go(m, session))


async def _let_go(m: TableManager, session: TableSession) -> None:
    try:
        await session.settled()  # the old hand DMs are deleted, in their own time
    finally:
        m.ending.discard(session)
        if not m.closed:  # closing: close() closes it and gives up its lease
            m.close_later(session)


async def counted(m: TableManager, table: Table, game_id: int) -> list[str]:
    """Tell what the game counts for (a ranked queue, a league: ``m.on_finished``) that it was
    stored as ``game_id``; each may answer lines for the final standings. A failure is logged and
    never stops the table's end: those packages catch up at start-up from what is stored."""
    lines: list[str] = []
    for hook in list(m.on_finished):
        try:
            lines.extend(await hook(table, game_id))
        except Exception:
            log.exception("table %s: game %s not counted by %s", table.table_id, game_id, hook)
    return lines


def _counters_and_ranks(game: str, scenario: dict[str, Any],
                        summary: dict[str, Any]) -> tuple[dict[str, Stats], dict[str, int]]:
    """What ``/stats`` counts per seat (a replay of the moves) and the final ranks (CPU work)."""
    try:
        stats = seat_counters(scenario)
    except (IllegalMove, ValueError) as e:  # a game that does not replay still keeps its result
        log.error("counters not computed (%s)", e)
        stats = {}
    return stats, final_ranks(game, summary)
