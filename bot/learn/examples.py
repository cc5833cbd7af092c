"""The example hands of docs/LEARN.md, as plain notation: one per yaku, Five category and poker rank.

They are data, not pictures, so a test can score each one with the engine and fail if an example
does not show what the guide says it shows. Tiles use the project notation (``123m``, ``0p`` for a
red five, ``1z``..``7z`` = East South West North White Green Red).
"""

from __future__ import annotations

from dataclasses import dataclass, field

MeldSpec = tuple[str, str]
"""(kind, tiles): ``("pon", "555z")``, ``("chi", "345m")``, ``("kan", "2222m")``, ``("ankan", "5555p")``."""


@dataclass(frozen=True)
class Hand:
    """A complete hand: concealed tiles (the winning tile among them), declared sets, how it was won.

    ``name`` is the yaku (the scoring library's name, as results print it) or Five category the
    hand shows; ``slug`` names its picture. Seat South in an East round unless said otherwise."""

    name: str
    slug: str
    closed: str
    win: str
    melds: tuple[MeldSpec, ...] = ()
    tsumo: bool = False
    seat_wind: int = 1
    flags: frozenset[str] = field(default_factory=frozenset)


def _h(name: str, slug: str, closed: str, win: str, *melds: MeldSpec, tsumo: bool = False, seat: int = 1,
       flags: str = "") -> Hand:
    return Hand(name, slug, closed, win, tuple(melds), tsumo, seat, frozenset(flags.split()))


RIICHI_YAKU: tuple[Hand, ...] = (
    # 1 han
    _h("Riichi", "riichi", "123m678m456p789s33z", "7m", flags="riichi"),
    _h("Ippatsu", "ippatsu", "123m678m456p789s33z", "7m", flags="riichi ippatsu"),
    _h("Menzen Tsumo", "menzen-tsumo", "123m678m456p789s33z", "7m", tsumo=True),
    _h("Pinfu", "pinfu", "123m678m456p789s33z", "8m"),
    _h("Tanyao", "tanyao", "234m456m567p678s88p", "5m"),
    _h("Iipeiko", "iipeiko", "223344m567p789s33z", "8s"),
    _h("Yakuhai (haku)", "yakuhai", "123m456p789s22s", "2s", ("pon", "555z")),
    _h("Haitei Raoyue", "haitei", "123m678m456p33z", "7m", ("chi", "789s"), tsumo=True, flags="haitei"),
    _h("Houtei Raoyui", "houtei", "123m678m456p33z", "7m", ("chi", "789s"), flags="houtei"),
    _h("Rinshan Kaihou", "rinshan", "123m678m456p33z", "7m", ("kan", "8888s"), tsumo=True, flags="rinshan"),
    _h("Chankan", "chankan", "123m678m456p33z", "7m", ("chi", "789s"), flags="chankan"),
    # 2 han
    _h("Double Riichi", "double-riichi", "123m678m456p789s33z", "7m", flags="double_riichi"),
    _h("Chiitoitsu", "chiitoitsu", "1133m5577p2288s66z", "6z"),
    _h("Sanshoku Doujun", "sanshoku", "345m789m345p345s33z", "4s"),
    _h("Ittsu", "ittsu", "123456789p345m33z", "5p"),
    _h("Chantai", "chantai", "123m999m789p123s33z", "2s"),
    _h("Toitoi", "toitoi", "777s33z", "7s", ("pon", "222m"), ("pon", "888p"), ("pon", "444s")),
    _h("San Ankou", "san-ankou", "222m555p777s33z", "3z", ("chi", "345m")),
    _h("Sanshoku Doukou", "sanshoku-doukou", "333s789m55z", "5z", ("pon", "333m"), ("pon", "333p")),
    _h("San Kantsu", "san-kantsu", "678m33z", "3z", ("kan", "2222m"), ("ankan", "8888p"), ("kan", "7777s")),
    _h("Honroutou", "honroutou", "999s11s333z", "1s", ("pon", "111m"), ("pon", "999p")),
    _h("Shou Sangen", "shou-sangen", "123m456p77z", "3m", ("pon", "555z"), ("pon", "666z")),
    # 3 han and more
    _h("Honitsu", "honitsu", "123p345p678p11p333z", "7p"),
    _h("Junchan", "junchan", "123m789m123p999s11s", "2p"),
    _h("Ryanpeikou", "ryanpeikou", "223344m667788p55s", "5s"),
    _h("Chinitsu", "chinitsu", "12334556778999m", "8m"),
    # yakuman
    _h("Kokushi Musou", "kokushi", "119m19p19s1234567z", "7z"),
    _h("Suu Ankou", "suu-ankou", "222m555p777s999s33z", "9s", tsumo=True),
    _h("Daisangen", "daisangen", "777z123m99p", "3m", ("pon", "555z"), ("pon", "666z")),
    _h("Shousuushii", "shousuushii", "333z44z123m", "3m", ("pon", "111z"), ("pon", "222z")),
    _h("Dai Suushii", "dai-suushii", "444z55m", "5m", ("pon", "111z"), ("pon", "222z"), ("pon", "333z")),
    _h("Tsuu Iisou", "tsuu-iisou", "333z666z55z", "5z", ("pon", "111z"), ("pon", "222z")),
    _h("Ryuuiisou", "ryuuiisou", "223344s666s888s66z", "4s"),
    _h("Chinroutou", "chinroutou", "111p999s11s", "1s", ("pon", "111m"), ("pon", "999m")),
    _h("Chuuren Poutou", "chuuren", "11122345678999m", "4m"),
    _h("Suu Kantsu", "suu-kantsu", "99m", "9m", ("kan", "2222m"), ("ankan", "5555p"), ("kan", "7777s"),
       ("kan", "3333z")),
    _h("Tenhou", "tenhou", "123m678m456p789s33z", "7m", tsumo=True, seat=0, flags="tenhou"),
    _h("Chiihou", "chiihou", "123m678m456p789s33z", "7m", tsumo=True, flags="chiihou"),
)
"""Every yaku a game under RULES.md R6 can score, with a hand that scores it."""

FIVE_CATEGORIES: tuple[Hand, ...] = (
    # Five's line keys (engine/five/lines.py): closed_hand, vip_set, outside / inside, all_triplets, one_suit.
    Hand("closed_hand", "five-closed", "123m678m456p789s33z", "7m", tsumo=True),
    Hand("vip_set", "five-vip", "123m456p789s22s", "2s", (("pon", "666z"),)),
    Hand("outside", "five-outside", "123m999m789p123s33z", "2s"),
    Hand("inside", "five-inside", "234m456m678s22p", "2p", (("chi", "567p"),)),
    Hand("all_triplets", "five-triplets", "777s33z", "7s", (("pon", "222m"), ("pon", "888p"), ("pon", "444s"))),
    Hand("one_suit", "five-one-suit", "345p678p11p333z", "7p", (("chi", "123p"),)),
)
"""One hand per Mahjong Five yaku category (F4), open where the category allows it."""

POKER_RANKS: tuple[tuple[str, str], ...] = (
    # (treys' class name, five cards best first)
    ("Royal Flush", "AhKhQhJhTh"),
    ("Straight Flush", "9c8c7c6c5c"),
    ("Four of a Kind", "QsQhQdQc7d"),
    ("Full House", "JhJdJc4s4h"),
    ("Flush", "Ad9d7d4d2d"),
    ("Straight", "Ts9h8d7c6s"),
    ("Three of a Kind", "7s7h7dKc2s"),
    ("Two Pair", "KsKd5h5c9s"),
    ("Pair", "AsAcJd8h3s"),
    ("High Card", "AdJs8c5h3d"),
)
"""The hold'em ranking, best first (treys names the ace-high straight flush apart)."""


@dataclass(frozen=True)
class Shape:
    """A hand on the way to a win, as the DM captions it: shanten and the waits with tiles left."""

    tiles: str
    shanten: int
    waits: tuple[tuple[str, int], ...] = ()
    drawn: str | None = None


SHAPES: dict[str, Shape] = {
    "tenpai": Shape("123m456p789s555z2s", 0, (("2s", 3),)),
    "two-sided-wait": Shape("123m456p555z22s67s", 0, (("5s", 4), ("8s", 4))),
    "one-shanten": Shape("123m456p555z22s69s", 1, drawn="1z"),
}
"""The guide's pictures of tenpai and 1-shanten (stem -> hand)."""


def tiles(text: str) -> list[str]:
    """``"123m0p"`` -> ``["1m", "2m", "3m", "0p"]``: notation split into one code per tile."""
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def cards(text: str) -> list[str]:
    """``"AhKd"`` -> ``["Ah", "Kd"]``."""
    return [text[i:i + 2] for i in range(0, len(text), 2)]
