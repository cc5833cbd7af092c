"""A league round from seating to its last table counted.

1. ``seat``: the round's tables are drawn (``bot.league.seating``) and stored in one write, which
   fails if the round was seated already (by this process or another).
2. ``post``: each table gets a thread of its own, its seats and a Ready button, with the SHA-256
   commitment of a secret drawn for that table (D69): the Ready clicks' interaction ids are the
   entropy, so nobody can steer the wall.
3. ``open``: once every human of the table pressed Ready (or at ``READY_WAIT`` after seating,
   D83), the table opens through ``bot.play.seated`` like any table, its purpose naming the
   league, round and table.
4. ``counted``: ``m.on_finished`` tells the league the stored game id (the table's lock held, so
   nothing is sent to Discord from there); its league points are worked out from the stored
   points (``bot.league.scoring``) and recorded once.
5. ``settle``: a table not finished at the round's deadline (or at ``/league end``) is stopped —
   kept with every move among the aborted games — and counts 0.0 for each of its players (D84);
   so does a league table stopped otherwise (``/table abort``, its thread gone).

``reconcile`` redoes whatever a restart interrupted: threads not yet opened, a table opened but
not marked, a game stored but not counted, a table stopped meanwhile; and arms the timers again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

from bot.i18n import t
from bot.league import seating
from bot.league.buttons import ready_view
from bot.league.report import league_rows
from bot.league.scoring import game_tenths
from bot.league.standings import ranked_for_seating
from bot.outbox import Priority, Route
from bot.play import seated
from bot.play.table import Seat, Table
from bot.storage.league_base import DONE, League, LeaguePlayer, LeagueTable
from engine import fairness

if TYPE_CHECKING:
    from bot.league.service import LeagueService

log = logging.getLogger(__name__)
READY_WAIT = 10 * 60  # D83: a table starts this long after seating even if not all pressed Ready


def purpose(lt: LeagueTable) -> dict[str, Any]:
    return {"kind": "league", "league": lt.league_id, "round": lt.round, "table": lt.table_no}


async def seat(svc: LeagueService, league: League, round_no: int, *, forced: bool, playoff: bool) -> list[LeagueTable] | None:
    """Draw and store round ``round_no``; None if it was seated already."""
    store = svc.store
    players = [p.user_id for p in await store.league_players(league.league_id)]
    earlier_tables = await store.league_tables(league.league_id)
    rounds = await store.league_rounds(league.league_id)
    by_round: dict[int, list[list[int | None]]] = {}
    for lt in earlier_tables:
        by_round.setdefault(lt.round, []).append(lt.seats)
    earlier = [by_round[r.round] for r in rounds if not r.playoff and r.round in by_round]
    seed = league.seed + round_no
    if playoff:
        regular, _ = league_rows(league, await store.league_players(league.league_id), earlier_tables, rounds)
        top = int(league.settings.get("playoff", 0))
        drawn = seating.seat("swiss", [row.user_id for row in regular[:top]], [], seed,
                             ranked=[row.user_id for row in regular[:top]])
    elif league.seating == "swiss":
        regular, _ = league_rows(league, await store.league_players(league.league_id), earlier_tables, rounds)
        drawn = seating.seat("swiss", players, earlier, seed, ranked=ranked_for_seating(regular, seed))
    else:
        # no-repeat plans the whole league from the league's seed, so each round follows one plan
        drawn = await asyncio.to_thread(seating.seat, league.seating, players, earlier,
                                        league.seed if league.seating == "no-repeat" else seed, None, league.rounds)
    now = svc.m.clock.now()
    deadline = league.settings.get("deadline")
    tables = []
    for number, seats in enumerate(drawn, start=1):
        secret = fairness.new_secret()
        state = {"secret": secret.hex(), "commitment": fairness.commitment(secret), "ready": [],
                 "start_by": now + READY_WAIT, "due": now + int(deadline) * 60 if deadline else None}
        tables.append(LeagueTable(league.league_id, round_no, number, seats, state=state))
    if not await store.seat_league_round(league.league_id, round_no, tables, forced=forced, playoff=playoff):
        return None
    return tables


def seat_names(lang: str, lt: LeagueTable, names: dict[int, str]) -> str:
    return ", ".join(f"<@{u}>" if u is not None else t(lang, "league.cpu") for u in lt.seats)


async def post(svc: LeagueService, league: League, lt: LeagueTable) -> None:
    """Open the table's thread and post its seats and Ready button there (once: the thread id is
    stored before the message is sent; a restart in between posts the message again)."""
    lang = league.settings.get("lang", "en")
    m = svc.m
    if lt.state.get("thread") is None:
        title = t(lang, "league.thread_name", name=league.name, round=lt.round, table=lt.table_no)
        try:
            thread = await seated.open_thread(m, league.channel_id, title)
        except seated.ThreadRefused as e:
            log.warning("league %s: no thread for round %s table %s: %s", league.league_id, lt.round, lt.table_no, e)
            await svc.say(league, t(lang, "league.thread_refused", table=lt.table_no, reason=str(e)))
            return
        lt.state["thread"] = thread
        await svc.store.update_league_table(lt.league_id, lt.round, lt.table_no, state=lt.state)
    if lt.state.get("message") is None:
        thread = int(lt.state["thread"])
        content = ready_text(lang, league, lt)
        channel = m.bot.get_partial_messageable(thread)
        view = ready_view(league.league_id, lt.round, lt.table_no, lang)
        sent = await m.bot.outbox.submit(lambda: channel.send(content=content, view=view), route=Route.channel(thread),
                                         priority=Priority.PROMPT)
        if sent.ok and sent.value is not None:
            lt.state["message"] = int(sent.value.id)
            await svc.store.update_league_table(lt.league_id, lt.round, lt.table_no, state=lt.state)


def ready_text(lang: str, league: League, lt: LeagueTable) -> str:
    ready = [int(u) for u, _ in lt.state.get("ready", [])]
    lines = [t(lang, "league.ready_message", name=league.name, round=lt.round, table=lt.table_no,
               seats=seat_names(lang, lt, {}), minutes=READY_WAIT // 60, commitment=lt.state["commitment"])]
    if ready:
        lines.append(t(lang, "league.ready_now", players=", ".join(f"<@{u}>" for u in ready)))
    return "\n".join(lines)


def all_ready(lt: LeagueTable) -> bool:
    humans = {u for u in lt.seats if u is not None}
    return humans <= {int(u) for u, _ in lt.state.get("ready", [])}


def own_language(lt: LeagueTable, user: int, player: LeaguePlayer | None, league_lang: str) -> str:
    """A seat's language for its private messages: that of the player's Ready click, else of their
    sign-up click, else (signed up before it was kept) the league's."""
    ready = lt.state.get("langs", {}).get(str(user))
    return str(ready or (player.lang if player is not None else None) or league_lang)


async def open_table(svc: LeagueService, league: League, lt: LeagueTable, start_id: int) -> bool:
    """Deal the table in its thread (``bot.play.seated``) and mark it playing."""
    if lt.status != "seated" or lt.state.get("thread") is None:
        return False
    m = svc.m
    players = {p.user_id: p for p in await svc.store.league_players(league.league_id)}
    lang = league.settings.get("lang", "en")
    seats, cpu = [], 1
    for user in lt.seats:
        if user is None:
            cpu += 1
            seats.append(Seat(None, f"CPU {cpu}", league.settings.get("level", "normal")))
        else:
            seats.append(Seat(user, players[user].name if user in players else str(user),
                              lang=own_language(lt, user, players.get(user), lang)))
    table = seated.seated_table(
        m, guild_id=league.guild_id, channel_id=int(lt.state["thread"]), game=league.game, seats=seats,
        host_id=league.organiser_id, options=league.options, timer=int(league.settings.get("timer", 30)),
        level=league.settings.get("level", "normal"), lang=lang, purpose=purpose(lt),
        secret=bytes.fromhex(lt.state["secret"]), joins=[(int(u), int(i)) for u, i in lt.state.get("ready", [])])
    # claimed first: of two processes whose timers both fire, one opens the table
    if not await svc.store.update_league_table(lt.league_id, lt.round, lt.table_no, status="playing",
                                               expect="seated"):
        return False
    session = await seated.open_seated(m, table, start_id)
    if session is None:
        await svc.store.update_league_table(lt.league_id, lt.round, lt.table_no, status="seated", expect="playing")
        return False
    lt.status, lt.table_id = "playing", table.table_id
    await svc.store.update_league_table(lt.league_id, lt.round, lt.table_no, table_id=table.table_id)
    return True


async def counted(svc: LeagueService, table: Table, game_id: int) -> list[str]:
    """``m.on_finished``: a league table's game was stored as ``game_id``; count it (once)."""
    p = table.purpose or {}
    if p.get("kind") != "league":
        return []
    league = await svc.store.get_league(int(p["league"]))
    if league is None:
        return []
    done = await record_game(svc, league, int(p["round"]), int(p["table"]), game_id)
    lang = league.settings.get("lang", "en")
    if done:  # told in the league's channel later: the table's lock is held here (bot.play.ending)
        svc.m.spawn(svc.round_progress(league, int(p["round"])))
    return [t(lang, "league.counted", name=league.name, round=int(p["round"]), table=int(p["table"]))]


async def record_game(svc: LeagueService, league: League, round_no: int, table_no: int, game_id: int) -> bool:
    """The stored game's league points per human seat (D81, D82), recorded if not yet."""
    game = await svc.store.get_game(game_id, league.guild_id)
    if game is None:
        return False
    points = {s.player: s.points for s in game.seats}
    tenths = game_tenths(league.game, points, game.options)
    results = {str(s.user_id): {"tenths": tenths[s.player], "place": s.rank} for s in game.seats
               if s.user_id is not None}
    return bool(await svc.store.record_league_table(league.league_id, round_no, table_no, "finished", game_id,
                                                    results))


async def settle(svc: LeagueService, league: League, lt: LeagueTable) -> bool:
    """D84: stop the table if it is still being played (kept with its moves as an aborted game)
    and count 0.0 for each of its players."""
    m = svc.m
    if lt.status in DONE:
        return False
    if lt.table_id is not None:
        session = m.sessions.get(lt.table_id)
        if session is not None:
            async with m.working(session):
                async with session.lock:
                    if session.table.status == "playing" and not session.closed:
                        await m.drop(session, "aborted")
            await session.close()
            await m.effects.strip_table_message(session)
        elif await svc.store.load_table(lt.table_id) is not None:
            await svc.store.abort_table(lt.table_id, "deadline")
    # a game that ended meanwhile counts as played
    if lt.state.get("thread") is not None:
        game_id = await svc.store.league_game_in_channel(int(lt.state["thread"]))
        if game_id is not None and await record_game(svc, league, lt.round, lt.table_no, game_id):
            return True
    zeros = {str(u): {"tenths": 0, "place": None} for u in lt.seats if u is not None}
    return bool(await svc.store.record_league_table(league.league_id, lt.round, lt.table_no, "settled", None, zeros))


async def reconcile(svc: LeagueService, league: League) -> None:
    """Bring the league's tables up to date with what is stored (after a restart, and before a
    round is judged finished)."""
    store = svc.store
    for lt in await store.league_tables(league.league_id):
        if lt.status in DONE:
            continue
        thread = lt.state.get("thread")
        if lt.status == "seated":
            if thread is not None and lt.table_id is None:
                live = await store.table_in_channel(int(thread))
                if live is not None:  # opened, then a restart before it was marked
                    lt.status, lt.table_id = "playing", live
                    await store.update_league_table(lt.league_id, lt.round, lt.table_no, status="playing", table_id=live)
                    continue
                game_id = await store.league_game_in_channel(int(thread))
                if game_id is not None:
                    await record_game(svc, league, lt.round, lt.table_no, game_id)
                    continue
            if thread is None or lt.state.get("message") is None:
                await post(svc, league, lt)
            continue
        if lt.table_id is None:  # claimed, then a restart before the table's id was written
            live = await store.table_in_channel(int(thread)) if thread is not None else None
            if live is not None:
                lt.table_id = live
                await store.update_league_table(lt.league_id, lt.round, lt.table_no, table_id=live)
                continue
            if thread is None or await store.league_game_in_channel(int(thread)) is None:
                await store.update_league_table(lt.league_id, lt.round, lt.table_no, status="seated", expect="playing")
                continue  # not opened: it opens on Ready or at its time again
        elif lt.table_id in svc.m.sessions or await store.load_table(lt.table_id) is not None:
            continue  # still being played
        game_id = await store.league_game_in_channel(int(thread)) if thread is not None else None
        if game_id is not None:
            await record_game(svc, league, lt.round, lt.table_no, game_id)  # stored, not yet counted
        else:
            await settle(svc, league, lt)  # stopped: /table abort, its thread or server gone


def start_id(now: float) -> int:
    """The entropy of a start nobody clicked (D83): a Discord-like id of the instant, after the
    commitment was shown (D69 needs only that it came later)."""
    return (int(now * 1000) - 1_420_070_400_000) << 22 | secrets.randbits(22)
