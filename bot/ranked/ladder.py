"""The dan ladder (docs/RULES.md D73-D76): ranks, rank points per placement, promotion, demotion.

Tenhou's published ladder, per server and game mode: 10 kyu (Tenhou's "new player") up to 1 kyu,
then 1 to 10 dan. A rank has a target; reaching it promotes to the next rank, which starts at its
base points. From 2 dan up, falling below 0 demotes to the rank below at its base points. Rank
points per placement: 1st and 2nd gain by the player's band (Tenhou's rooms), 3rd is 0, 4th loses
more the higher the rank; long (East-South) games count 1.5 times. Nothing here touches a database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Length = Literal["east", "south"]


@dataclass(frozen=True)
class Rank:
    level: int  # 0 = 10 kyu ... 9 = 1 kyu, 10 = 1 dan ... 19 = 10 dan
    target: int  # points that promote to the next rank
    base: int  # points on arriving at this rank
    fourth: int  # East-only game: points a 4th place loses (<= 0)
    band: int  # Tenhou's room the rank plays in: 0 general, 1 upper, 2 special, 3 phoenix (1st/2nd gains)


# D73: thresholds and base points; D74: the 4th-place loss (East-only; x1.5 for East-South).
RANKS: tuple[Rank, ...] = (
    Rank(0, 20, 0, 0, 0), Rank(1, 20, 0, 0, 0), Rank(2, 20, 0, 0, 0), Rank(3, 20, 0, 0, 0),
    Rank(4, 40, 0, 0, 0), Rank(5, 60, 0, 0, 0), Rank(6, 80, 0, 0, 0), Rank(7, 100, 0, 0, 0),
    Rank(8, 100, 0, -10, 0), Rank(9, 100, 0, -20, 1),
    Rank(10, 400, 200, -30, 1), Rank(11, 800, 400, -40, 1), Rank(12, 1200, 600, -50, 1),
    Rank(13, 1600, 800, -60, 2), Rank(14, 2000, 1000, -70, 2), Rank(15, 2400, 1200, -80, 2),
    Rank(16, 2800, 1400, -90, 3), Rank(17, 3200, 1600, -100, 3), Rank(18, 3600, 1800, -110, 3),
    Rank(19, 4000, 2000, -120, 3),
)
TOP = len(RANKS) - 1
FIRST_DAN = 10
DEMOTES_FROM = 11  # D75: 2 dan and up fall back below 0; lower ranks stop at 0
BAND_GAINS: tuple[tuple[int, int], ...] = ((20, 10), (40, 10), (50, 20), (60, 30))
"""D74: East-only gains for 1st and 2nd by band (Tenhou's general, upper, special, phoenix rooms)."""
LONG_FACTOR = (3, 2)  # East-South games: every figure x 1.5


@dataclass(frozen=True)
class Standing:
    """A player's place on the ladder."""

    level: int = 0
    points: int = 0

    @property
    def rank(self) -> Rank:
        return RANKS[self.level]


@dataclass(frozen=True)
class Change:
    """One game's effect on one player's standing."""

    before: Standing
    after: Standing
    delta: int  # rank points the placement was worth
    promoted: bool = False
    demoted: bool = False


def rank_name(level: int) -> tuple[str, int]:
    """("kyu", n) or ("dan", n): the i18n key part and the number shown."""
    return ("kyu", 10 - level) if level < FIRST_DAN else ("dan", level - FIRST_DAN + 1)


def _long(value: int) -> int:
    return value * LONG_FACTOR[0] // LONG_FACTOR[1]


def place_points(level: int, place: int, length: Length = "east") -> int:
    """D74: rank points for finishing ``place`` (1-4) of a four-player game at rank ``level``."""
    rank = RANKS[level]
    first, second = BAND_GAINS[rank.band]
    value = {1: first, 2: second, 3: 0, 4: rank.fourth}[place]
    return _long(value) if length == "south" else value


def slot(place: int, players: int) -> int:
    """D76: the four-player placement a place among ``players`` counts as (hold'em tables of 2-10):
    first is 1st, last is 4th, the others of the top half 2nd, the rest 3rd."""
    if players == 4 or not 1 <= place <= players:
        return place
    if place == 1:
        return 1
    if place == players:
        return 4
    return 2 if place <= players / 2 else 3


def placement_points(level: int, places: list[int], me: int, length: Length = "east") -> int:
    """D76: rank points of seat ``me`` given every seat's shared place (equal points share the
    better place, D63). Tied players split the places they cover: the mean of those places'
    points, rounded down."""
    players = len(places)
    mine = places[me]
    tied = places.count(mine)
    covered = [place_points(level, slot(p, players), length) for p in range(mine, mine + tied)]
    return sum(covered) // len(covered)


def apply(standing: Standing, delta: int) -> Change:
    """D75: add ``delta``; at the target promote (to the next rank's base points, the top rank keeps
    counting), below 0 demote from 2 dan up (to the lower rank's base points), else stop at 0."""
    rank = standing.rank
    points = standing.points + delta
    if points >= rank.target and standing.level < TOP:
        after = Standing(standing.level + 1, RANKS[standing.level + 1].base)
        return Change(standing, after, delta, promoted=True)
    if points < 0:
        if standing.level >= DEMOTES_FROM:
            after = Standing(standing.level - 1, RANKS[standing.level - 1].base)
            return Change(standing, after, delta, demoted=True)
        points = 0
    return Change(standing, Standing(standing.level, points), delta)


def game_changes(standings: list[Standing], places: list[int], length: Length = "east") -> list[Change]:
    """Every seat's change after one ranked game (seats in one order across the three lists)."""
    return [apply(s, placement_points(s.level, places, i, length)) for i, s in enumerate(standings)]


def length_of(game: str, options: dict[str, object]) -> Length:
    """Which point table a game uses: the length option where the game has one (riichi's default is
    East-South, Janpo's East-only); Mahjong Five and hold'em count as East-only (D74)."""
    default = "south" if game == "riichi" else "east"
    value = options.get("length", default) if game in ("riichi", "janpo") else "east"
    return "south" if value == "south" else "east"
