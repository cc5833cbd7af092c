"""Table play as docs/RULES.md decides it where the rules are silent: the turn clock (D53), away
players and /table leave (D54), seats filled with CPUs (D56), CPU seats off the clock (D52) and
the moves a player's own switches make (D71). Through the real dispatch on the test's clock,
or, where a position must be certain to arise, in the turn logic on a dealt scenario."""

from __future__ import annotations

from typing import Any

import pytest

from bot.comfort import UserSettings, auto_move
from bot.play import turns
from bot.play.session import TableSession
from bot.play.table import Table
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    Stored,
    answer_prompt,
    lobby_action,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)
from tests.bot.test_settings_me_turns import A_HAND, play_to_claim
from tests.bot.test_settings_me_turns import session_for as dealt_session

GUEST = 500_000_000_000_000_031
HOLDEM: dict[str, Any] = {"game": "holdem", "stack": 100_000, "big_blind": 200}


def passive(hand: Stored) -> str:
    """The custom_id of the hand's Check, else its Call button."""
    labels = [b["label"].split(" ")[0] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    custom_id: str = hand.button("Check" if "Check" in labels else "Call")["custom_id"]
    return custom_id


async def next_prompt(fake: FakeDiscord, table: Table, after: int) -> tuple[Stored, int]:
    """Seat A's first prompt made after move number ``after`` (-1: any), with its move number."""
    hand: Stored = await until(lambda: table.prompts.get("A", -1) > after and pending_hand(fake, HOST))
    return hand, table.prompts["A"]


# ---- D53: the turn clock ---------------------------------------------------------------------

async def test_the_deadline_is_the_turn_time_plus_what_is_left_of_the_bank(fake: FakeDiscord,
                                                                          start_bot: StartBot) -> None:
    """D53: 30 s a turn and a 60 s bank by default; the deadline shown is both together. A move
    inside the turn time costs the bank nothing, time beyond it comes out of the bank, and a turn
    that runs out plays the engine's timeout move and empties the bank."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, **HOLDEM)
    table = table_of(bot)
    session = bot.tables.sessions[table.table_id]
    clock = fake.clock
    assert clock is not None
    assert (table.timer, table.bank["A"]) == (30, 60.0)

    hand, no = await next_prompt(fake, table, -1)
    start = session.started["A"]
    assert table.deadlines["A"] == pytest.approx(start + 90)
    assert f"<t:{int(table.deadlines['A'])}:R>" in hand.content  # the deadline shown
    await fake.run_for(start + 20 - clock.now())
    await answer_prompt(fake, bot, HOST, hand, passive(hand))
    assert table.bank["A"] == 60.0  # within the turn time

    hand, no = await next_prompt(fake, table, no)
    start = session.started["A"]
    assert table.deadlines["A"] == pytest.approx(start + 90)
    await fake.run_for(start + 40 - clock.now())  # ten seconds past the turn time
    await answer_prompt(fake, bot, HOST, hand, passive(hand))
    assert table.bank["A"] == pytest.approx(50.0)

    hand, no = await next_prompt(fake, table, no)
    start = session.started["A"]
    assert table.deadlines["A"] == pytest.approx(start + 30 + 50)
    assert table.game is not None
    timeout = table.game.default_move("A")
    assert timeout[1] in ("check", "fold")  # J15: never a chip action
    await until(lambda: table.missed.get("A") == 1)
    assert table.moves[no] == timeout and clock.now() == pytest.approx(start + 80)
    assert table.bank["A"] == 0.0

    hand, no = await next_prompt(fake, table, no)
    assert table.deadlines["A"] == pytest.approx(session.started["A"] + 30)  # the turn time alone


# One step from ready with a spare 7z: a drawn 2z (a guest wind, no dora under a 9m indicator) is
# let go by auto-tsumogiri; no riichi is on offer, so the switch answers the turn.
IDLE_HAND = "123m456p1379s557z"


def session_for(kyoku: dict[str, Any], mine: UserSettings) -> TableSession:
    """Four people at a riichi table dealt ``kyoku`` (seat A's player has the switches ``mine``),
    each with the 60 s bank a started table gives them."""
    session = dealt_session(kyoku, mine)
    session.table.bank = dict.fromkeys(session.table.players, 60.0)
    return session


def prompted_move(session: TableSession, player: str) -> turns.Outcome:
    """``player`` answers their prompt with the engine's default move, as a click would."""
    game = session.table.game
    assert game is not None
    return turns.human_move(session, player, session.table.prompts[player], game.default_move(player), 0.0)


async def test_a_claim_that_runs_out_is_passed() -> None:
    """D53: on expiry the engine's timeout move is played; on a claim that is pass."""
    session = session_for({"hands": {"A": A_HAND}, "draws": "1p2z"}, UserSettings())  # B's 2z is A's to pon
    await play_to_claim(session)
    assert ["A", "pon"] in session.legal["A"]
    turns.timeout_move(session, "A")
    table = session.table
    assert table.moves[-1] == ["A", "pass"] and table.missed["A"] == 1 and table.bank["A"] == 0.0


# ---- D54: away players and /table leave ------------------------------------------------------

async def test_a_click_resets_the_missed_turns(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D54: two turns run out, then the player moves: the count starts again, so two more missed
    turns still leave the seat theirs; the third in a row hands it to a CPU."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, **HOLDEM)
    table = table_of(bot)
    await until(lambda: table.missed.get("A") == 2)
    hand, no = await next_prompt(fake, table, table.move_no - 1)
    await answer_prompt(fake, bot, HOST, hand, passive(hand))
    assert table.missed["A"] == 0 and "A" not in table.afk
    await until(lambda: table.missed.get("A") == 2)
    assert "A" not in table.afk
    await until(lambda: "A" in table.afk)
    assert table.missed["A"] == 3


async def test_a_player_who_leaves_is_recorded_as_a_cpu_seat(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D54: ``/table leave`` during play hands the seat to a CPU for the rest of the game, and
    the finished game records that seat as a CPU's."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="holdem", stack=1000, big_blind=200, seating="join")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    table = table_of(bot)
    fake.slash(bot, GUEST, "table leave")
    await fake.settle()
    assert table.seat("B").user_id is None and table.is_cpu("B")
    await play_out(fake, bot)
    assert table.status == "finished" and "B" not in table.deadlines
    [game] = await bot.store.history(GUILD_ID)
    assert [(s.player, s.is_cpu) for s in game.seats if s.player == "B"] == [("B", True)]
    assert await bot.store.history(GUILD_ID, user_id=GUEST) == []


# ---- D56: filling seats --------------------------------------------------------------------

@pytest.mark.parametrize(("game", "seats"), [("riichi", 4), ("janpo", 4), ("five", 4), ("holdem", 2)])
async def test_start_fills_empty_seats_with_cpus(fake: FakeDiscord, start_bot: StartBot, game: str,
                                                 seats: int) -> None:
    """D56: the mahjong games fill up to four with CPUs; hold'em only up to two."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, cpus=0, game=game)
    table = table_of(bot)
    assert [s.user_id for s in table.seats] == [HOST] + [None] * (seats - 1)


async def test_holdem_defaults_to_blinds_100_200_and_stacks_of_100_big_blinds(fake: FakeDiscord,
                                                                               start_bot: StartBot) -> None:
    """D56: no blinds or stack given: 100/200 and 20,000; a big blind alone sets the stack to 100 of it
    and the small blind to half of it in whole 100s (P4)."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="holdem")
    await fake.settle()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None and table.options == {"blinds": [100, 200], "stacks": 20_000}
    lobby = fake.channel_messages()[-1]
    assert "Blinds 100/200, stacks 20,000" in lobby.text()
    fake.click(bot, HOST, lobby, lobby_action(lobby, "cancel"))
    await fake.settle()
    fake.slash(bot, HOST, "table new", game="holdem", big_blind=400)
    await fake.settle()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None and table.options == {"blinds": [200, 400], "stacks": 40_000}
    lobby = fake.channel_messages()[-1]
    fake.click(bot, HOST, lobby, lobby_action(lobby, "cancel"))
    await fake.settle()
    fake.slash(bot, HOST, "table new", game="holdem", big_blind=500)  # half of it is not whole 100s
    await fake.settle()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None and table.options == {"blinds": [200, 500], "stacks": 50_000}
    assert "Blinds 200/500, stacks 50,000" in fake.channel_messages()[-1].text()


# ---- D52: a CPU seat answers at once ---------------------------------------------------------

async def test_cpu_seats_are_never_on_the_clock(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D52: a CPU answers at once (a pause apart, D58) and no turn timer runs for it: once every
    seat is a CPU's, a minute of the clock holds about sixty moves and no timeout move."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    await until(lambda: pending_hand(fake, HOST))
    assert set(table.deadlines) == {"A"}
    fake.slash(bot, HOST, "table leave")
    await fake.settle()
    moves = table.move_no
    await fake.run_for(60)
    assert table.move_no - moves >= 50 or table.status == "finished"
    assert table.deadlines == {} and not any(table.missed.values())


# ---- D71: moves a player's own switches make -------------------------------------------------

async def test_a_switch_move_uses_no_bank_and_leaves_the_missed_turns_alone() -> None:
    """D71: the switch plays A's turn through the engine as a click would, yet A's bank and
    missed-turn count stay as they were (a switch does not show the player is there)."""
    kyoku = {"hands": {"A": IDLE_HAND}, "draws": "2z", "dead": {"dora": ["9m"]}}
    session = session_for(kyoku, UserSettings(auto_tsumogiri=True))
    table = session.table
    table.missed["A"], table.bank["A"] = 2, 12.5
    out = await turns.advance(session, pace=False, now=100.0)
    assert out.auto == [["A", "tsumogiri"]] and table.moves == [["A", "tsumogiri"]]
    assert (table.missed["A"], table.bank["A"]) == (2, 12.5)
    assert "A" not in table.prompts and "B" in out.prompts


async def test_an_away_seat_is_played_by_its_cpu_not_by_its_switches() -> None:
    """D71: a switch answers only where the table would otherwise prompt the player; an away
    player is not prompted, so the CPU plays the seat."""
    kyoku = {"hands": {"A": IDLE_HAND}, "draws": "2z", "dead": {"dora": ["9m"]}}
    session = session_for(kyoku, UserSettings(auto_tsumogiri=True))
    session.table.afk.add("A")
    out = await turns.advance(session, pace=False, now=0.0)
    assert out.auto == [] and session.auto_played == {}
    assert session.table.moves and session.table.moves[0][0] == "A"


async def test_a_changed_setting_applies_from_the_next_prompt() -> None:
    """D71: A is asked with every switch off; turning auto-tsumogiri on leaves that prompt open
    (a later transition of the table does not answer it), and the switch answers A's next turn."""
    kyoku = {"hands": {"A": IDLE_HAND}, "draws": "2z4z1p3z", "dead": {"dora": ["9m"]}}
    session = session_for(kyoku, UserSettings())
    table = session.table
    game = table.game
    assert game is not None
    await turns.advance(session, pace=False, now=0.0)
    asked = table.prompts["A"]
    on = UserSettings(auto_tsumogiri=True)
    assert auto_move(on, game.view("A"), game.legal_moves("A")) == ["A", "tsumogiri"]  # it would answer
    session.settings["A"] = on  # what a press of /settings me does at the table
    out = await turns.advance(session, pace=False, now=1.0)
    assert out.auto == [] and table.moves == [] and table.prompts["A"] == asked
    turns.human_move(session, "A", asked, ["A", "tsumogiri"], 2.0)
    for _ in range(20):  # the others let their tiles go until A draws again
        out = await turns.advance(session, pace=False, now=3.0)
        if out.auto:
            break
        assert "A" not in table.prompts
        for player in list(table.prompts):
            prompted_move(session, player)
    assert out.auto == [["A", "tsumogiri"]] and session.auto_played["A"] == [["A", "tsumogiri"]]


async def test_switch_moves_between_timeouts_still_let_the_seat_go_away(fake: FakeDiscord, start_bot: StartBot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """D71 at a real table: A never clicks; auto-tsumogiri plays some of A's turns between the
    turns that run out, and the third timeout still hands the seat to a CPU."""
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=2)  # a fixed seed: on it a switch plays between the timeouts
    await bot.store.set_user_settings(HOST, UserSettings(auto_tsumogiri=True).to_json())
    expired: list[int] = []
    timeout_move = turns.timeout_move

    def timed_out(session: TableSession, player: str) -> turns.Outcome:
        expired.append(session.table.move_no)
        return timeout_move(session, player)

    monkeypatch.setattr(turns, "timeout_move", timed_out)
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    await until(lambda: "A" in table.afk)
    assert len(expired) == 3 and table.missed["A"] == 3
    # A never clicked: every other move of A's before the seat went away was a switch's
    switched = [i for i, move in enumerate(table.moves[:expired[-1]]) if move[0] == "A" and i not in expired]
    assert any(expired[0] < i < expired[-1] for i in switched), (expired, switched)
