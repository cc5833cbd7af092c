"""What a league shows: its standings (text and picture, from one list of rows) and its export
(CSV and JSON of every table, game and score, and every correction)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.league.scoring import show
from bot.league.standings import Result, Row, carry, standings
from bot.render.draw import to_png
from bot.render.model import Standing, StandingsImage
from bot.render.results import render_standings
from bot.storage.league_base import DONE, League, LeagueFix, LeaguePlayer, LeagueRound, LeagueTable

SHOWN_ROWS = 40  # a picture of more rows would be too tall to read; the text lists everyone


def results(tables: Sequence[LeagueTable]) -> list[Result]:
    """Every counted result of human seats (corrections applied: they rewrite ``results``)."""
    out = []
    for table in tables:
        if table.status not in DONE:
            continue
        for user, r in table.results.items():
            out.append(Result(int(user), table.round, int(r["tenths"]), r.get("place")))
    return out


def league_rows(league: League, players: Sequence[LeaguePlayer], tables: Sequence[LeagueTable],
                rounds: Sequence[LeagueRound]) -> tuple[list[Row], list[Row] | None]:
    """(the regular standings, the playoff's or None before it): the playoff counts its own round
    from the carried share (D86)."""
    names = {p.user_id: p.name for p in players}
    regular = [r.round for r in rounds if not r.playoff]
    every = results(tables)
    rows = standings(names, every, rounds=regular) if regular else standings(names, [])
    playoff = [r.round for r in rounds if r.playoff]
    if not playoff:
        return rows, None
    top, percent = int(league.settings.get("playoff", 0)), int(league.settings.get("carry", 50))
    return rows, standings(names, every, carried=carry(rows, top, percent), rounds=playoff)


def standings_lines(lang: str, league: League, rows: Sequence[Row], playoff: Sequence[Row] | None,
                    rounds: Sequence[LeagueRound], games: int) -> list[str]:
    """The text form (also the picture's alt text): one line per player, forced rounds named."""
    lines = [t(lang, "league.standings_title", name=league.name, games=games)]
    if playoff is not None:
        lines.append(t(lang, "league.playoff_title"))
        lines += [_line(lang, row) for row in playoff]
        lines.append(t(lang, "league.regular_title"))
    lines += [_line(lang, row) for row in rows]
    lines += [t(lang, "league.forced_note", round=r.round) for r in rounds if r.forced]
    return lines


def _line(lang: str, row: Row) -> str:
    return t(lang, "league.standings_row", rank=row.rank, player=row.name, points=show(row.tenths), games=row.games)


def picture_rows(rows: Sequence[Row]) -> tuple[tuple[int, str, int, str], ...]:
    """Rank, name, games and the points as shown: what the picture draws (the same rows as the text)."""
    return tuple((row.rank, row.name, row.games, show(row.tenths)) for row in rows[:SHOWN_ROWS])


def standings_png(title: str, rows: tuple[tuple[int, str, int, str], ...], texts: Mapping[str, str],
                  note_label: str) -> bytes:
    """The standings card of the game results (a picture worker runs it): games in the number
    column (``texts["points_column"]`` names it), league points in the note column."""
    image = StandingsImage(title, tuple(Standing(rank, name, games, note) for rank, name, games, note in rows),
                           note_label=note_label)
    return to_png(render_standings(image, texts))


def export(league: League, players: Sequence[LeaguePlayer], tables: Sequence[LeagueTable],
           rounds: Sequence[LeagueRound], fixes: Sequence[LeagueFix]) -> tuple[str, str]:
    """(CSV, JSON): a CSV line per seat of every table; the JSON has the league, its rounds,
    tables with their results, and every correction with who made it and why."""
    names = {p.user_id: p.name for p in players}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["round", "table", "status", "game_id", "seat", "user_id", "name", "points", "place"])
    for table in tables:
        for seat, user in enumerate(table.seats, start=1):
            r: Mapping[str, Any] = table.results.get(str(user), {}) if user is not None else {}
            writer.writerow([table.round, table.table_no, table.status, table.game_id or "", seat,
                             user if user is not None else "", names.get(user, "") if user is not None else "CPU",
                             show(int(r["tenths"])) if "tenths" in r else "", r.get("place") or ""])
    doc = {
        "league": {"id": league.league_id, "name": league.name, "game": league.game, "options": league.options,
                   "rounds": league.rounds, "seating": league.seating, "status": league.status,
                   "settings": league.settings, "organiser": league.organiser_id},
        "players": [{"user_id": p.user_id, "name": p.name} for p in players],
        "rounds": [{"round": r.round, "forced": r.forced, "playoff": r.playoff, "seated_at": r.seated_at.isoformat()}
                   for r in rounds],
        "tables": [{"round": tb.round, "table": tb.table_no, "status": tb.status, "game_id": tb.game_id,
                    "seats": tb.seats, "thread": tb.state.get("thread"),
                    "results": {u: {"points": int(r["tenths"]) / 10, "place": r.get("place")}
                                for u, r in tb.results.items()}} for tb in tables],
        "corrections": [{"game_id": f.game_id, "by": f.by_user, "reason": f.reason, "before": f.before,
                         "after": f.after, "at": f.fixed_at.isoformat()} for f in fixes],
    }
    return out.getvalue(), json.dumps(doc, ensure_ascii=False, indent=1)
