"""``/settings me`` through the real dispatch: a private answer with a button per setting, each
press stored for the clicking player only, and buttons from before a restart still working."""

from __future__ import annotations

from bot.comfort import UserSettings
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, pending_hand, table_of, until

OTHER = 500_000_000_000_000_022


async def test_settings_me_toggles_store_and_survive_a_restart(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Ann")
    fake.add_user(OTHER, "Bo")
    bot = await start_bot()
    fake.slash(bot, HOST, "settings me")
    await fake.settle()
    shown = fake.last_reply(HOST)
    assert shown.ephemeral and "Your settings" in shown.text()
    ids = [b["custom_id"] for b in shown.buttons()]
    assert ids == ["jp:s:auto_win", "jp:s:no_calls", "jp:s:auto_tsumogiri", "jp:s:hand_style", "jp:s:assist",
                   "jp:s:text_mode", "jp:s:large_tiles"]
    assert "Auto-win: off" in shown.labels() and "Assist: as the table" in shown.labels()
    assert await bot.store.get_user_settings(HOST) is None  # looking changes nothing

    fake.click(bot, HOST, shown, "jp:s:auto_win")
    await fake.settle()
    assert UserSettings.from_json(await bot.store.get_user_settings(HOST)) == UserSettings(auto_win=True)
    assert "Auto-win: on" in fake.messages[shown.id].labels()  # the same private message, edited

    await bot.tables.close()
    again = await start_bot()  # a new process on the same database: the old button still works
    fake.click(again, HOST, shown, "jp:s:assist")
    await fake.settle()
    fake.click(again, HOST, shown, "jp:s:hand_style")
    await fake.settle()
    stored = UserSettings.from_json(await again.store.get_user_settings(HOST))
    assert stored == UserSettings(auto_win=True, assist=True, hand_style="new")
    assert await again.store.get_user_settings(OTHER) is None  # nobody else's settings moved

    fake.slash(again, HOST, "settings me", locale="ko")
    await fake.settle()
    ko = fake.last_reply(HOST)
    assert "내 설정" in ko.text() and "자동 화료: 켬" in ko.labels() and "도우미: 켬" in ko.labels()


async def test_another_player_pressing_a_copy_changes_only_their_own(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Ann")
    fake.add_user(OTHER, "Bo")
    bot = await start_bot()
    fake.slash(bot, HOST, "settings me")
    await fake.settle()
    shown = fake.last_reply(HOST)
    fake.click(bot, OTHER, shown, "jp:s:no_calls")
    await fake.settle()
    assert await bot.store.get_user_settings(HOST) is None
    assert UserSettings.from_json(await bot.store.get_user_settings(OTHER)).no_calls is True


async def test_settings_me_needs_no_manage_server(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Ann")
    bot = await start_bot()
    await bot.sync_commands(None)
    sent = next(c.payload for c in fake.calls if c.method == "PUT")
    settings = next(c for c in sent if c["name"] == "settings")
    assert settings.get("default_member_permissions") is None  # every member sees /settings me
    assert {o["name"] for o in settings["options"]} == {"language", "me", "ranked", "league-role"}


async def test_a_press_reaches_the_table_the_player_sits_at(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D71: a changed setting is the table's from the player's next prompt, with no reload."""
    fake.add_user(HOST, "Ann")
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    await until(lambda: pending_hand(fake, HOST))
    session = bot.tables.sessions[table_of(bot).table_id]
    assert session.settings["A"] == UserSettings()  # loaded once, when A was first prompted
    fake.slash(bot, HOST, "settings me")
    await fake.settle()
    fake.click(bot, HOST, fake.last_reply(HOST), "jp:s:no_calls")
    await fake.settle()
    assert session.settings["A"] == UserSettings(no_calls=True)  # no reload needed for the next prompt
    assert set(session.settings) == {"A"}  # CPU seats never read settings
