"""The ways one winning hand can be read, as plain data the yaku predicates look at.

The `mahjong` library's HandDivider finds every split into four sets and a pair (and seven pairs);
each split becomes a :class:`Reading` together with what the table adds (closed, riichi, winds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld as LibMeld

from engine.tiles import Meld, MeldKind, to_34

Block = tuple[int, ...]

_LIB_KIND = {
    MeldKind.CHI: LibMeld.CHI,
    MeldKind.PON: LibMeld.PON,
    MeldKind.MINKAN: LibMeld.KAN,
    MeldKind.ANKAN: LibMeld.KAN,
    MeldKind.KAKAN: LibMeld.SHOUMINKAN,
}


@dataclass(frozen=True, slots=True)
class Reading:
    """One split of a winning hand. ``blocks`` are 34-kinds: sets of 3 or 4 (a quad), pairs of 2.

    ``kinds`` is every tile of the hand, declared melds included; ``closed`` means no open meld
    (a closed kan keeps the hand closed).
    """

    blocks: tuple[Block, ...]
    kinds: tuple[int, ...]
    closed: bool
    riichi: bool = False
    seat_wind: int = 0
    round_wind: int = 0

    @property
    def sets(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if len(b) >= 3)

    @property
    def pairs(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if len(b) == 2)

    @property
    def is_seven_pairs(self) -> bool:
        return len(self.pairs) == 7


def is_sequence(block: Block) -> bool:
    return len(block) == 3 and block[0] != block[1]


def is_triplet(block: Block) -> bool:
    """A triplet or a quad."""
    return len(block) >= 3 and block[0] == block[1]


def lib_meld(meld: Meld) -> LibMeld:
    """The library's form of a declared meld (a kan carries its four ids)."""
    return LibMeld(_LIB_KIND[meld.kind], sorted(meld.tiles), opened=meld.opened)


def all_kinds(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every tile's 34-kind, concealed tiles first, then each meld's tiles."""
    return [t // 4 for t in concealed] + [t // 4 for m in melds for t in m.tiles]


def readings(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    *,
    riichi: bool = False,
    seat_wind: int = 0,
    round_wind: int = 0,
    seven_pairs: bool = False,
) -> list[Reading]:
    """Every reading of a complete hand (none if the shape is not complete).

    >>> from engine.five.hand_text import ids_of
    >>> [r.blocks for r in readings(ids_of("111222333m78999p"))]
    [((0, 0, 0), (1, 1, 1), (2, 2, 2), (15, 16, 17), (17, 17)), ((0, 1, 2), (0, 1, 2), (0, 1, 2), (15, 16, 17), (17, 17))]
    """
    kinds = all_kinds(concealed, melds)
    counts = to_34([k * 4 for k in kinds])
    closed = not any(m.opened for m in melds)
    out: list[Reading] = []
    for split in HandDivider.divide_hand(counts, [lib_meld(m) for m in melds]):
        blocks = tuple(tuple(b) for b in split)
        if len(blocks) == 7 and not seven_pairs:
            continue
        out.append(Reading(blocks, tuple(kinds), closed, riichi, seat_wind, round_wind))
    return out
