"""Start-up settings: without a token the bot says what to set and exits non-zero."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from bot import __main__ as main_module
from bot.config import DEFAULT_DATABASE, ConfigError, load_config, python_command


def test_missing_token_names_every_variable() -> None:
    with pytest.raises(ConfigError) as err:
        load_config({})
    text = str(err.value)
    for name in ("DISCORD_TOKEN", ".env", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        assert name in text
    assert f"{python_command()} -m bot demo" in text  # the offline demo needs no token


def test_values_and_defaults() -> None:
    config = load_config({"DISCORD_TOKEN": " abc ", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert (config.token, config.dev_guild_id, config.log_level) == ("abc", 123, "DEBUG")
    assert load_config({"DISCORD_TOKEN": "x"}).database_path == DEFAULT_DATABASE


@pytest.mark.parametrize("env", [{"DEV_GUILD_ID": "abc"}, {"LOG_LEVEL": "loud"}])
def test_malformed_values_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError):
        load_config({"DISCORD_TOKEN": "x", **env})


def test_main_exits_non_zero_without_token(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr("dotenv.load_dotenv", lambda *a, **k: False)
    assert main_module.main([]) != 0
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_commands_in_messages_name_the_interpreter_the_reader_has(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    """A README user runs .venv/bin/python without activating the venv: a bare `python` would not work."""
    from bot import config

    venv_python = tmp_path / ".venv" / "bin" / "python"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "executable", str(venv_python))
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/python")
    assert config.python_command() == ".venv/bin/python"
    with pytest.raises(ConfigError) as err:
        load_config({})
    assert ".venv/bin/python -m bot demo" in str(err.value)
    monkeypatch.setattr(shutil, "which", lambda name: str(venv_python))  # an activated venv, or Docker
    assert config.python_command() == "python"
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert config.python_command() == str(venv_python)  # run from elsewhere: the whole path


def test_the_per_server_table_cap_is_a_setting() -> None:
    assert load_config({"DISCORD_TOKEN": "x"}, dotenv=False).max_tables == 25
    assert load_config({"DISCORD_TOKEN": "x", "MAX_TABLES_PER_GUILD": "3"}, dotenv=False).max_tables == 3
    with pytest.raises(ConfigError, match="MAX_TABLES_PER_GUILD"):
        load_config({"DISCORD_TOKEN": "x", "MAX_TABLES_PER_GUILD": "many"}, dotenv=False)
