"""What a private hand says: the poker numbers, who discarded what, tada-jan time and the last
poker hand (J7, J9), and the move just played in words from the glossary."""

from __future__ import annotations

import json

from bot.i18n import t
from bot.play.moves import played
from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    FakeDiscord,
    StartBot,
    answer_prompt,
    open_table,
    pending_hand,
    table_of,
    until,
)


async def test_janpo_turn_says_the_call_the_pot_and_points_behind(fake: FakeDiscord, start_bot: StartBot) -> None:
    """J3, J4: the dealer sits at CO and faces the big blind: 500 to call, 700 in the pot."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="janpo")
    hand = await until(lambda: pending_hand(fake, HOST))
    assert "To call: 500 · pot: 700 · your points behind: 25,000" in hand.content
    assert "Call 500" in hand.labels()


async def test_holdem_raise_modal_says_total_for_the_street_and_the_answer_says_raise_to(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    """D62: the amount asked for and played is the total for the street."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    assert table.game is not None
    view = table.game.view("A")
    to_call = view["current_bet"] - view["bets"].get("A", 0)
    assert f"To call: {to_call:,} · pot: {view['pot']:,} · your chips behind: {view['stacks']['A']:,}" in hand.content
    assert f"Call {to_call:,}" in hand.labels()
    low, high = next(m[2] for m in table.game.legal_moves("A") if m[1] == "raise")
    fake.click(bot, HOST, hand, hand.button("Raise…")["custom_id"])
    await fake.settle()
    modal = next(c.payload for c in reversed(fake.calls) if c.payload and c.payload.get("type") == 9)
    assert modal["data"]["title"] == "Raise to: your total bet this street"
    assert f"Total this street, {low:,} to {high:,}" in json.dumps(modal)
    fake.submit_modal(bot, HOST, hand, str(low + 100))
    await until(lambda: hand.content == f"Played: raise to {low + 100:,}.")


async def test_claim_prompt_names_the_tile_and_who_discarded_it(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    for _ in range(300):
        hand = await until(lambda: pending_hand(fake, HOST))
        if "you may call it" in hand.content:
            break
        await answer_prompt(fake, bot, HOST, hand, hand.buttons()[0]["custom_id"])
    else:
        raise AssertionError("no call prompt came")
    assert table.game is not None
    last = table.game.view("A")["last_discard"]
    name = table.seat(last["player"]).name
    assert f"seat A: {name} (CPU, normal) discarded {last['tile']}; you may call it." in hand.content
    assert "Pass" in hand.labels()


async def test_tada_jan_time_is_said_on_turns_without_poker(fake: FakeDiscord, start_bot: StartBot) -> None:
    """J7: a draw turn with no poker action on the player is tada-jan time; J9 playout said too."""
    fake.add_user(HOST, "Alice")
    fake.guild_locale = "ko"
    bot = await start_bot(cpu_pause=0.0)
    seen = {"tada": 0, "poker": 0, "free": 0}
    for _ in range(300):  # over as many games as it takes (a game of CPUs may end before both came)
        if bot.tables.table_in(CHANNEL_ID) is None:
            await until(lambda: fake.find_table_message() is None)  # the last game's end is posted
            await fake.settle()
            await open_table(fake, bot, game="janpo", locale="ko")
            table = table_of(bot)
        hand = await until(lambda: pending_hand(fake, HOST) or bot.tables.table_in(CHANNEL_ID) is None)
        if hand is True:
            continue
        assert table.game is not None
        view = table.game.view("A")
        tada = "타다 마작 타임: 이번 차례는 마작만 합니다." in hand.content
        assert tada == bool(view["tada_jan"] and "울 수 있습니다" not in hand.content)
        assert ("마지막 포커 핸드를 끝까지 진행합니다" in hand.content) == bool(view["playout"])
        seen["tada"] += tada
        seen["poker"] += "콜 금액:" in hand.content or "콜할 금액 없음 · 팟:" in hand.content
        seen["free"] += "콜할 금액 없음 · 팟:" in hand.content
        if seen["tada"] and seen["free"]:
            break
        moves = [b for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        choice = next((b for b in moves if b["label"].startswith(("체크", "콜", "츠모기리"))), moves[0])
        await answer_prompt(fake, bot, HOST, hand, choice["custom_id"], locale="ko")
    assert seen["tada"] and seen["poker"] and seen["free"]


def test_every_played_sentence_is_whole_and_uses_the_glossary() -> None:
    cases = {
        ("A", "tsumogiri", "raise", 1000): ("Played: tsumogiri + raise to 1,000.", "둔 수: 츠모기리 + 1,000(으)로 레이즈."),
        ("A", "discard", "5m", "check"): ("Played: discard 5m + check.", "둔 수: 5m 버림 + 체크."),
        ("A", "riichi", "tsumogiri", "bet", 2000): ("Played: riichi with tsumogiri + bet 2,000.",
                                                     "둔 수: 츠모기리로 리치 + 2,000 벳."),
        ("A", "chi", "2s3s"): ("Played: chi with 2s3s.", "둔 수: 2s3s(으)로 치."),
        ("A", "tsumo", "fold"): ("Played: tsumo + fold.", "둔 수: 츠모 + 폴드."),
        ("A", "allin"): ("Played: all-in.", "둔 수: 올인."),
    }
    for move, (en, ko) in cases.items():
        key, params = played(list(move))
        assert (t("en", key, **params), t("ko", key, **params)) == (en, ko)


def test_a_robbable_kan_is_not_called_a_discard() -> None:
    """R12: chankan on an added kan; the prompt says what happened."""
    from bot.play.messages import hand_text
    from bot.play.table import Seat, Table

    table = Table("t1", 1, 2, "riichi", HOST, status="playing", seed=3,
                  seats=[Seat(HOST, "Ann"), Seat(7, "Bo"), Seat(8, "Cy"), Seat(9, "Di")])
    view = {"phase": "chankan", "last_discard": {"player": "B", "tile": "5m"}}
    text = hand_text("en", table, "A", "", None, True, view, [["A", "ron"], ["A", "pass"]])
    assert text == "Riichi mahjong · table t1 · seat A: Bo added 5m to a kan; you may rob it with ron."
    view = {"phase": "claims", "last_discard": {"player": "C", "tile": "7m"}}
    text = hand_text("ko", table, "A", "", None, True, view, [["A", "pon"], ["A", "pass"]])
    assert text == "리치 마작 · 테이블 t1 · A석: Cy님이 7m을(를) 버렸습니다. 울 수 있습니다."
