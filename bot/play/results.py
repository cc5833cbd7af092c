"""Result pictures for the channel: a kyoku's win or draw, a poker showdown.

The records come from ``game.summary()`` (public by then: a winning hand is shown, a showdown
shows only the hands that reached it). Seat letters are replaced by the players' names first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import t
from bot.i18n.yaku import yaku_name
from bot.play.modes import mode
from bot.render import render_five_result, render_kyoku_result, render_showdown, render_standings, to_png
from bot.render.model import (
    FiveResult,
    KyokuResult,
    ScoreLine,
    ShowdownImage,
    Standing,
    StandingsImage,
)
from bot.render.records import FIVE_BONUS_LINES, five_image, kyoku_image, showdown_image


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
    if isinstance(out.get("melds"), list):  # copies: the engine's own records stay as they are
        out["melds"] = [dict(m, **{"from": name(m["from"])}) if isinstance(m, dict) and "from" in m else m
                        for m in out["melds"]]
    return out


# Mahjong Five's breakdown lines (engine/five/lines.py keys) and riichi's limit hands, by catalog key.
FIVE_LINE_KEYS: dict[str, str] = {
    "closed_hand": "five.closed_hand",
    "closed_riichi": "five.closed_riichi",
    "closed_all_sequences": "five.closed_all_sequences",
    "closed_twin_sequences": "five.closed_twin_sequences",
    "vip_set": "five.vip_set",
    "vip_all_dragons": "five.vip_all_dragons",
    "vip_all_winds": "five.vip_all_winds",
    "outside": "five.outside",
    "inside": "five.inside",
    "all_triplets": "five.all_triplets",
    "all_triplets_closed": "five.all_triplets_closed",
    "one_suit": "five.one_suit",
    "one_suit_straight": "five.one_suit_straight",
    "one_suit_no_honors": "five.one_suit_no_honors",
    "thirteen_orphans": "five.thirteen_orphans",
    "dora": "five.dora",
    "red_five": "five.red_five",
    "ura_dora": "five.ura_dora",
    "kan_bonus": "five.kan_bonus",
    "dealer_bonus": "five.dealer_bonus",
}
LIMIT_KEYS: dict[str, str] = {
    "mangan": "limit.mangan",
    "haneman": "limit.haneman",
    "baiman": "limit.baiman",
    "sanbaiman": "limit.sanbaiman",
    "yakuman": "limit.yakuman",
}


def mleague_note(value: float) -> str:
    """An M.League result as printed beside raw points (R2): one decimal, a sign, a true minus."""
    return f"{value:+.1f}".replace("-", "\u2212")


def round_name(label: str, texts: Mapping[str, str]) -> str:
    """``E1`` in the image captions' words (``동1국`` in Korean)."""
    wind = texts.get(f"wind_{label[:1]}")
    if wind is None or not label[1:].isdigit():
        return label
    return texts.get("round", "{wind}{kyoku}").format(wind=wind, kyoku=label[1:])


def kyoku_title(lang: str, result: Mapping[str, Any], texts: Mapping[str, str]) -> str:
    """The kyoku and its honba count, in the language's words."""
    name = round_name(str(result.get("kyoku", "")), texts)
    honba = int(result.get("honba") or 0)
    return t(lang, "result.title_honba", round=name, honba=honba) if honba else name


def five_lines(lang: str, result: Mapping[str, Any]) -> tuple[ScoreLine, ...]:
    """Each breakdown line with its label from the catalog (the tiles it is for stay as written)."""
    out = []
    for line in (result.get("breakdown") or {}).get("lines", ()):
        key = FIVE_LINE_KEYS.get(str(line.get("key")))
        label = t(lang, key) if key else str(line.get("label", ""))
        tiles = str(line.get("tiles", ""))
        out.append(ScoreLine(f"{label} {tiles}".strip(), int(line["han"]), line.get("key") in FIVE_BONUS_LINES))
    return tuple(out)


Record = KyokuResult | FiveResult | ShowdownImage | StandingsImage


def kyoku_record(game: str, result: Mapping[str, Any], players: Sequence[str], names: Mapping[str, str],
                 lang: str, texts: Mapping[str, str]) -> KyokuResult | FiveResult:
    """The record a kyoku's result picture is drawn from, in the language's words: its alt text
    (``bot.render.alt``) is written from the very same record."""
    record = renamed(result, names)
    seats = [names.get(p, p) for p in players]
    title = kyoku_title(lang, result, texts)
    if mode(game).five_results:
        five = five_image(record, seats)
        lines = five_lines(lang, result) if five.lines else ()
        return replace(five, title=title, lines=lines)
    image = kyoku_image(record, seats)
    lines = tuple(replace(line, label=yaku_name(lang, line.label)) for line in image.lines)
    limit = LIMIT_KEYS.get(str(result.get("limit") or ""))
    value = image.value
    if limit and image.winner:
        paid = -sum(int(d) for d in result.get("deltas", {}).values() if d < 0)
        value = t(lang, "result.limit_value", limit=t(lang, limit), points=paid)
    return replace(image, title=title, lines=lines, value=value)


def record_png(record: Record, texts: Mapping[str, str]) -> bytes:
    """A result picture from its record (what a picture worker runs)."""
    if isinstance(record, FiveResult):
        return to_png(render_five_result(record, texts))
    if isinstance(record, KyokuResult):
        return to_png(render_kyoku_result(record, texts))
    if isinstance(record, ShowdownImage):
        return to_png(render_showdown(record, texts))
    return to_png(render_standings(record, texts))


def kyoku_png(game: str, result: Mapping[str, Any], players: Sequence[str], names: Mapping[str, str],
              lang: str, texts: Mapping[str, str]) -> bytes:
    return record_png(kyoku_record(game, result, players, names, lang, texts), texts)


def showdown_record(result: Mapping[str, Any], title: str, names: Mapping[str, str]) -> ShowdownImage:
    return showdown_image(renamed(result, names), title)


def showdown_png(result: Mapping[str, Any], title: str, names: Mapping[str, str], texts: Mapping[str, str]) -> bytes:
    return record_png(showdown_record(result, title, names), texts)


def standings_record(summary: Mapping[str, Any], ranks: Mapping[str, int], names: Mapping[str, str],
                     footer: str = "") -> StandingsImage:
    """The final standings card: best first, ranks as given (shared on equal points), and for
    riichi the M.League result beside the raw points."""
    points: Mapping[str, int] = summary.get("points", {})
    mleague: Mapping[str, float] = summary.get("mleague") or {}
    order = sorted(points, key=lambda p: (ranks.get(p, 99), -int(points[p])))
    rows = tuple(Standing(ranks.get(p, 0), names.get(p, p), int(points[p]),
                          mleague_note(mleague[p]) if p in mleague else "") for p in order)
    return StandingsImage("", rows, footer=footer)


def standings_png(summary: Mapping[str, Any], ranks: Mapping[str, int], names: Mapping[str, str],
                  texts: Mapping[str, str], footer: str = "") -> bytes:
    return record_png(standings_record(summary, ranks, names, footer), texts)
