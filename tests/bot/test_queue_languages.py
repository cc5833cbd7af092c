"""A ranked table seats each player with their own language (the locale of their /queue join):
a Korean player's hand comes in Korean while the ranked channel's thread stays in the server's."""

from __future__ import annotations

from bot.storage.ranked import RankedSettings
from tests.bot.harness import GUILD_ID, FakeDiscord, StartBot, Stored
from tests.bot.test_queue import CHANNELS, RANKED, USERS, press_ready

KOREAN = USERS[1]


def hand(fake: FakeDiscord, user: int) -> Stored | None:
    return next((m for m in reversed(fake.dms(user)) if "hand.png" in m.alts()), None)


async def test_a_korean_player_gets_their_hand_in_korean_at_a_ranked_table(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    for n, user in enumerate(USERS[:4]):
        fake.add_user(user, f"P{n + 1}")
    bot = await start_bot()
    await bot.store.set_ranked_settings(RankedSettings(GUILD_ID, RANKED))
    for n, user in enumerate(USERS[:4]):
        token = fake.slash(bot, user, "queue join", channel_id=CHANNELS[n], game="riichi",
                           locale="ko" if user == KOREAN else "en-US")
        await fake.answered(token)
    for user in USERS[:4]:
        await press_ready(fake, bot, user)
    [thread] = await fake.until(lambda: list(fake.threads), what="a thread")
    table = await fake.until(lambda: fake.find_table_message(thread), what="the table picture in the thread")
    await fake.until(lambda: all(hand(fake, u) for u in USERS[:4]), what="every hand sent")
    assert table.alts()["table.png"].startswith("East 1")  # the thread: the server's language
    for user in USERS[:4]:
        words = hand(fake, user).alts()["hand.png"]  # type: ignore[union-attr]  # found just above
        if user == KOREAN:
            assert "내 손패: " in words and "Your hand" not in words
        else:
            assert "Your hand" in words and "내 손패" not in words, user
