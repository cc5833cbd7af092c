"""The hard CPU level is offered by /table new and named in both languages (issue 19)."""

from __future__ import annotations

from bot.cogs.tables import LEVEL_CHOICES
from bot.i18n import en, ko
from bot.play.messages import LEVEL_KEYS
from tests.bot.harness import CHANNEL_ID, HOST, FakeDiscord, StartBot, lobby_action


def test_every_level_is_offered_and_named() -> None:
    assert [c.value for c in LEVEL_CHOICES] == ["easy", "normal", "hard"]
    for level, key in LEVEL_KEYS.items():
        assert key == f"level.{level}"
    assert en.MESSAGES["level.hard"] == "hard" and ko.MESSAGES["level.hard"] == "어려움"


async def test_a_hard_cpu_takes_a_seat(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="riichi", cpu="hard")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    fake.click(bot, HOST, lobby, lobby_action(lobby, "cpu"))
    await fake.settle()
    assert "(CPU, hard)" in lobby.text()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None
    assert [s.level for s in table.seats if s.user_id is None] == ["hard"]
