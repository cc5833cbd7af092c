"""DISCORD_REST_RATE: the outbox's global budget, read at start-up like every other setting."""

from __future__ import annotations

import pytest

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


def test_the_missing_token_message_names_it() -> None:
    assert "DISCORD_REST_RATE" in missing_token()
