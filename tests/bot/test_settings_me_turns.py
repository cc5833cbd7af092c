"""The switches in the turn logic on set positions (dealt from a scenario, so each case is certain
to arise): auto-win declares at once, no calls passes a pon but still asks a ron (showing only
ron and pass), and a player with no switches is asked everything. Every seat is a person here,
so no CPU move comes between; the moves are played through the engine as a click's are."""

from __future__ import annotations

from typing import Any

from bot.comfort import UserSettings
from bot.play import turns
from bot.play.session import TableSession
from bot.play.table import Seat, Table
from engine.games import new_game

USERS = {"A": 11, "B": 12, "C": 13, "D": 14}
# A (East, dealer) waits on haku or the south wind: a ron on haku has a yaku (yakuhai), one on
# the south wind has none, so it is never offered (R13) and only a pon is.
A_HAND = "123m456p789s2255z"


def session_for(kyoku: dict[str, Any], mine: UserSettings) -> TableSession:
    table = Table("t1", 1, 2, "riichi", USERS["A"], options={"length": "south"}, status="playing", seed=5,
                  seats=[Seat(USERS[p], p) for p in "ABCD"])
    table.game = new_game({"game": "riichi", "players": table.players, "seed": 5, "options": table.options,
                           "kyoku": [kyoku]})
    session = TableSession(table)

    async def load(user_id: int) -> UserSettings:
        return mine if user_id == USERS["A"] else UserSettings()

    session.load_settings = load
    return session


async def test_auto_win_declares_at_once() -> None:  # R13: a win is offered only when it scores
    kyoku = {"hands": {"A": "123m456p789s234s5z"}, "draws": "5z"}  # A's first draw completes the hand
    off = session_for(kyoku, UserSettings())
    out = await turns.advance(off, pace=False, now=0.0)
    assert out.auto == [] and out.prompts == ["A"] and ["A", "tsumo"] in off.legal["A"]
    on = session_for(kyoku, UserSettings(auto_win=True))
    out = await turns.advance(on, pace=False, now=0.0)
    assert out.auto == [["A", "tsumo"]] and on.table.moves == [["A", "tsumo"]]
    assert on.auto_played["A"] == [["A", "tsumo"]]
    assert [kind for kind, _ in out.results] == ["kyoku"]  # the win scored; A is asked in the next kyoku


async def play_to_claim(session: TableSession) -> turns.Outcome:
    """A lets its draw go; B lets its own draw (the kyoku's second) go: the claims on it are next."""
    await turns.advance(session, pace=False, now=0.0)
    turns.human_move(session, "A", session.table.prompts["A"], ["A", "tsumogiri"], 0.0)
    await turns.advance(session, pace=False, now=0.0)
    turns.human_move(session, "B", session.table.prompts["B"], ["B", "tsumogiri"], 0.0)
    return await turns.advance(session, pace=False, now=0.0)


async def test_no_calls_passes_a_pon_but_asks_a_ron() -> None:
    pon_only = session_for({"hands": {"A": A_HAND}, "draws": "1p2z"}, UserSettings(no_calls=True))
    out = await play_to_claim(pon_only)
    assert ["A", "pass"] in out.auto and pon_only.table.moves[-1] == ["A", "pass"]
    assert "A" not in pon_only.table.prompts

    ron = session_for({"hands": {"A": A_HAND}, "draws": "1p5z"}, UserSettings(no_calls=True))
    out = await play_to_claim(ron)
    game = ron.table.game
    assert game is not None
    offered = [m[1] for m in game.legal_moves("A")]
    assert {"ron", "pon", "pass"} <= set(offered)  # the engine offers all three
    assert out.auto == [] and "A" in out.prompts
    assert sorted(m[1] for m in ron.legal["A"]) == ["pass", "ron"]  # the prompt shows ron and pass only

    asked = session_for({"hands": {"A": A_HAND}, "draws": "1p2z"}, UserSettings())
    out = await play_to_claim(asked)
    assert out.auto == [] and "pon" in [m[1] for m in asked.legal["A"]]  # switches off: asked
