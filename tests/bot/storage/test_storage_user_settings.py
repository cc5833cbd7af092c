"""A player's own settings (``/settings me``): one object per user, on both backends."""

from __future__ import annotations

from bot.comfort import UserSettings
from bot.storage import Store
from tests.bot.storage.conftest import OpenStore


async def test_user_settings_round_trip_and_replace(store: Store) -> None:
    assert await store.get_user_settings(7) is None
    mine = UserSettings().changed("auto_win", "on").changed("assist", "off").to_json()
    await store.set_user_settings(7, mine)
    await store.set_user_settings(8, UserSettings().to_json())
    assert await store.get_user_settings(7) == mine
    assert UserSettings.from_json(await store.get_user_settings(7)).auto_win is True
    later = UserSettings.from_json(mine).changed("auto_win", "off").changed("no_calls", "on").to_json()
    await store.set_user_settings(7, later)
    assert await store.get_user_settings(7) == later
    assert await store.get_user_settings(8) == UserSettings().to_json()


async def test_user_ids_beyond_32_bits(store: Store) -> None:
    big = 987_654_321_098_765_432  # a Discord snowflake
    await store.set_user_settings(big, {"hand_style": "new"})
    assert await store.get_user_settings(big) == {"hand_style": "new"}
    assert await store.get_user_settings(big + 1) is None


async def test_settings_seen_by_another_process(store: Store, open_store: OpenStore) -> None:
    await store.set_user_settings(3, {"auto_tsumogiri": True})
    await store.close()
    again = await open_store()
    assert await again.get_user_settings(3) == {"auto_tsumogiri": True}
