"""How ranks read: "2 dan", a short badge ("2d"), a final-standings line, a wait."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.ranked.ladder import RANKS, rank_name
from bot.storage.ranked import RankChange

BADGE_SEP = " · "
RANK_KEYS = {"kyu": "rank.kyu", "dan": "rank.dan"}
BADGE_KEYS = {"kyu": "rank.badge.kyu", "dan": "rank.badge.dan"}


def rank_text(lang: str, level: int) -> str:
    kind, n = rank_name(level)
    return t(lang, RANK_KEYS[kind], n=n)


def badge(level: int, lang: str = "en") -> str:
    kind, n = rank_name(level)
    return t(lang, BADGE_KEYS[kind], n=n)


def change_line(lang: str, name: str, c: RankChange) -> str:
    """"Aoi 2 dan 120 → 180 / 800", with ", promoted" or ", demoted" (and the new rank) when it moved."""
    note = ""
    if c.level_after > c.level_before:
        note = t(lang, "ranked.promoted")
    elif c.level_after < c.level_before:
        note = t(lang, "ranked.demoted")
    target = RANKS[c.level_after].target
    if c.level_after == c.level_before:
        return t(lang, "ranked.line_same", name=name, rank=rank_text(lang, c.level_after), points_before=c.points_before,
                 points_after=c.points_after, target=target, note=note)
    return t(lang, "ranked.line", name=name, before=rank_text(lang, c.level_before), points_before=c.points_before,
             after=rank_text(lang, c.level_after), points_after=c.points_after, target=target, note=note)


def wait_text(seconds: float) -> str:
    """"45 s", "3 min 05 s", "1 h 02 min"."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def plain_name(name: str) -> str:
    """A seat's name without its rank badge."""
    return name.rsplit(BADGE_SEP, 1)[0]


def badged(name: str, level: int, lang: str) -> str:
    return f"{name}{BADGE_SEP}{badge(level, lang)}"


async def seat_name(store: Any, guild_id: int | None, game: str, user_id: int, name: str, lang: str) -> str:
    """A player's name at a table with their rank badge of that game on this server ("Aoi · 2d"),
    or the bare name for a player never ranked there (or if the store cannot say now)."""
    if guild_id is None:
        return name
    try:
        row = (await store.ranked_standings(guild_id, game, [user_id])).get(user_id)
    except Exception:  # a badge is never worth refusing a seat
        return name
    return name if row is None else badged(name, row.level, lang)
