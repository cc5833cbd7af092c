"""DISCORD_REST_RATE: the outbox's global budget, read at start-up like every other setting."""

from __future__ import annotations

import pytest

from bot.client import JanpoBot
from bot.config import DEFAULT_REST_RATE, ConfigError, load_config, missing_token
from bot.outbox import DEFAULT_RATE


def test_default_is_45_and_is_the_outbox_default() -> None:
    assert load_config({"DISCORD_TOKEN": "x"}).rest_rate == DEFAULT_REST_RATE == DEFAULT_RATE == 45


def test_rate_is_read() -> None:
    assert load_config({"DISCORD_TOKEN": "x", "DISCORD_REST_RATE": " 30 "}).rest_rate == 30


@pytest.mark.parametrize("text", ["0", "-5", "fast", "12.5"])
def test_a_rate_that_is_not_a_positive_whole_number_is_refused(text: str) -> None:
    with pytest.raises(ConfigError, match="DISCORD_REST_RATE"):
        load_config({"DISCORD_TOKEN": "x", "DISCORD_REST_RATE": text})


@pytest.mark.parametrize(("ids", "count", "rate", "share"), [
    ("", "", "", 45),  # one process, all shards
    ("", "3", "", 45),  # SHARD_COUNT alone: this process runs every shard
    ("0", "3", "", 15), ("0-1", "3", "", 30), ("0-2", "3", "", 45), ("1,3", "4", "50", 25),
    ("2", "3", "2", 1),  # never below one call a second
])
def test_several_processes_share_the_token_s_rate_by_their_shards(ids: str, count: str, rate: str,
                                                                   share: int) -> None:
    env = {"DISCORD_TOKEN": "x", "SHARD_IDS": ids, "SHARD_COUNT": count, "DISCORD_REST_RATE": rate}
    assert load_config(env).process_rest_rate == share


def test_the_bot_s_outbox_paces_at_its_process_s_share() -> None:
    config = load_config({"DISCORD_TOKEN": "x", "SHARD_IDS": "1", "SHARD_COUNT": "3"})
    assert JanpoBot(config).outbox.rate == 15


def test_the_missing_token_message_names_it() -> None:
    assert "DISCORD_REST_RATE" in missing_token()
