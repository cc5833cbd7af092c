"""What the images say: the dora indicator label, the kuikae note, the game-over picture, the CO,
display names and the numbers of a Janpo poker turn. Every string drawn is recorded."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.render import draw, render_hand, render_holdem_table, render_table
from bot.render import samples as cases
from bot.render.adapt import hand_from_view, holdem_from_view, table_from_view, with_names
from bot.render.model import HandImage, PokerTurn, Pot
from bot.render.texts import DEFAULT_TEXTS

NAMES = {"A": "Aoi", "B": "Bora", "C": "Chen", "D": "Dara"}


@pytest.fixture
def drawn() -> Iterator[list[str]]:
    """Every string any renderer draws, in order (all text goes through ``draw.write``)."""
    with draw.watch_text() as seen:
        yield seen


def _seat(player: str, wind: str, points: int, melds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"player": player, "wind": wind, "points": points, "riichi": False, "discards": [],
            "melds": melds or []}


def _janpo_view(poker: dict[str, Any], **extra: Any) -> dict[str, Any]:
    seats = [_seat("A", "E", 25200), _seat("B", "S", 22800), _seat("C", "W", 18700), _seat("D", "N", 24300)]
    view = {"game": "janpo", "round": "E1", "round_wind": "E", "dealer": "A", "honba": 0, "deposits": 0,
            "tiles_left": 50, "dora_indicators": ["6z"], "turn": "B", "seats": seats, "finished": False,
            "poker": poker}
    view.update(extra)
    return view


# A Janpo flop as the engine shows it (seed 7): C bet 3,900, B is to act with 22,800 behind.
FLOP = {"blinds": [200, 500], "hand": 2, "seats": {"A": "folded", "B": "in", "C": "in", "D": "folded"},
        "shown": {}, "street": "flop", "board": "As7s2s", "pot": 9000,
        "pots": [{"amount": 5100, "eligible": ["B", "C"]}], "bets": {"A": 0, "B": 0, "C": 3900, "D": 0},
        "current_bet": 3900, "min_raise": 3900, "button": "C", "small_blind": "D", "big_blind": "A",
        "to_act": "B"}

# The same game's last public view: A and C are out of poker, no hand is dealt, A held the turn.
FINAL = {"blinds": [200, 500], "hand": 30, "seats": {"A": "busted", "B": "out", "C": "busted", "D": "out"},
         "shown": {}, "street": None, "board": "", "pot": 0, "pots": [], "bets": {}, "to_act": None,
         "button": "B"}


# ---- 1. the dora area shows the indicator, and says so

def test_dora_area_is_labelled_dora_indicator(drawn: list[str]) -> None:
    assert DEFAULT_TEXTS["dora"] == "Dora indicator"
    render_hand(cases.HAND)
    render_table(cases.TABLE)
    assert drawn.count("Dora indicator") == 2 and "Dora" not in drawn


def test_table_dora_label_translates(drawn: list[str]) -> None:
    render_table(cases.TABLE, {"dora": "도라 표시패"})
    assert "도라 표시패" in drawn


# ---- 2. the kuikae note explains greyed tiles only when one is in the hand (R3)

KUIKAE = DEFAULT_TEXTS["kuikae"]


def test_kuikae_note_absent_when_no_held_tile_is_greyed(drawn: list[str]) -> None:
    """R3: after a pon of the last copy nothing held is barred, so there is nothing to explain."""
    hand = HandImage(tiles=tuple("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z".split()), forbidden=frozenset({"3s"}))
    img = render_hand(hand)
    assert KUIKAE not in drawn
    assert img.size == render_hand(replace(hand, forbidden=frozenset())).size  # no empty caption band


@pytest.mark.parametrize(("tiles", "drawn_tile", "forbidden"), [
    ("1m 2m 3m 4p 5p 6p 7s 8s 9s 3s", None, "3s"),
    ("1m 2m 3m 4p 5p 6p 7s 8s 9s 0s", None, "5s"),  # a red five is barred with its plain five
    ("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z", "3s", "3s"),
])
def test_kuikae_note_present_when_a_held_tile_is_greyed(drawn: list[str], tiles: str, drawn_tile: str | None,
                                                        forbidden: str) -> None:
    render_hand(HandImage(tiles=tuple(tiles.split()), drawn=drawn_tile, forbidden=frozenset({forbidden})))
    assert KUIKAE in drawn


# ---- 3. the game-over picture names no turn, nobody to act and no position

def test_finished_view_gives_a_finished_table() -> None:
    """D60: the final picture names nobody's turn and no position, where the live one did."""
    dealt = {**FINAL, "seats": {"A": "busted", "B": "in", "C": "busted", "D": "in"}, "street": "preflop"}
    live = table_from_view(_janpo_view(dealt, turn="A"))
    assert not live.finished and live.turn == 0 and live.seats[1].poker is not None
    assert live.seats[1].poker.position == "BTN"
    table = table_from_view(_janpo_view(FINAL, turn="A", finished=True))
    assert table.finished and table.turn is None
    assert [(s.poker.status, s.poker.position) for s in table.seats if s.poker] == [
        ("busted", ""), ("in", ""), ("busted", ""), ("in", "")]


def test_finished_janpo_table_draws_no_turn_or_action_badges(drawn: list[str]) -> None:
    """D60: the final picture names nobody's turn and no position; MAHJONG ONLY stays for the
    players out of poker for good, and the seats merely not dealt in show nothing."""
    render_table(table_from_view(_janpo_view(FINAL, turn="A", finished=True)))
    assert not {"TO DISCARD", "TO ACT", "BTN", "SB", "BB", "CO"} & set(drawn)
    assert drawn.count("MAHJONG ONLY") == 2  # out of poker for good (J12) still shows


def test_finished_sample_table_keeps_busted_only(drawn: list[str]) -> None:
    render_table(replace(cases.JANPO_TABLE, finished=True))
    assert not {"TO DISCARD", "TO ACT", "BTN", "SB", "BB", "ALL-IN"} & set(drawn)
    drawn.clear()
    render_table(cases.JANPO_TABLE)
    assert {"TO DISCARD", "TO ACT", "BTN", "SB", "BB", "ALL-IN", "MAHJONG ONLY"} <= set(drawn)


def test_a_seat_not_dealt_in_shows_no_position(drawn: list[str]) -> None:
    """D60: with no poker hand running, the last hand's button (B, not dealt in now) and the
    blinds of seats left out are not drawn; a seat dealt in keeps its mark."""
    view = {**FINAL, "small_blind": "D", "big_blind": "A"}
    table = table_from_view(_janpo_view(view, turn="A"))
    assert [s.poker.position for s in table.seats if s.poker] == ["", "", "", ""]
    render_table(table)
    assert not {"BTN", "SB", "BB", "CO"} & set(drawn)
    dealt = {**view, "seats": {"A": "busted", "B": "in", "C": "busted", "D": "in"}, "street": "preflop"}
    assert [s.poker.position for s in table_from_view(_janpo_view(dealt, turn="A")).seats if s.poker] == [
        "", "BTN", "", "SB"]


def test_janpo_out_means_not_dealt_and_draws_no_badge() -> None:
    """In Janpo ``busted`` is said apart (J12); ``out`` is only "no hand dealt now" (D60)."""
    table = table_from_view(_janpo_view(FINAL, turn="A"))
    assert [s.poker.status for s in table.seats if s.poker] == ["busted", "in", "busted", "in"]


def test_finished_holdem_table_draws_no_button_or_action(drawn: list[str]) -> None:
    """D60: no button, blind or action once the game is over; BUSTED (never MAHJONG ONLY) stays."""
    view = {"game": "holdem", "hand": 40, "blinds": [100, 200], "button": "B", "stacks": {"A": 0, "B": 60000},
            "finished": True, "street": None, "board": "", "pot": 0, "pots": [], "bets": {}, "to_act": None,
            "seats": {"A": "out", "B": "in"}, "small_blind": "B", "big_blind": "A"}
    table = holdem_from_view(view)
    assert table.finished and not any(s.button or s.poker.position or s.poker.status == "to_act"
                                      for s in table.seats)
    render_holdem_table(replace(cases.HOLDEM_TABLE, finished=True))
    assert not {"D", "TO ACT", "SB", "BB", "ALL-IN", "FOLDED"} & set(drawn)
    assert "BUSTED" in drawn and "MAHJONG ONLY" not in drawn  # hold'em has no mahjong to go on with


# ---- 4. the CO: first to act preflop with four dealt in (J4, J5)

def test_fourth_seat_dealt_in_is_the_co() -> None:
    """D60: BTN, SB and BB from the view, and the one other seat of four dealt in is the CO."""
    seats = table_from_view(_janpo_view(FLOP)).seats
    assert [s.poker.position for s in seats if s.poker] == ["BB", "CO", "BTN", "SB"]


def test_dealer_is_co_at_the_start_of_a_kyoku() -> None:
    """J4, D60: dealer E = CO, S = BTN, W = SB, N = BB."""
    poker = dict(FLOP, seats=dict.fromkeys("ABCD", "in"), button="B", small_blind="C", big_blind="D",
                 to_act="A")
    seats = table_from_view(_janpo_view(poker)).seats
    assert [s.poker.position for s in seats if s.poker] == ["CO", "BTN", "SB", "BB"]


def test_no_co_with_three_dealt_in() -> None:
    """D60: a CO only with exactly four players dealt in."""
    poker = dict(FLOP, seats={"A": "in", "B": "in", "C": "in", "D": "busted"}, button="A", small_blind="B",
                 big_blind="C")
    seats = table_from_view(_janpo_view(poker)).seats
    assert [s.poker.position for s in seats if s.poker] == ["BTN", "SB", "BB", ""]


def test_co_badge_is_drawn_from_its_caption_key(drawn: list[str]) -> None:
    assert DEFAULT_TEXTS["co"] == "CO"
    render_table(table_from_view(_janpo_view(FLOP)), {"co": "컷오프"})
    assert "컷오프" in drawn and "CO" not in drawn


# ---- 5. display names for engine ids

def test_table_draws_display_names_and_keeps_meld_sides() -> None:
    view = _janpo_view(FLOP)
    view["seats"][1]["melds"] = [{"type": "pon", "tiles": ["9m"] * 3, "called": "9m", "from": "A"}]
    table = table_from_view(view, names=NAMES)
    assert [s.name for s in table.seats] == ["Aoi", "Bora", "Chen", "Dara"]
    assert table.pots == (Pot(5100, ("Bora", "Chen")),)  # side-pot lists name players too
    assert table.seats[1].melds[0].source == "left" and table.turn == 1
    assert [s.poker.position for s in table.seats if s.poker] == ["BB", "CO", "BTN", "SB"]
    assert [s.name for s in table_from_view(view).seats] == ["A", "B", "C", "D"]


def test_names_reach_the_drawn_table(drawn: list[str]) -> None:
    render_table(table_from_view(_janpo_view(FLOP), names=NAMES))
    assert {"Aoi", "Bora", "Chen", "Dara"} <= set(drawn) and not {"A", "B", "C", "D"} & set(drawn)


def test_holdem_draws_display_names(drawn: list[str]) -> None:
    view = {"game": "holdem", "hand": 3, "blinds": [100, 200], "button": "B", "stacks": {"A": 0, "B": 900, "C": 50},
            "street": "flop", "board": "AhKd7c", "pot": 1200,
            "pots": [{"amount": 600, "eligible": ["A", "B", "C"]}, {"amount": 600, "eligible": ["A", "B"]}],
            "bets": {}, "to_act": "B", "seats": {"A": "all-in", "B": "in", "C": "in"}}
    table = holdem_from_view(view, names=NAMES)
    assert [s.name for s in table.seats] == ["Aoi", "Bora", "Chen"]
    assert table.pots[1].eligible == ("Aoi", "Bora")
    render_holdem_table(table)
    assert {"Aoi", "Bora", "Chen"} <= set(drawn) and "Side pot 1: 600  (Aoi, Bora)" in drawn


def test_hand_image_draws_no_player_name(drawn: list[str]) -> None:
    view = _janpo_view(FLOP, player="B", seat=1, hand=["1m"] * 13, hole="8dAh")
    view["seats"][1]["melds"] = [{"type": "pon", "tiles": ["9m"] * 3, "called": "9m", "from": "A"}]
    hand = hand_from_view(view, "", names=NAMES)
    assert hand.melds[0].source == "left"
    render_hand(hand)
    assert not (set(NAMES) | set(NAMES.values())) & set(drawn)


def test_result_pictures_take_names() -> None:
    kyoku = with_names(replace(cases.KYOKU_RESULT, winner="A", loser="B", tenpai=("C",),
                               changes=tuple(replace(c, name=p) for c, p in zip(cases.KYOKU_RESULT.changes, "ABCD",
                                                                                strict=True))), NAMES)
    assert (kyoku.winner, kyoku.loser, kyoku.tenpai) == ("Aoi", "Bora", ("Chen",))
    assert [c.name for c in kyoku.changes] == ["Aoi", "Bora", "Chen", "Dara"]
    five = with_names(replace(cases.FIVE_RESULT, winner="D", loser="A"), NAMES)
    assert (five.winner, five.loser, five.changes[0].name) == ("Dara", "Aoi", "Mina")  # unmapped stays
    show = with_names(replace(cases.SHOWDOWN, hands=tuple(replace(h, name=p) for h, p in
                                                         zip(cases.SHOWDOWN.hands, "ADC", strict=True)),
                              pots=tuple(replace(p, winners=("A",)) for p in cases.SHOWDOWN.pots)), NAMES)
    assert [h.name for h in show.hands] == ["Aoi", "Dara", "Chen"] and show.pots[0].winners == ("Aoi",)
    table = with_names(replace(cases.STANDINGS, rows=tuple(replace(r, name=p) for r, p in
                                                          zip(cases.STANDINGS.rows, "BADC", strict=True))), NAMES)
    assert [r.name for r in table.rows] == ["Bora", "Aoi", "Dara", "Chen"]


# ---- 6. a Janpo poker turn: the call, the pot, the points behind

def test_poker_turn_numbers_from_the_private_view() -> None:
    hand = hand_from_view(_janpo_view(FLOP, player="B", seat=1, hole="8dAh"))
    assert hand.poker_turn == PokerTurn(to_call=3900, pot=9000, behind=22800)
    assert hand_from_view(_janpo_view(FLOP, player="C", seat=2)).poker_turn is None  # not C's action


def test_call_counts_own_bet_and_stops_at_points_behind() -> None:
    poker = dict(FLOP, bets={"A": 0, "B": 500, "C": 3900, "D": 0}, pot=9500)
    assert hand_from_view(_janpo_view(poker, player="B", seat=1)).poker_turn == PokerTurn(3400, 9500, 22800)
    short = _janpo_view(FLOP, player="B", seat=1)
    short["seats"][1]["points"] = 2000
    assert hand_from_view(short).poker_turn == PokerTurn(2000, 9000, 2000)  # a call for less is all-in


def test_poker_turn_line_is_drawn(drawn: list[str]) -> None:
    render_hand(cases.HAND_POKER)
    assert "To call 3,900 · Pot 9,000 · You have 22,800" in drawn
    drawn.clear()
    render_hand(replace(cases.HAND_POKER, poker_turn=PokerTurn(0, 1000, 24500)))
    assert "Pot 1,000 · You have 24,500" in drawn  # nothing to call: no call shown
    drawn.clear()
    render_hand(cases.HAND_POKER, {"to_call": "콜 {n}", "pot": "팟 {n}", "behind": "보유 {n}"})
    assert "콜 3,900 · 팟 9,000 · 보유 22,800" in drawn
    drawn.clear()
    render_hand(cases.HAND)
    assert not any("To call" in s or "You have" in s for s in drawn)


# ---- the game-over hold'em picture: the last hand's cards over the last hand's board

def test_final_holdem_picture_shows_the_last_hands_board_under_its_shown_cards() -> None:
    """The finished table's view has no running hand (``board`` empty) but shows the last hand's
    cards; the picture must put them over that hand's board, not over five empty slots."""
    from bot.render import sprites
    from engine.games import new_game

    game = new_game({"game": "holdem", "players": ["A", "B"], "seed": 3})
    while not game.finished:
        player = game.waiting_on()[0]
        game.play(next(m for m in game.legal_moves(player) if m[1] in ("allin", "call", "check")))
    view = game.public_view()
    last = view["last_hand"]
    assert view["street"] is None and view["board"] == "" and len(last["board"]) == 10
    table = holdem_from_view(view)
    assert "".join(table.board) == last["board"] and table.hand_no == last["hand"]
    assert {s.name: "".join(s.poker.showdown_cards) for s in table.seats} == {
        p: shown["cards"] for p, shown in last["shown"].items()}
    with sprites.watch() as seen:
        render_holdem_table(table)
    assert {f"cards/{c}" for c in table.board} <= set(seen)


def test_a_running_hand_keeps_its_own_board_and_shows_no_old_cards() -> None:
    view = {"game": "holdem", "hand": 26, "blinds": [100, 200], "button": "A", "stacks": {"A": 900, "B": 700},
            "finished": False, "street": "preflop", "board": "", "pot": 300, "pots": [], "bets": {"A": 100, "B": 200},
            "to_act": "A", "seats": {"A": "in", "B": "in"},
            "last_hand": {"hand": 25, "board": "8sAcJh2s4h", "shown": {"A": {"cards": "KdKc"}, "B": {"cards": "9c9d"}}}}
    table = holdem_from_view(view)
    assert table.board == () and table.hand_no == 26
    assert not any(s.poker.showdown_cards for s in table.seats)


# ---- "Pot" means the same on every table: every chip in the middle, this round's bets included

def test_pot_includes_this_rounds_bets_on_janpo_and_holdem_tables_and_says_so(drawn: list[str]) -> None:
    janpo = table_from_view(_janpo_view(FLOP))  # collected 5,100 + C's bet 3,900 = 9,000
    holdem = holdem_from_view({
        "game": "holdem", "hand": 3, "blinds": [100, 200], "button": "A", "stacks": {"A": 5000, "B": 5000, "C": 5000},
        "finished": False, "street": "flop", "board": "AhKd7c", "pot": 9000,
        "pots": [{"amount": 5100, "eligible": ["A", "B", "C"]}], "bets": {"A": 3900, "B": 0, "C": 0},
        "to_act": "B", "seats": {"A": "in", "B": "in", "C": "in"}})
    assert janpo.pot() == holdem.pot() == 9000
    render_table(janpo)
    render_holdem_table(holdem)
    assert drawn.count("Pot 9,000") == 2 and drawn.count(DEFAULT_TEXTS["pot_note"]) == 2
    # Without the engine's total, the collected pots and the bets out add up to the same.
    assert replace(janpo, pot_total=None).pot() == 9000


def test_hand_poker_line_uses_the_same_pot() -> None:
    hand = hand_from_view({"player": "B", "seat": 1, "hand": [], "seats": _janpo_view(FLOP)["seats"],
                           "poker": FLOP, "points": 22800})
    assert hand.poker_turn is not None and hand.poker_turn.pot == table_from_view(_janpo_view(FLOP)).pot()


# ---- result pictures: yaku in the reader's language with the romanised name beside it

def test_yaku_catalog_names_every_library_yaku_in_english_and_korean() -> None:
    from bot.i18n.yaku import EN, KO
    from bot.render.records import _library_han

    library = set(_library_han())
    assert library <= set(EN) and library <= set(KO)
    assert EN["Haitei Raoyue"] == "Win on the last tile drawn" and EN["Iipeiko"] == "Twin sequences"


@pytest.mark.parametrize(("lang", "shown"), [("en", ["All simples", "Win on the last tile drawn", "Dora"]),
                                             ("ko", ["탕야오", "해저로월", "도라"])])
def test_kyoku_result_draws_translated_yaku_with_romaji(drawn: list[str], lang: str, shown: list[str]) -> None:
    from bot.i18n.yaku import yaku_name
    from bot.render import render_kyoku_result
    from bot.render.records import kyoku_image

    record = {"result": "win", "winner": "A", "kyoku": "E1", "yaku": ["Tanyao", "Haitei Raoyue", "Dora 2"],
              "yaku_han": [1, 1, 2], "han": 4, "fu": 30, "deltas": {"A": 8000, "B": -8000}, "hand": [], "melds": []}
    image = kyoku_image(record, ["A", "B"])
    lines = tuple(replace(line, label=yaku_name(lang, line.label)) for line in image.lines)  # as bot/play does
    render_kyoku_result(replace(image, lines=lines))
    assert [line.label for line in lines] == shown
    assert {"Tanyao", "Haitei Raoyue"} <= set(drawn)  # romanised beside each
    assert drawn.count("Dora") == 1  # a name the same in both is drawn once


def test_standings_label_the_mleague_column(drawn: list[str]) -> None:
    from bot.render import render_standings

    render_standings(cases.STANDINGS)
    assert {"Points", "M.League", "+61.2"} <= set(drawn)
    drawn.clear()
    render_standings(replace(cases.STANDINGS, rows=tuple(replace(r, note="") for r in cases.STANDINGS.rows)))
    assert not {"Points", "M.League"} & set(drawn)


# ---- one badge vocabulary, explained by the legend

BADGE_KEYS = ("turn", "to_act", "folded", "all_in", "busted", "out_of_poker")


def _badges_drawn(monkeypatch: pytest.MonkeyPatch, draw_it: Any) -> set[str]:
    seen: set[str] = set()
    original = draw.badge

    def badge(d: Any, x: float, y: float, s: str, *args: Any, **kwargs: Any) -> int:
        seen.add(s)
        return original(d, x, y, s, *args, **kwargs)

    monkeypatch.setattr(draw, "badge", badge)
    draw_it()
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize(("kind", "tables"), [
    ("janpo", lambda: render_table(cases.JANPO_TABLE)),
    ("riichi", lambda: render_table(cases.TABLE)),
    ("holdem", lambda: render_holdem_table(cases.HOLDEM_TABLE)),
])
def test_every_badge_a_table_draws_is_explained_in_its_legend(monkeypatch: pytest.MonkeyPatch, kind: str,
                                                               tables: Any) -> None:
    from bot.render import render_legend

    on_table = _badges_drawn(monkeypatch, tables) - {"E", "S", "W", "N"}  # the seat winds have a row of their own
    in_legend = _badges_drawn(monkeypatch, lambda: render_legend(kind))  # type: ignore[arg-type]
    assert on_table and on_table <= in_legend, on_table - in_legend


def test_badge_words_are_unambiguous() -> None:
    """TURN is a poker street; OUT beside a score says nothing: neither is a badge any more."""
    words = {DEFAULT_TEXTS[k] for k in BADGE_KEYS}
    assert len(words) == len(BADGE_KEYS) and not {"TURN", "OUT"} & words


def test_legends_keep_to_their_game(drawn: list[str]) -> None:
    from bot.render import render_legend

    render_legend("riichi")
    assert "TO DISCARD" in drawn and not {"TO ACT", "BTN", "MAHJONG ONLY", "BUSTED"} & set(drawn)
    drawn.clear()
    render_legend("holdem")
    assert {"TO ACT", "BUSTED"} <= set(drawn) and not {"TO DISCARD", "MAHJONG ONLY"} & set(drawn)
    drawn.clear()
    render_legend("janpo")
    assert {"TO DISCARD", "TO ACT", "MAHJONG ONLY"} <= set(drawn) and "BUSTED" not in drawn
