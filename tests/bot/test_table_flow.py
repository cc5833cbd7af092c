"""A whole table through the real discord.py dispatch, offline (issue 8 items 2-8)."""

from __future__ import annotations

from harness import FakeDiscord, Stored

HOST = 500_000_000_000_000_001
PREFERENCE = ("All-in", "Call", "Check")


def pending_hand(fake: FakeDiscord, user: int) -> Stored | None:
    """The newest DM to ``user`` that still has move buttons."""
    for message in reversed(fake.dms(user)):
        if any(b["custom_id"].startswith("jp:m:") for b in message.buttons()):
            return message
    return None


async def open_table(fake: FakeDiscord, bot, user: int = HOST, cpus: int = 3, locale: str = "en-US",
                     **options) -> Stored:
    """``/table new``, the host adds ``cpus`` CPU players and presses Start."""
    fake.slash(bot, user, "table new", locale=locale, **options)
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    for _ in range(cpus):
        fake.click(bot, user, lobby, lobby.button(prefix="jp:l:")["custom_id"].rsplit(":", 1)[0] + ":cpu")
        await fake.settle()
    fake.click(bot, user, lobby, lobby.button(prefix="jp:l:")["custom_id"].rsplit(":", 1)[0] + ":start")
    await fake.settle()
    return lobby


async def play_out(fake: FakeDiscord, bot, user: int = HOST, limit: int = 400) -> int:
    """Answer every prompt with the first preferred button until the game ends; returns moves made."""
    moves = 0
    for _ in range(limit):
        hand = pending_hand(fake, user)
        if hand is None:
            return moves
        label = next(lab for lab in PREFERENCE if lab in hand.labels())
        fake.click(bot, user, hand, hand.button(label)["custom_id"])
        await fake.settle(quiet=0.02)
        moves += 1
    raise AssertionError("the game did not end")


async def test_holdem_one_human_three_cpus_to_final_standings(fake: FakeDiscord, start_bot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    lobby = await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    assert "SHA-256" in fake.table_message().text()
    moves = await play_out(fake, bot)
    await fake.settle()
    final = fake.messages[lobby.id]
    assert moves > 0
    text = final.text()
    assert "Final standings" in text and "Seed:" in text
    assert text.count("(CPU, normal)") == 3 and "Alice" in text
    assert final.buttons() == []  # no table buttons once the game is over
