"""The mahjong half of the assist: which discards keep a hand closest to a win, and what it is near.

Everything is read from the player's own view through the CPU's reader
(:func:`engine.cpu.mahjong_view.seat_from_view`), so the assist knows exactly what a person in
that seat knows. Shanten comes from the `mahjong` library through :mod:`engine.cpu.efficiency`;
acceptance (ukeire) counts the copies of each improving kind that this player has not seen.

The "near" names are plans, not scoring (the engine scores a real win): the `mahjong` library's
English yaku names for riichi and Janpo (the names the renderer already translates), and the
category keys of :data:`engine.five.lines.LABELS` for Mahjong Five.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mahjong.shanten import Shanten

from engine.cpu.efficiency import Counts, Forms, shanten, ukeire, unseen_from
from engine.cpu.mahjong_view import seat_from_view
from engine.cpu.seat import Seat
from engine.cpu.yaku_plan import all_simples_plan, one_suit_plan, outside_plan, triplets_plan
from engine.tiles import ORPHANS, parse_kinds

DISCARD_WORDS = frozenset({"discard", "tsumogiri", "riichi"})
DRAGON_NAMES = {31: "haku", 32: "hatsu", 33: "chun"}
WIND_NAMES = {27: "east", 28: "south", 29: "west", 30: "north"}


@dataclass(frozen=True, slots=True)
class Discard:
    """One tile the player may let go: the hand's shanten after it and the unseen tiles that
    would then take it one step closer. ``tile`` is the name the legal list uses (``0m`` for a
    red five); ``tsumogiri`` marks the tile just drawn."""

    tile: str
    tsumogiri: bool
    shanten: int
    ukeire: int


@dataclass(frozen=True, slots=True)
class MahjongAssist:
    """``shanten``: the hand now (on a discard turn, the best it can keep after one discard).
    ``discards``: every legal discard, best first; ``best``: those sharing the lowest shanten and
    then the highest acceptance. ``near``: yaku names or Five category keys the hand leans to."""

    shanten: int
    discards: tuple[Discard, ...]
    best: tuple[Discard, ...]
    near: tuple[str, ...]

    def suggests(self, words: Sequence[Any]) -> bool:
        """Whether the mahjong words of a move (``["discard", "5m"]``, ``["tsumogiri"]``,
        ``["riichi", "5m"]``) let go of one of the best tiles."""
        picked = discarded(words)
        if picked is None:
            return False
        tile, drawn = picked
        return any(d.tsumogiri if drawn else (d.tile == tile and not d.tsumogiri) for d in self.best)


def discarded(words: Sequence[Any]) -> tuple[str, bool] | None:
    """(tile name, whether it is the drawn tile) for a discarding move's mahjong words.

    ``["tsumogiri"]`` and ``["riichi", "tsumogiri"]`` name no tile: the name is ``""`` and the
    flag says it is the drawn one (:func:`mahjong_assist` fills the name in).
    """
    if not words or words[0] not in DISCARD_WORDS:
        return None
    if words[0] == "tsumogiri" or (len(words) > 1 and words[1] == "tsumogiri"):
        return "", True
    return str(words[1]), False


def unseen_of(view: dict[str, Any], seat: Seat) -> Counts:
    """Copies of each kind this player has not seen. The seat reader counts own tiles, other
    seats' rivers and open sets, and dora indicators; the player's own river and another seat's
    closed kan are on the table too."""
    seen = list(seat.visible())
    for s in view.get("seats") or []:
        if s.get("player") == view.get("player"):
            names = [d["tile"] for d in s.get("discards", []) if not d.get("called")]
        else:
            names = [t for m in s.get("melds", []) if m.get("type") == "ankan" for t in m.get("tiles", [])]
        for k in parse_kinds("".join(names)):
            seen[k] += 1
    return unseen_from(seen)


def _forms(seat: Seat) -> Forms:
    return seat.hand_forms


def discard_table(view: dict[str, Any], words: Sequence[Sequence[Any]], seat: Seat) -> list[Discard]:
    """Every distinct legal discard with its shanten and acceptance, best first."""
    counts = list(seat.counts)
    unseen = unseen_of(view, seat)
    forms = _forms(seat)
    drawn = view.get("drawn")
    picks: list[tuple[str, bool]] = []
    for w in words:
        picked = discarded(w)
        if picked is None:
            continue
        if picked[1]:
            if not drawn:
                continue
            picked = (str(drawn), True)
        if picked not in picks:
            picks.append(picked)
    out = []
    for tile, tsumogiri in picks:
        kind = parse_kinds(tile)[0]
        counts[kind] -= 1
        after = tuple(counts)
        out.append(Discard(tile, tsumogiri, shanten(after, forms), ukeire(after, unseen, forms)))
        counts[kind] += 1
    out.sort(key=lambda d: (d.shanten, -d.ukeire, not d.tsumogiri, d.tile))
    return out


def _value_name(kind: int, seat: Seat) -> list[str]:
    names = []
    if kind in DRAGON_NAMES:
        names.append(f"Yakuhai ({DRAGON_NAMES[kind]})")
    if kind == seat.seat_wind:
        names.append(f"Yakuhai (seat wind {WIND_NAMES[kind]})")
    if kind == seat.round_wind:
        names.append(f"Yakuhai (round wind {WIND_NAMES[kind]})")
    return names


def _pairs_or_sets(counts: Counts, melds: list[list[int]], kinds: set[int]) -> list[int]:
    """Value kinds held as a pair or more, or already called as a set."""
    held = {k for k in kinds if counts[k] >= 2}
    called = {m[0] for m in melds if len(set(m)) == 1 and m[0] in kinds}
    return sorted(held | called)


def near_riichi(seat: Seat, now: int) -> list[str]:
    """Riichi and Janpo yaku the hand leans to, in the scoring library's English names."""
    counts = seat.counts
    melds = [kinds for kinds, _ in seat.melds]
    out: list[str] = []
    if seat.in_riichi:
        out.append("Riichi")
    elif seat.closed and now <= 1:
        out.append("Riichi")
    if seat.closed:
        out.append("Menzen Tsumo")
    for kind in _pairs_or_sets(counts, melds, seat.value_honors()):
        out.extend(_value_name(kind, seat))
    if all_simples_plan(counts, melds):
        out.append("Tanyao")
    if one_suit_plan(counts, melds):
        honors = sum(counts[27:]) + sum(1 for m in melds if m[0] >= 27)
        out.append("Chinitsu" if not honors and one_suit_plan(counts, melds, slack=0) else "Honitsu")
    if triplets_plan(counts, melds):
        out.append("Toitoi")
    if outside_plan(counts, melds):
        out.append("Chantai")
    if seat.closed and not seat.melds and sum(counts) >= 13:
        pairs = Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
        if pairs <= 2 and pairs <= now:
            out.append("Chiitoitsu")
    return out


def near_five(seat: Seat, now: int) -> list[str]:
    """Mahjong Five categories (F4) the hand leans to, as :data:`engine.five.lines.LABELS` keys."""
    counts = seat.counts
    melds = [kinds for kinds, _ in seat.melds]
    out: list[str] = []
    if seat.closed:
        out.append("closed_hand")
    if _pairs_or_sets(counts, melds, seat.value_honors()):
        out.append("vip_set")
    if outside_plan(counts, melds):
        out.append("outside")
    if all_simples_plan(counts, melds):
        out.append("inside")
    if triplets_plan(counts, melds):
        out.append("all_triplets")
    if one_suit_plan(counts, melds):
        out.append("one_suit")
    if seat.forms.thirteen_orphans and not seat.melds and sum(counts) >= 13:
        orphans = Shanten.calculate_shanten_for_kokushi_hand(counts)
        if orphans <= 2 and orphans <= now and sum(1 for k in ORPHANS if counts[k]) >= 10:
            out.append("thirteen_orphans")
    return out


def mahjong_assist(view: dict[str, Any], words: Sequence[Sequence[Any]]) -> MahjongAssist:
    """The mahjong assist for one view and the mahjong words of its legal moves (may be empty)."""
    variant = "five" if view.get("game") == "five" else "riichi"
    seat = seat_from_view(view, variant)
    table = discard_table(view, words, seat)
    if table:
        now = table[0].shanten
        best = tuple(d for d in table if (d.shanten, d.ukeire) == (now, table[0].ukeire))
    else:
        counts = seat.counts
        now = shanten(counts, _forms(seat)) if sum(counts) % 3 != 0 else 8
        best = ()
    near = near_five(seat, now) if variant == "five" else near_riichi(seat, now)
    return MahjongAssist(now, tuple(table), best, tuple(near))


def draw_lowers_shanten(view: dict[str, Any], words: Sequence[Sequence[Any]]) -> bool:
    """Whether some legal discard other than the drawn tile leaves a lower shanten than letting the
    drawn tile go (shanten only: cheaper than :func:`mahjong_assist`). False without a draw."""
    drawn = view.get("drawn")
    if not drawn:
        return False
    seat = seat_from_view(view, "five" if view.get("game") == "five" else "riichi")
    counts = list(seat.counts)
    forms = _forms(seat)

    def after(tile: str) -> int:
        kind = parse_kinds(tile)[0]
        counts[kind] -= 1
        value = shanten(tuple(counts), forms)
        counts[kind] += 1
        return value

    kept = after(str(drawn))
    for w in words:
        picked = discarded(w)
        if picked is not None and not picked[1] and after(picked[0]) < kept:
            return True
    return False
