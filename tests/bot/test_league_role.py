"""``/settings league-role``: the members of the named role may organise leagues without Manage
Server; anyone else gets one private line and nothing is created."""

from __future__ import annotations

from tests.bot.fake_discord import RoleOption
from tests.bot.harness import GUILD_ID, HOST, FakeDiscord, StartBot
from tests.bot.test_league_flow import MANAGE_GUILD, signup

ORGANISER, STRANGER = HOST + 1, HOST + 2
ROLE, OTHER_ROLE = 777_000_000_000_000_001, 777_000_000_000_000_002


async def test_the_league_role_may_open_a_league_and_others_may_not(fake: FakeDiscord, start_bot: StartBot) -> None:
    for user, name in ((HOST, "Admin"), (ORGANISER, "Org"), (STRANGER, "Stranger")):
        fake.add_user(user, name)
    bot = await start_bot()
    fake.member_permissions = MANAGE_GUILD
    fake.slash(bot, HOST, "settings league-role", role=RoleOption(ROLE))
    await fake.settle()
    assert fake.last_reply(HOST).content == f"League organisers: Manage Server and <@&{ROLE}>."
    assert await bot.store.get_league_role(GUILD_ID) == ROLE

    fake.member_permissions, fake.member_roles = 0, [OTHER_ROLE, ROLE]  # no Manage Server, but the role
    fake.slash(bot, ORGANISER, "league new", name="Cup", game="riichi", length="east", rounds=2)
    await fake.settle()
    league = await bot.store.find_league(GUILD_ID, "Cup")
    assert league is not None and league.organiser_id == ORGANISER
    assert signup(fake).content.startswith("**Cup**")

    before = len(fake.channel_messages())
    fake.member_roles = [OTHER_ROLE]  # neither Manage Server nor the league role
    fake.slash(bot, STRANGER, "league new", name="Plate", game="riichi", length="east", rounds=2)
    await fake.settle()
    refusal = fake.last_reply(STRANGER)
    assert refusal.ephemeral
    assert refusal.content == "Only a league organiser (Manage Server, or the league role) may do that."
    assert await bot.store.find_league(GUILD_ID, "Plate") is None
    assert len(fake.channel_messages()) == before  # nothing posted
    assert [lg.name for lg in await bot.store.open_leagues()] == ["Cup"]
