"""The public table message's buttons (My hand, I'm back) through a whole game: a picture edit
leaves them where they are, so each message is sent them once, and the final picture takes them
off. Sending them with every edit cost the bot a view a picture and Discord a larger request."""

from __future__ import annotations

from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, play_out, table_of, until


async def test_picture_edits_keep_the_table_buttons_sent_once_and_the_end_takes_them_off(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    table = table_of(bot)
    message = await until(fake.find_table_message)
    assert [b["label"] for b in message.buttons()] == ["My hand", "I'm back"]
    moves = await play_out(fake, bot)
    assert moves > 3 and table.status == "finished"

    edits = [c for c in fake.calls if c.method == "PATCH" and c.where == "channel" and c.message_id == message.id]
    pictures = [c for c in edits if c.files]
    assert len(pictures) > 5  # the table was redrawn through the game
    with_buttons = [c for c in pictures if "components" in c.payload]
    sent_buttons = [c for c in with_buttons if c.payload["components"]]
    assert len(sent_buttons) <= 1  # at most once on this message: it was posted with them or got them once
    assert with_buttons[-1] is pictures[-1] and pictures[-1].payload["components"] == []  # the end takes them off
    assert message.buttons() == [] and "Final standings" in message.text()


async def test_a_picture_edit_after_a_restart_sends_the_buttons_again(fake: FakeDiscord, start_bot: StartBot) -> None:
    """A new process does not know what the message carries: its first edit sends the buttons."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    message = await until(fake.find_table_message)
    await bot.close()
    calls = len(fake.calls)
    bot = await start_bot()
    await play_out(fake, bot)
    pictures = [c for c in fake.calls[calls:] if c.method == "PATCH" and c.message_id == message.id and c.files]
    assert pictures[0].payload["components"][0]["components"][0]["custom_id"].startswith("jp:h:")
    assert all("components" not in c.payload for c in pictures[1:-1])
    assert pictures[-1].payload["components"] == []
