"""Issue 39: the text mode and large tiles switches of ``/settings me``, pressed like the others,
stored, and used by the player's next hand message."""

from __future__ import annotations

import io

from PIL import Image

from bot.comfort import SettingError, UserSettings
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, pending_hand, until


def test_typed_and_stored_forms() -> None:
    s = UserSettings().changed("text mode", "on").changed("large-tiles", "yes")
    assert s.text_mode and s.large_tiles and s.switches_on() == ()  # no badge: they move nothing
    assert UserSettings.from_json(s.to_json()) == s
    assert UserSettings.from_json({"text_mode": "maybe"}) == UserSettings()
    try:
        UserSettings().changed("text_mode", "loud")
    except SettingError as e:
        assert e.code == "bad_value"
    else:
        raise AssertionError("a bad value was taken")


async def test_pressing_both_switches_changes_the_next_hand(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Ann")
    bot = await start_bot(cpu_pause=0.0)
    fake.slash(bot, HOST, "settings me")
    await fake.settle()
    shown = fake.last_reply(HOST)
    assert "Text mode: off" in shown.labels() and "Large tiles: off" in shown.labels()
    assert "for screen readers" in shown.text() and "on a phone" in shown.text()
    for name in ("text_mode", "large_tiles"):
        fake.click(bot, HOST, shown, f"jp:s:{name}")
        await fake.settle()
    assert "Text mode: on" in fake.messages[shown.id].labels() and "Large tiles: on" in fake.messages[shown.id].labels()
    assert UserSettings.from_json(await bot.store.get_user_settings(HOST)) == UserSettings(text_mode=True,
                                                                                           large_tiles=True)
    await open_table(fake, bot, game="riichi", length="east")
    hand = await until(lambda: pending_hand(fake, HOST))
    assert "Your hand:" in hand.content and hand.alts()["hand.png"] in hand.content
    assert any(label.startswith("Discard ") for label in hand.labels())
    width, height = Image.open(io.BytesIO(hand.files[0][1])).size
    assert width < 600 and height > 2 * 96  # two rows of large tiles, not one row 723 px wide
