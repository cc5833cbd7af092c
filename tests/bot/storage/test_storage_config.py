"""The settings that choose the store and split the shards between processes."""

from __future__ import annotations

import pytest

from bot.config import DEFAULT_DATABASE, ConfigError, load_config


def test_database_url_selects_postgresql_and_wins_over_the_path() -> None:
    url = "postgresql://janpo@db:5432/janpo"
    assert load_config({"DISCORD_TOKEN": "x", "DATABASE_URL": url}).database_path == url
    both = {"DISCORD_TOKEN": "x", "DATABASE_URL": url, "DATABASE_PATH": "here.sqlite3"}
    assert load_config(both).database_path == url
    assert load_config({"DISCORD_TOKEN": "x", "DATABASE_PATH": "here.sqlite3"}).database_path == "here.sqlite3"
    assert load_config({"DISCORD_TOKEN": "x", "DATABASE_URL": " "}).database_path == DEFAULT_DATABASE


@pytest.mark.parametrize(
    "ids, count, expected",
    [("", "", (None, None)), ("", "4", (None, 4)), ("0-1", "4", ((0, 1), 4)), ("3, 1", "4", ((1, 3), 4)),
     ("0-2,5", "6", ((0, 1, 2, 5), 6))],
)
def test_shard_settings(ids: str, count: str, expected: tuple[object, object]) -> None:
    config = load_config({"DISCORD_TOKEN": "x", "SHARD_IDS": ids, "SHARD_COUNT": count})
    assert (config.shard_ids, config.shard_count) == expected


@pytest.mark.parametrize(
    "ids, count, words",
    [("0", "", "needs SHARD_COUNT"), ("", "0", "at least 1"), ("", "two", "at least 1"), ("4", "4", "below"),
     ("1,1", "4", "distinct"), ("a-b", "4", "like 0,1"), ("2-", "4", "like 0,1")],
)
def test_bad_shard_settings_are_refused(ids: str, count: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        load_config({"DISCORD_TOKEN": "x", "SHARD_IDS": ids, "SHARD_COUNT": count})
