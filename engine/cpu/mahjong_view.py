"""From a mahjong view (riichi, Five, Janpo's mahjong half) and legal list to a :class:`Seat`,
options, and back to a move in the legal list's own words."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.base import Move
from engine.cpu.efficiency import Forms
from engine.cpu.mahjong_claims import ClaimChoice, ClaimOptions, choose_claim
from engine.cpu.mahjong_play import TurnChoice, TurnOptions, choose_turn
from engine.cpu.seat import Opponent, Seat
from engine.tiles import kind_name, parse, parse_kinds

WIND_KINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
TURN_WORDS = frozenset({"discard", "tsumogiri", "riichi", "tsumo", "ankan", "kakan"})


def tile_ids(names: Sequence[str]) -> list[int]:
    """Stand-in 136 ids for tile names: a red five is copy 0, plain copies count up from 1."""
    used: dict[int, int] = {}
    out = []
    for name in names:
        for kind, red in parse(name):
            if red:
                out.append(kind * 4)
                continue
            copy = used.get(kind, 1 if kind < 27 and kind % 9 == 4 else 0)
            used[kind] = copy + 1
            out.append(kind * 4 + min(copy, 3))
    return out


def _wind(value: Any) -> int:
    if isinstance(value, str) and value in WIND_KINDS:
        return WIND_KINDS[value]
    if isinstance(value, str) and value.endswith("z"):
        return parse_kinds(value)[0]
    return 27


def _meld_kinds(meld: dict[str, Any]) -> list[int]:
    return [k for name in meld.get("tiles", []) for k in parse_kinds(name)]


def passed_after_riichi(seats: Sequence[dict[str, Any]], dealer: str | None) -> dict[int, set[int]]:
    """Per riichi seat, kinds others discarded after its riichi (it did not ron them: R12).

    Discards carry their place in the kyoku's order (``order``) when the view has it; without it
    the order is reckoned from discard counts and seat order from the dealer, keeping a turn of
    margin per call.
    """
    if all("order" in d for s in seats for d in s.get("discards", [])):
        out: dict[int, set[int]] = {}
        for x, sx in enumerate(seats):
            at = next((d["order"] for d in sx.get("discards", []) if d.get("riichi")), None)
            if at is not None:
                out[x] = {k for y, sy in enumerate(seats) if y != x for d in sy.get("discards", [])
                          if d["order"] > at for k in parse_kinds(d["tile"])}
        return out
    n = len(seats)
    names = [s.get("player") for s in seats]
    first = names.index(dealer) if dealer in names else 0
    calls = sum(1 for s in seats for m in s.get("melds", []) if m.get("type") in ("chi", "pon", "kan"))
    out = {}
    for x, sx in enumerate(seats):
        declared = next((i for i, d in enumerate(sx.get("discards", [])) if d.get("riichi")), None)
        if declared is None:
            continue
        since = declared * n + (x - first) % n + calls * n
        out[x] = {k for y, sy in enumerate(seats) if y != x
                  for i, d in enumerate(sy.get("discards", [])) if i * n + (y - first) % n > since
                  for k in parse_kinds(d["tile"])}
    return out


def seat_from_view(view: dict[str, Any], variant: str) -> Seat:
    """Everything a mahjong decision reads, taken from the player's own view."""
    me = view["player"]
    seats: list[dict[str, Any]] = view.get("seats") or []
    hand = list(view.get("hand") or [])
    drawn = view.get("drawn")
    tiles = tile_ids(hand + ([drawn] if drawn else []))
    mine = next((s for s in seats if s.get("player") == me), {})
    melds = [(_meld_kinds(m), m.get("type") != "ankan") for m in mine.get("melds", [])]
    opponents = []
    passed = passed_after_riichi(seats, view.get("dealer"))
    for i, s in enumerate(seats):
        if s.get("player") == me:
            continue
        river = s.get("discards", [])
        # A called discard sits in the caller's meld: count it once, but it stays safe (furiten).
        discards = [k for d in river if not d.get("called") for k in parse_kinds(d["tile"])]
        safe = {k for d in river for k in parse_kinds(d["tile"])} | passed.get(i, set())
        opponents.append(Opponent(discards=discards, melds=[_meld_kinds(m) for m in s.get("melds", [])
                                                              if m.get("type") != "ankan"],
                                  riichi=bool(s.get("riichi")), safe=safe,
                                  dealer=variant != "five" and s.get("player") == view.get("dealer")))
    options = view.get("options") or {}
    if variant == "five":
        forms = Forms(bool(options.get("seven_pairs", False)), bool(options.get("thirteen_orphans", False)))
    else:
        forms = Forms(True, True)
    return Seat(
        variant=variant,
        hand=tiles,
        drawn=tiles[-1] if drawn else None,
        melds=melds,
        seat_wind=_wind(view.get("seat_wind")),
        round_wind=_wind(view.get("round_wind")),
        dora_indicators=[k for name in view.get("dora_indicators") or [] for k in parse_kinds(name)],
        opponents=opponents,
        wall_left=int(view.get("tiles_left") or 0),
        forms=forms,
        in_riichi=bool(view.get("riichi_declared")),
        red_fives=any("0" in n for n in hand + ([drawn] if drawn else [])) or bool(options.get("red_fives", True)),
        first_turn=not mine.get("discards") and not any(s.get("melds") for s in seats),
    )


def _kind(name: str, seat: Seat) -> int:
    if name == "tsumogiri":
        assert seat.drawn is not None
        return seat.drawn // 4
    return parse_kinds(name)[0]


def turn_options(words: Sequence[Sequence[Any]], seat: Seat) -> TurnOptions:
    """Options from the mahjong parts of legal moves (``["discard", "5m"]``, ``["tsumo"]``...)."""
    opts = TurnOptions(discards=set())
    for w in words:
        if not w:
            continue
        if w[0] == "discard":
            opts.discards.add(_kind(w[1], seat))
        elif w[0] == "tsumogiri":
            opts.discards.add(_kind("tsumogiri", seat))
        elif w[0] == "riichi":
            opts.riichi.add(_kind(w[1], seat))
        elif w[0] == "tsumo":
            opts.tsumo = True
        elif w[0] == "ankan":
            opts.ankan.add(_kind(w[1], seat))
        elif w[0] == "kakan":
            opts.kakan.add(_kind(w[1], seat))
    return opts


def _names_of_kind(kind: int, names: Sequence[str]) -> list[str]:
    return [n for n in names if n != "tsumogiri" and parse_kinds(n)[0] == kind]


def discard_words(kind: int, words: Sequence[Sequence[Any]], seat: Seat, verb: str = "discard",
                  tsumogiri: bool | None = None) -> list[Any]:
    """The mahjong words for discarding one ``kind``: a plain copy before a red five, and the
    drawn tile (tsumogiri) when it is that kind and not a red five, unless told otherwise."""
    pool = [list(w) for w in words if w and w[0] == verb]
    if verb == "discard":
        pool += [["discard", "tsumogiri"] for w in words if w and w[0] == "tsumogiri"]
    names = [w[1] for w in pool]
    drawn_ok = "tsumogiri" in names and seat.drawn is not None and seat.drawn // 4 == kind
    drawn_red = drawn_ok and seat.drawn is not None and seat.drawn in (16, 52, 88)
    plain = [n for n in _names_of_kind(kind, names) if not n.startswith("0")]
    red = [n for n in _names_of_kind(kind, names) if n.startswith("0")]
    if tsumogiri is True and drawn_ok:
        choice = "tsumogiri"
    elif tsumogiri is False and (plain or red):
        choice = (plain or red)[0]
    elif drawn_ok and not drawn_red:
        choice = "tsumogiri"
    elif plain or red:
        choice = (plain or red)[0]
    elif drawn_ok:
        choice = "tsumogiri"
    else:
        raise ValueError(f"no legal {verb} of {kind_name(kind)}")
    if verb == "discard":
        return ["tsumogiri"] if choice == "tsumogiri" else ["discard", choice]
    return [verb, choice]


def turn_words(choice: TurnChoice, words: Sequence[Sequence[Any]], seat: Seat,
               tsumogiri: bool | None = None) -> list[Any]:
    if choice.action == "tsumo":
        return ["tsumo"]
    assert choice.kind is not None
    if choice.action in ("ankan", "kakan"):
        return next(list(w) for w in words if w and w[0] == choice.action and _kind(w[1], seat) == choice.kind)
    return discard_words(choice.kind, words, seat, choice.action, tsumogiri)


def claim_options(words: Sequence[Sequence[Any]], view: dict[str, Any]) -> ClaimOptions:
    last = view.get("last_discard") or {}
    kind = parse_kinds(last.get("tile") or "1z")[0]
    opts = ClaimOptions(kind=kind)
    for w in words:
        if w[0] == "ron":
            opts.ron = True
        elif w[0] == "pon":
            opts.pon = True
        elif w[0] == "kan":
            opts.kan = True
        elif w[0] == "chi":
            kinds = parse_kinds(w[1])
            opts.chi.append((kinds[0], kinds[1]))
    return opts


def claim_words(choice: ClaimChoice, words: Sequence[Sequence[Any]]) -> list[Any]:
    if choice.action == "chi":
        assert choice.tiles is not None
        fits = [list(w) for w in words if w[0] == "chi" and tuple(parse_kinds(w[1])) == choice.tiles]
        fits.sort(key=lambda w: "0" in w[1])  # keep a red five in hand when a plain one does
        return fits[0]
    return [choice.action]


def is_turn(words: Sequence[Sequence[Any]]) -> bool:
    return any(w and w[0] in TURN_WORDS for w in words)


def mahjong_words(view: dict[str, Any], words: list[list[Any]], rng: random.Random, level: str,
                  variant: str) -> list[Any]:
    """The mahjong part of a move, for a draw turn, a discard after a call, or a claim."""
    seat = seat_from_view(view, variant)
    if is_turn(words):
        choice = choose_turn(seat, turn_options(words, seat), rng, level)
        return turn_words(choice, words, seat)
    return claim_words(choose_claim(seat, claim_options(words, view), rng, level), words)


def mahjong_move(view: dict[str, Any], legal: list[Move], rng: random.Random, level: str) -> Move:
    player = legal[0][0]
    variant = "five" if view.get("game") == "five" else "riichi"
    return [player, *mahjong_words(view, [m[1:] for m in legal], rng, level, variant)]
