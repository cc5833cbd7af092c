"""Slash commands through the real dispatch: localised names, /rules, /help, /settings language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import CAPTIONS
from tests.bot.harness import GUILD_ID, FakeDiscord, StartBot

USER = 500_000_000_000_000_011


async def test_sync_sends_korean_names_and_descriptions(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot()
    names = await bot.sync_commands(None)
    assert {"table", "rules", "help", "settings"} <= set(names)
    sent = next(c.payload for c in fake.calls if c.method == "PUT")
    table = next(c for c in sent if c["name"] == "table")
    assert table["name_localizations"]["ko"] == "테이블"
    new = next(o for o in table["options"] if o["name"] == "new")
    assert new["name_localizations"]["ko"] == "새로"
    game = next(o for o in new["options"] if o["name"] == "game")
    assert game["name_localizations"]["ko"] == "게임"
    janpo = next(c for c in game["choices"] if c["value"] == "janpo")
    assert janpo["name_localizations"]["ko"] == "잔포" and janpo["name"] == "Janpo"
    assert "en-US" not in table.get("name_localizations", {})


async def test_rules_in_korean_and_english(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(USER, "민수")
    bot = await start_bot()
    fake.slash(bot, USER, "rules", locale="ko", game="janpo")
    await fake.settle()
    reply = fake.last_reply(USER)
    assert reply.ephemeral
    assert "잔포: 규칙" in reply.text() and "타다 마작 타임 (J7)" in reply.text()
    fake.slash(bot, USER, "rules", locale="en-US", game="holdem")
    await fake.settle()
    assert "**P5** Heads-up" in fake.last_reply(USER).text()


async def test_help_tours_commands_and_each_game(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    fake.slash(bot, USER, "help")
    await fake.settle()
    reply = fake.last_reply(USER)
    assert "/table new" in reply.text()
    for game in ("Janpo", "Mahjong Five", "Riichi mahjong", "Texas Hold'em"):
        assert game in reply.text()
    assert reply.text().count("10. ") == 4  # a ten-line how-to per game


async def test_settings_language_sets_the_public_language(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    fake.slash(bot, USER, "settings language", language="ko")  # without Manage Server: refused
    await fake.settle()
    assert await bot.store.get_guild_language(GUILD_ID) is None
    assert "permission" in fake.last_reply(USER).text()
    fake.member_permissions = discord.Permissions(manage_guild=True).value
    fake.slash(bot, USER, "settings language", language="ko")
    await fake.settle()
    assert await bot.store.get_guild_language(GUILD_ID) == "ko"
    assert "한국어" in fake.last_reply(USER).text() or "Korean" in fake.last_reply(USER).text()
    fake.slash(bot, USER, "table new", locale="en-US", game="riichi")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    assert "리치 마작: 새 테이블" in lobby.text() and "참가" in lobby.labels()
    fake.slash(bot, USER, "table new", locale="en-US", game="riichi")
    await fake.settle()
    assert "already has a table" in fake.last_reply(USER).text()  # the reply is in the user's language


async def test_table_commands_without_a_table(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    for command in ("table status", "table leave", "table abort", "table verify"):
        fake.slash(bot, USER, command, locale="ko")
        await fake.settle()
        assert "테이블이 없습니다" in fake.last_reply(USER).text(), command


async def test_python_m_bot_sync_registers_commands_and_touches_no_table(fake: FakeDiscord, start_bot: StartBot, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from bot.__main__ import _sync
    from bot.config import Config

    fake.add_user(USER, "Ann")
    bot = await start_bot()
    fake.slash(bot, USER, "table new", game="holdem")  # a table waiting in the database
    await fake.settle()
    await bot.tables.close()
    calls = len(fake.calls)
    assert await _sync(Config(token="fake-token", database_path=str(tmp_path / "janpo.sqlite3")), GUILD_ID) == 0
    assert f"to server {GUILD_ID}" in capsys.readouterr().out
    made = fake.calls[calls:]
    assert [c.method for c in made] == ["PUT"] and f"/guilds/{GUILD_ID}/commands" in made[0].path


async def test_help_for_one_game_shows_how_to_play_with_a_picture(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue 10: /help game:<...> gives that game's ten-line how-to and an example picture."""
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    fake.slash(bot, USER, "help", game="five")
    await fake.settle()
    reply = fake.last_reply(USER)
    assert reply.ephemeral and "Mahjong Five" in reply.text() and "10. " in reply.text()
    assert reply.files and reply.files[0][0] == "example.png"
    assert reply.alts()["example.png"].startswith("South round. Mina wins by ron from Dad.")  # issue 39


def _leaves(payload: list[dict[str, Any]], prefix: tuple[str, ...] = (), lang: str | None = None) -> list[str]:
    """Every command a user can type, as `/name sub`, from the payload Discord is sent (1 = sub-command)."""
    out = []
    for c in payload:
        name = c.get("name_localizations", {}).get(lang, c["name"]) if lang else c["name"]
        subs = [o for o in c.get("options", []) if o["type"] in (1, 2)]
        out += _leaves(subs, (*prefix, name), lang) if subs else ["/" + " ".join((*prefix, name))]
    return out


async def test_help_lists_every_registered_command_and_the_beginners_guide(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue 20: /help names every slash command the bot registers, in the reader's language."""
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    await bot.sync_commands(None)
    sent = next(c.payload for c in fake.calls if c.method == "PUT")
    for locale, lang, guide in (("en-US", None, "docs/LEARN.md"), ("ko", "ko", "docs/LEARN.ko.md")):
        fake.slash(bot, USER, "help", locale=locale)
        await fake.settle()
        text = fake.last_reply(USER).text()
        commands = _leaves(sent, lang=lang)
        assert len(commands) >= 13 and "/table new" in _leaves(sent)
        missing = [c for c in commands if f"**{c}**" not in text]
        assert not missing, (locale, missing)
        assert guide in text
        captions = CAPTIONS["ko" if lang else "en"]  # the legend names the badges as the pictures draw them
        assert all(f"**{captions[key]}**" in text for key in ("turn", "to_act", "out_of_poker", "busted")), locale
