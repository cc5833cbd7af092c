"""Each player's private messages at a league table are in their own language (the locale of
their Ready click, else of their sign-up click), while the league's channel and thread keep the
league's: as at a hand-opened table, where each seat takes the language of the click that sat it."""

from __future__ import annotations

from bot.client import JanpoBot
from tests.bot.harness import GUILD_ID, HOST, FakeDiscord, StartBot, Stored
from tests.bot.test_league_flow import MANAGE_GUILD, ready_messages, signup

FOUR = [HOST + n for n in range(4)]
KO_SIGNUP, KO_READY = FOUR[1], FOUR[2]  # one signs up in Korean, one clicks Ready in Korean


def hand(fake: FakeDiscord, user: int) -> Stored | None:
    return next((m for m in reversed(fake.dms(user)) if "hand.png" in m.alts()), None)


async def seated_league(fake: FakeDiscord, bot: JanpoBot) -> Stored:
    fake.member_permissions = MANAGE_GUILD
    fake.slash(bot, HOST, "league new", name="Cup", game="riichi", length="east", rounds=1, timer=10)
    await fake.settle()
    message = signup(fake)
    for user in FOUR:
        fake.click(bot, user, fake.messages[message.id], message.button(prefix="jp:lg:")["custom_id"],
                   locale="ko" if user == KO_SIGNUP else "en-US")
        await fake.settle()
    fake.slash(bot, HOST, "league start", name="Cup")
    await fake.settle()
    fake.slash(bot, HOST, "league round", name="Cup")
    await fake.settle()
    [ready] = ready_messages(fake, 1)
    return ready


async def test_each_player_gets_their_hand_in_their_own_language(fake: FakeDiscord, start_bot: StartBot) -> None:
    for n, user in enumerate(FOUR):
        fake.add_user(user, f"P{n}")
    bot = await start_bot(cpu_pause=0.0)
    ready = await seated_league(fake, bot)
    assert ready.content.startswith("**Cup**, round 1, table 1")  # the thread speaks the league's language
    custom_id = ready.button(prefix="jp:ly:")["custom_id"]
    for user in FOUR:  # everyone but the Korean sign-up presses Ready; their table opens at its deadline
        if user != KO_SIGNUP:
            fake.click(bot, user, fake.messages[ready.id], custom_id, locale="ko" if user == KO_READY else "en-US")
            await fake.settle()
    table = await fake.until(lambda: fake.find_table_message(ready.channel_id), what="the table opens")
    await fake.until(lambda: all(hand(fake, u) for u in FOUR), what="every hand sent")
    assert table.alts()["table.png"].startswith("East 1")  # the thread: English, the league's language
    for user in FOUR:
        words = hand(fake, user).alts()["hand.png"]  # type: ignore[union-attr]  # found just above
        if user in (KO_SIGNUP, KO_READY):
            assert "내 손패: " in words and "Your hand" not in words, user
        else:
            assert "Your hand" in words and "내 손패" not in words, user
    league = await bot.store.find_league(GUILD_ID, "Cup")
    assert league is not None
    players = {p.user_id: p.lang for p in await bot.store.league_players(league.league_id)}
    assert players == {FOUR[0]: "en", KO_SIGNUP: "ko", KO_READY: "en", FOUR[3]: "en"}
