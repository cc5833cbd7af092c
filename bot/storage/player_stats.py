"""Per-seat counters in and player statistics out, the same for every backend.

The bot counts what happened at a seat (``kyoku_played``, ``wins``, ``deal_ins``, ``riichi``,
``win_points``, ``yaku`` as a dict of yaku names, ``poker_hands``, ``vpip_hands``, ``showdowns``,
``showdown_wins``, ``poker_net``, ``combined_moves``, ``poker_choices``, or anything else); the store
sums them per player and this module turns the sums into rates. A nested dict is stored one level
deep as ``"outer/inner"`` keys so a database can sum it.

>>> flatten_stats({"wins": 2, "yaku": {"Riichi": 1, "Pinfu": 1}})
[('wins', 2), ('yaku/Riichi', 1), ('yaku/Pinfu', 1)]
>>> unflatten_stats([("wins", 5), ("yaku/Riichi", 3)])
{'wins': 5, 'yaku': {'Riichi': 3}}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.storage.base import PlayerStats, Stats

TOP_YAKU = 5
"""How many of a player's most frequent yaku :class:`PlayerStats` lists."""


def flatten_stats(stats: Stats) -> list[tuple[str, int]]:
    """Counters as (key, int) pairs; refuses anything that is not a count."""
    out: list[tuple[str, int]] = []
    for key, value in stats.items():
        if isinstance(value, Mapping):
            for inner, count in value.items():
                out.append((f"{key}/{inner}", _count(f"{key}/{inner}", count)))
        else:
            if "/" in key:
                raise ValueError(f"counter name {key!r} may not contain '/'")
            out.append((key, _count(key, value)))
    return out


def _count(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"counter {key!r} must be an int, not {value!r}")
    return value


def unflatten_stats(pairs: Iterable[tuple[str, int]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        outer, sep, inner = key.partition("/")
        if sep:
            out.setdefault(outer, {})[inner] = int(value)
        else:
            out[key] = int(value)
    return out


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def top_yaku(counts: Mapping[str, int], n: int = TOP_YAKU) -> list[tuple[str, int]]:
    """Most frequent first, ties by name; dora of any kind is not a yaku and is left out.

    >>> top_yaku({"Riichi": 4, "Dora": 9, "Aka Dora": 3, "Tanyao": 4, "Pinfu": 1}, 2)
    [('Riichi', 4), ('Tanyao', 4)]
    """
    kept = [(name, c) for name, c in counts.items() if "dora" not in name.lower() and c > 0]
    return sorted(kept, key=lambda item: (-item[1], item[0]))[:n]


def build_player_stats(
    guild_id: int,
    user_id: int,
    game: str | None,
    totals: Sequence[Any],
    counter_rows: Iterable[tuple[str, int]],
    ratings: dict[str, float],
) -> PlayerStats:
    """``totals`` = (games, average rank, share of first places, average points) of the player's seats."""
    c = unflatten_stats(counter_rows)

    def n(key: str) -> int:
        value = c.get(key, 0)
        return value if isinstance(value, int) else 0

    games = int(totals[0] or 0)
    kyoku = n("kyoku_played")
    yaku = c.get("yaku", {})
    return PlayerStats(
        guild_id=guild_id,
        user_id=user_id,
        game=game,
        games=games,
        ratings=ratings if game is None else {k: v for k, v in ratings.items() if k == game},
        average_rank=totals[1] if games else None,
        first_rate=totals[2] if games else None,
        average_points=totals[3] if games else None,
        kyoku_played=kyoku,
        win_rate=_rate(n("wins"), kyoku),
        deal_in_rate=_rate(n("deal_ins"), kyoku),
        riichi_rate=_rate(n("riichi"), kyoku),
        average_win_value=_rate(n("win_points"), n("wins")),
        top_yaku=top_yaku(yaku) if isinstance(yaku, dict) else [],
        poker_hands=n("poker_hands"),
        vpip=_rate(n("vpip_hands"), n("poker_hands")),
        showdown_win_rate=_rate(n("showdown_wins"), n("showdowns")),
        net_chips=n("poker_net"),
        poker_choice_rate=_rate(n("poker_choices"), n("combined_moves")),
        counters=c,
    )
