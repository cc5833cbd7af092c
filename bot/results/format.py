"""Text of the results commands, built from store records: no Discord objects, so it tests plainly.

Rates show as percentages with one decimal, averages with two, ratings as whole numbers; a value
with nothing to count yet (``None``) shows as a dash.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.i18n.results_ko import FIVE_YAKU
from bot.i18n.yaku import yaku_name
from bot.storage import GameSummary, LeaderboardRow, PlayerStats

GAME_KEYS = {"janpo": "game.janpo", "five": "game.five", "riichi": "game.riichi", "holdem": "game.holdem"}
PERIOD_KEYS = {"all": "period.all", "month": "period.month", "week": "period.week"}
MAHJONG = ("janpo", "five", "riichi")
POKER = ("janpo", "holdem")


def game_name(lang: str, game: str) -> str:
    return t(lang, GAME_KEYS[game]) if game in GAME_KEYS else game


def pct(lang: str, value: float | None) -> str:
    """``0.25`` -> ``25.0%``."""
    if value is None:
        return t(lang, "res.none")
    return t(lang, "res.percent", value=f"{value * 100:.1f}")


def dec(lang: str, value: float | None, digits: int = 2) -> str:
    if value is None:
        return t(lang, "res.none")
    return f"{value:,.{digits}f}"


def whole(value: float) -> int:
    """A rating or an average as the whole number shown (ints get thousands separators)."""
    return int(round(value))


def yaku_label(lang: str, name: str) -> str:
    """A yaku in the reader's language: the scoring library's names through the yaku glossary, Mahjong
    Five's lines (``Twin Sequences 234s +1``) by their label, the rest of the line kept."""
    if lang != "ko":
        return name
    shown = yaku_name(lang, name)
    if shown != name:
        return shown
    for label in sorted(FIVE_YAKU, key=len, reverse=True):
        if name == label or name.startswith(label + " "):
            return FIVE_YAKU[label] + name[len(label):]
    return name


def leaderboard_lines(lang: str, rows: Sequence[LeaderboardRow]) -> list[str]:
    return [
        t(lang, "lb.line", rank=r.rank, user=f"<@{r.user_id}>", rating=whole(r.rating), games=r.games,
          average_rank=dec(lang, r.average_rank), first_rate=pct(lang, r.win_rate),
          average_points=whole(r.average_points))
        for r in rows
    ]


def stats_fields(lang: str, st: PlayerStats) -> list[tuple[str, str]]:
    """(name, value) fields of the /stats embed: overall, rating, then what the game mode has."""
    fields = [(t(lang, "stats.overall"), t(
        lang, "stats.overall_value", games=st.games, average_rank=dec(lang, st.average_rank),
        first_rate=pct(lang, st.first_rate),
        average_points=t(lang, "res.none") if st.average_points is None else whole(st.average_points)))]
    if st.ratings:
        lines = [t(lang, "stats.rating_line", game=game_name(lang, g), rating=whole(r)) for g, r in sorted(st.ratings.items())]
        fields.append((t(lang, "stats.rating"), "\n".join(lines)))
    mahjong = st.game in MAHJONG or (st.game is None and st.kyoku_played > 0)
    if mahjong:
        fields.append((t(lang, "stats.mahjong"), t(
            lang, "stats.mahjong_value", kyoku=st.kyoku_played, win_rate=pct(lang, st.win_rate),
            deal_in_rate=pct(lang, st.deal_in_rate), riichi_rate=pct(lang, st.riichi_rate),
            average_win=t(lang, "res.none") if st.average_win_value is None else whole(st.average_win_value))))
        if st.top_yaku:
            lines = [t(lang, "stats.yaku_line", yaku=yaku_label(lang, name), count=n) for name, n in st.top_yaku]
            fields.append((t(lang, "stats.yaku"), "\n".join(lines)))
    if st.game in POKER or (st.game is None and st.poker_hands > 0):
        fields.append((t(lang, "stats.poker"), t(
            lang, "stats.poker_value", hands=st.poker_hands, vpip=pct(lang, st.vpip),
            showdown_win_rate=pct(lang, st.showdown_win_rate), net=st.net_chips)))
    moves = int(st.counters.get("combined_moves", 0) or 0)
    if st.game == "janpo" or (st.game is None and moves > 0):
        fields.append((t(lang, "stats.janpo"), t(lang, "stats.janpo_value", rate=pct(lang, st.poker_choice_rate),
                                                 moves=moves)))
    assisted = int(st.counters.get("assisted_games", 0) or 0)
    if assisted:  # games in which assist marked this player's hand (issue 20)
        fields.append((t(lang, "stats.assist"), t(lang, "stats.assist_value", games=assisted)))
    return fields


def history_lines(lang: str, games: Sequence[GameSummary]) -> list[str]:
    out = []
    for g in games:
        seats = " · ".join(
            t(lang, "history.seat", rank=s.rank, points=s.points,
              name=t(lang, "history.cpu", name=s.name) if s.is_cpu else s.name)
            for s in sorted(g.seats, key=lambda s: s.rank)
        )
        out.append(t(lang, "history.line", game_id=g.game_id, game=game_name(lang, g.game),
                     when=f"<t:{int(g.finished_at.timestamp())}:f>", seats=seats))
    return out
