"""Table play through the outbox: hand DMs that do not pile up (each prompt a new DM, so the
player is notified, the previous one deleted, a finished kyoku's hands deleted) and a channel
that is gone closing its table."""

from __future__ import annotations

from bot.outbox.scheduler import ROUTE_PERIOD
from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    PREFERENCE,
    FakeDiscord,
    StartBot,
    answer_prompt,
    open_table,
    pending_hand,
    table_of,
    until,
)


def _dm_calls(fake: FakeDiscord, method: str) -> list[int]:
    return [c.message_id or int(c.path.rsplit("/", 1)[1]) for c in fake.calls
            if c.method == method and c.where == "dm" and c.path.startswith("/channels/") and c.status == 200]


async def test_each_prompt_after_a_pause_is_a_new_dm_and_the_last_one_goes(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    most, answered, results_seen = 0, 0, 0
    while bot.tables.table_in(CHANNEL_ID):
        hand = await until(lambda: pending_hand(fake, HOST) or not bot.tables.table_in(CHANNEL_ID))
        if hand is True:
            break
        await fake.settle()  # the deletions the new prompt set off are made
        most = max(most, len(fake.dms(HOST)))
        assert table.game is not None
        results = len(table.game.summary()["kyoku_results"])
        if results > results_seen:  # a kyoku ended: none of its hands is left in the DM ...
            results_seen = results
            # ... once the DM channel's window lets its deletion through: a deletion waits behind
            # prompts (Priority.CLEANUP), so a quick next prompt may come first
            await fake.settle(within=ROUTE_PERIOD + 0.5)
            assert all(m.id == hand.id for m in fake.dms(HOST)), "an earlier kyoku's hand is still there"
        words = [b["label"].split(" ")[0] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        label = next((w for w in PREFERENCE if w in words), words[0])
        await answer_prompt(fake, bot, HOST, hand, hand.button(label)["custom_id"])
        answered += 1
    await until(lambda: fake.find_table_message() is None)
    await fake.settle()
    sent, deleted = _dm_calls(fake, "POST"), _dm_calls(fake, "DELETE")
    in_answer = [c for c in fake.calls if c.method == "PATCH" and c.path.startswith("/webhooks/")
                 and (c.payload or {}).get("components")]  # ready at the click: the clicked DM became it
    # every prompt after a CPU pause was a new message: a notification
    assert answered > 10 and len(sent) + len(in_answer) >= answered and len(sent) > len(in_answer)
    assert most <= 2  # the new hand, and at most the one it replaces
    assert sorted(deleted) == sorted(sent) and fake.dms(HOST) == []  # the finished game left no hand behind
    assert results_seen >= 1


async def test_a_channel_gone_under_the_outbox_closes_the_table(fake: FakeDiscord, start_bot: StartBot) -> None:
    """10003 Unknown Channel on a table-picture edit (made by the outbox): the table is closed and
    stored as stopped, and nothing more is sent there."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    fake.fail("PATCH", rf"^/channels/{CHANNEL_ID}/messages/\d+$", 404, code=10003, times=100)
    fake.fail("POST", rf"^/channels/{CHANNEL_ID}/messages$", 404, code=10003, times=100)
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.button("Call")["custom_id"])
    await until(lambda: bot.tables.table_in(CHANNEL_ID) is None)
    await fake.settle()
    assert table.status == "gone" and await bot.store.load_unfinished() == []
    kept = await bot.store.aborted_games(table.guild_id)
    assert [g.reason for g in kept] == ["gone"]  # stored as stopped, not rated
    calls = len(fake.calls)
    await fake.run_for(10.0)
    assert not [c for c in fake.calls[calls:] if c.channel_id == CHANNEL_ID or str(CHANNEL_ID) in c.path]


async def test_a_player_who_keeps_every_hand_message_loses_none(fake: FakeDiscord, start_bot: StartBot) -> None:
    """/settings me "Hand message: all kept": each prompt is still a new DM, and none is deleted;
    the answered ones only lose their buttons."""
    from bot.comfort import UserSettings

    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await bot.store.set_user_settings(HOST, UserSettings(hand_style="new").to_json())
    await open_table(fake, bot, game="riichi", length="east")
    answered = 0
    while answered < 12 and bot.tables.table_in(CHANNEL_ID):
        hand = await until(lambda: pending_hand(fake, HOST) or not bot.tables.table_in(CHANNEL_ID))
        if hand is True:
            break
        words = [b["label"].split(" ")[0] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        label = next((w for w in PREFERENCE if w in words), words[0])
        await answer_prompt(fake, bot, HOST, hand, hand.button(label)["custom_id"])
        answered += 1
    await fake.settle()
    sent = _dm_calls(fake, "POST")
    assert answered >= 12 and len(sent) >= answered and _dm_calls(fake, "DELETE") == []
    live = [m for m in fake.dms(HOST) if any(b["custom_id"].startswith("jp:m:") for b in m.buttons())]
    assert len(fake.dms(HOST)) >= answered and len(live) <= 1  # every hand kept, one at most still to answer
