"""Result pictures for the channel: a kyoku's win or draw, a poker showdown.

The records come from ``game.summary()`` (public by then: a winning hand is shown, a showdown
shows only the hands that reached it). Seat letters are replaced by the players' names first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.demo import five_image, kyoku_image, showdown_image
from bot.i18n.yaku import yaku_name
from bot.render import render_five_result, render_kyoku_result, render_showdown, render_standings, to_png
from bot.render.model import Standing, StandingsImage


def renamed(result: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The record with every seat letter (as a value or a key) turned into that seat's name."""
    def name(x: Any) -> Any:
        return names.get(x, x) if isinstance(x, str) else x

    out = dict(result)
    for key in ("winner", "from"):
        if key in out:
            out[key] = name(out[key])
    for key in ("deltas", "shown"):
        if isinstance(out.get(key), Mapping):
            out[key] = {name(k): v for k, v in out[key].items()}
    if isinstance(out.get("tenpai"), list):
        out["tenpai"] = [name(p) for p in out["tenpai"]]
    if isinstance(out.get("pots"), list):
        out["pots"] = [dict(p, winners=[name(w) for w in p.get("winners", [])]) for p in out["pots"]]
    for meld in out.get("melds") or []:
        if isinstance(meld, dict) and "from" in meld:
            meld["from"] = name(meld["from"])
    return out


def kyoku_png(game: str, result: Mapping[str, Any], players: Sequence[str], names: Mapping[str, str],
              lang: str, texts: Mapping[str, str]) -> bytes:
    record = renamed(result, names)
    seats = [names.get(p, p) for p in players]
    if game == "five":
        return to_png(render_five_result(five_image(record, seats), texts))
    image = kyoku_image(record, seats)
    lines = tuple(replace(line, label=yaku_name(lang, line.label)) for line in image.lines)
    return to_png(render_kyoku_result(replace(image, lines=lines), texts))


def showdown_png(result: Mapping[str, Any], title: str, names: Mapping[str, str], texts: Mapping[str, str]) -> bytes:
    return to_png(render_showdown(showdown_image(renamed(result, names), title), texts))


def mleague_note(value: float) -> str:
    """An M.League result as printed beside raw points (R2): one decimal, a sign, a true minus."""
    return f"{value:+.1f}".replace("-", "\u2212")


def standings_png(summary: Mapping[str, Any], ranks: Mapping[str, int], names: Mapping[str, str],
                  texts: Mapping[str, str], footer: str = "") -> bytes:
    """The final standings card: best first, ranks as given (shared on equal points), and for
    riichi the M.League result beside the raw points."""
    points: Mapping[str, int] = summary.get("points", {})
    mleague: Mapping[str, float] = summary.get("mleague") or {}
    order = sorted(points, key=lambda p: (ranks.get(p, 99), -int(points[p])))
    rows = tuple(Standing(ranks.get(p, 0), names.get(p, p), int(points[p]),
                          mleague_note(mleague[p]) if p in mleague else "") for p in order)
    return to_png(render_standings(StandingsImage("", rows, footer=footer), texts))
