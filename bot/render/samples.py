"""Sample scenes: drawn by the golden-image tests, the benchmark and the README pictures."""

from __future__ import annotations

from bot.render.model import (
    Discard,
    FiveResult,
    HandImage,
    HoldemSeat,
    HoldemTable,
    KyokuResult,
    MeldView,
    PokerSeat,
    PokerTurn,
    Pot,
    PotResult,
    ScoreChange,
    ScoreLine,
    SeatView,
    ShowdownHand,
    ShowdownImage,
    Standing,
    StandingsImage,
    TableImage,
    Wait,
)


def pond(tiles: str, riichi_at: int | None = None, called: tuple[int, ...] = (), last: bool = False) -> tuple[Discard, ...]:
    names = tiles.split()
    return tuple(Discard(t, i == riichi_at, i in called, last and i == len(names) - 1) for i, t in enumerate(names))


# Janpo, just after a chi of 3s from the left: kuikae greys 3s and 6s (R3); hole cards and flop.
HAND = HandImage(
    tiles=tuple("4m 2m 3m 7p 0p 6p 6s 1z 3s 6s 1z".split()),
    melds=(MeldView("chi", ("3s", "4s", "5s"), called="3s", source="left"),),
    forbidden=frozenset({"3s", "6s"}),
    shanten=0,
    hole_cards=("Ah", "Kd"),
    board=("7c", "8s", "Ts"),
    dora_indicators=("4p",),
    title="East 2 · South",
)

# Janpo on the turn, the action on this player at their draw (J7): the call, pot and points behind.
HAND_POKER = HandImage(
    tiles=tuple("2m 3m 4m 4m 4m 1s 3s 4s 5s 6s 7s 9s 2z".split()),
    drawn="2z",
    shanten=1,
    hole_cards=("8d", "Ah"),
    board=("As", "7s", "2s", "Jd"),
    dora_indicators=("6z",),
    title="East 1 · South",
    poker_turn=PokerTurn(to_call=3900, pot=9000, behind=22800),
)

# Riichi with a closed kan, the drawn tile set apart, a shanpon wait and furiten (R9, R12).
HAND_RIICHI = HandImage(
    tiles=tuple("1m 2m 3m 4p 5p 6p 2z 2z 5m 5m".split()),
    drawn="9p",
    melds=(MeldView("ankan", ("1p", "1p", "1p", "1p")),),
    riichi=True,
    waits=(Wait("5m", 2), Wait("2z", 0)),
    furiten=True,
    shanten=0,
    dora_indicators=("1z", "8m"),
    title="South 1 · West",
)

# A busy riichi table: a riichi discard, called-away discards, chi, pon, open, closed and added kans.
TABLE = TableImage(
    game="riichi",
    seats=(
        SeatView("Alice", "E", 31200, pond("1z 9m 1p 2z 8s 4m 7z 3p 6s 1m 9p", riichi_at=6), riichi=True, dealer=True),
        SeatView("Bob", "S", 17400, pond("9s 1m 3z 5p 2s 8m 7p 4z 6z", called=(4,), last=True),
                 melds=(MeldView("pon", ("7z", "7z", "7z"), called="7z", source="across"),
                        MeldView("kakan", ("5p", "5p", "0p", "5p"), called="5p", source="right", added="0p"))),
        SeatView("채윤", "W", 27000, pond("4z 1s 9p 2m 6m 3s 8p 1z 2p 7s 5m 9s 3m", called=(8,)),
                 melds=(MeldView("ankan", ("2s", "2s", "2s", "2s")),)),
        SeatView("Dmitri", "N", 23400, pond("6z 7m 2p 9m 1s 4s"),
                 melds=(MeldView("kan", ("8m", "8m", "8m", "8m"), called="8m", source="left"),
                        MeldView("chi", ("3s", "4s", "0s"), called="4s", source="left"))),
    ),
    round_wind="S", kyoku=3, honba=2, deposits=1, turn=2,
    dora_indicators=("9m", "3z", "6p", "1s"), wall=38,
)

# Janpo late in E4 (J4, J9-J12): Dan is out of poker, so the dealer holds the button; on the flop
# Bob and Carol are all-in for different amounts, making a main pot and two side pots.
JANPO_TABLE = TableImage(
    game="janpo",
    seats=(
        SeatView("Alice", "E", 46200, pond("1z 9m 2z 8s 4m 3p"), dealer=True,
                 poker=PokerSeat(bet=0, status="to_act", position="BTN")),
        SeatView("Bob", "S", 0, pond("9s 1m 3z 5p 2s"),
                 melds=(MeldView("pon", ("6z", "6z", "6z"), called="6z", source="left"),),
                 poker=PokerSeat(bet=800, status="all_in", position="SB")),
        SeatView("Carol", "W", 0, pond("4z 1s 9p 2m 5s", riichi_at=3), riichi=True,
                 poker=PokerSeat(bet=1500, status="all_in", position="BB")),
        SeatView("Dan", "N", -3500, pond("6z 7m 2p 3z 8p"), poker=PokerSeat(status="busted")),
    ),
    round_wind="E", kyoku=4, honba=1, deposits=1, turn=0,
    dora_indicators=("3p",), wall=47,
    pots=(Pot(1500, ("Alice", "Bob", "Carol")), Pot(1600, ("Bob", "Carol")), Pot(700, ("Carol",))),
    board=("Qh", "7d", "2c"),
)

# Mahjong Five: closed hand + riichi, green dragon triplet, one dora; ron pays 3 x base (F4-F6, F9).
FIVE_RESULT = FiveResult(
    title="South round",
    winner="Mina", loser="Dad",
    hand=tuple("2m 3m 4m 5p 6p 7p 3s 4s 5s 6z 6z 6z 9p".split()),
    win_tile="9p",
    lines=(ScoreLine("Closed Hand", 1), ScoreLine("Riichi", 1, bonus=True),
           ScoreLine("VIP Sets: green dragon", 1), ScoreLine("Dora", 1)),
    total_han=4, base_score=40,
    dora_indicators=("4p",), ura_indicators=("7s",),
    changes=(ScoreChange("Mina", 120), ScoreChange("Dad", -120), ScoreChange("Mom", 0), ScoreChange("Joon", 0)),
)

# Dealer tsumo, 4 han 30 fu: kiriage mangan (R6), 4,000 all plus one honba.
KYOKU_RESULT = KyokuResult(
    title="E2",
    winner="Alice",
    hand=tuple("2m 3m 4m 0p 6p 7p 3s 4s 5s 7z 7z".split()),
    win_tile="7z",
    melds=(MeldView("pon", ("1z", "1z", "1z"), called="1z", source="right"),),
    lines=(ScoreLine("Seat wind: East", 1, romaji="Yakuhai (seat wind east)"),
           ScoreLine("Round wind: East", 1, romaji="Yakuhai (round wind east)"), ScoreLine("Dora", 1, romaji="Dora"),
           ScoreLine("Red fives", 1, romaji="Aka Dora")),
    han=4, fu=30, value="Mangan · 4,100 all",
    dora_indicators=("4p",),
    changes=(ScoreChange("Alice", 12300), ScoreChange("Bob", -4100), ScoreChange("Carol", -4100),
             ScoreChange("Dave", -4100)),
)

STANDINGS = StandingsImage(
    "Final standings",
    (Standing(1, "Alice", 41200, "+61.2"), Standing(2, "Bob", 30100, "+10.1"),
     Standing(3, "채윤", 19000, "−21.0"), Standing(4, "Dave", 9700, "−50.3")),
    footer="Riichi · East+South",
)

_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan")
_STATUS = ("in", "to_act", "folded", "all_in", "busted", "in", "in", "folded", "in")
_BETS = (0, 400, 400, 1250, 0, 0, 400, 0, 0)

HOLDEM_TABLE = HoldemTable(
    seats=tuple(
        HoldemSeat(n, 0 if s in ("all_in", "busted") else 8000 + 900 * i,
                   PokerSeat(bet=_BETS[i], status=s, position={1: "SB", 2: "BB"}.get(i, "")),  # type: ignore[arg-type]
                   button=i == 0, in_hand=s != "busted")
        for i, (n, s) in enumerate(zip(_NAMES, _STATUS, strict=True))
    ),
    board=("Ah", "Kd", "7c", "2s"),
    pots=(Pot(5600), Pot(2550, ("Alice", "Bob", "Dave"))),
    small_blind=100, big_blind=200, hand_no=12,
)

SHOWDOWN = ShowdownImage(
    board=("Ah", "Kd", "7c", "2s", "9h"),
    hands=(ShowdownHand("Alice", ("As", "Ad"), "Three of a kind, aces", won=8150),
           ShowdownHand("Dave", ("Kh", "Ks"), "Three of a kind, kings"),
           ShowdownHand("Carol", (), folded=True)),
    pots=(PotResult(5600, ("Alice",)), PotResult(2550, ("Alice",))),
)
