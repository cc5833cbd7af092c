"""Settings from the environment (or a ``.env`` file): the token and a few optional knobs."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_DATABASE = "janpo.sqlite3"
DEFAULT_REST_RATE = 45  # REST calls per second outside interaction responses; Discord allows ~50


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    rest_rate: int = DEFAULT_REST_RATE


def python_command() -> str:
    """How the reader types this interpreter: ``python`` if that is it, else ``.venv/bin/python``.

    Messages that name a command must give one that works where they are read: a README user has
    not activated the venv, so a bare ``python`` would be the system one, without the bot installed."""
    here = os.path.abspath(sys.executable)
    on_path = shutil.which("python")
    if on_path and os.path.abspath(on_path) == here:
        return "python"
    try:
        relative = os.path.relpath(here)
    except ValueError:  # another drive (Windows)
        return here
    return here if relative.startswith("..") else relative


def missing_token(python: str = "python") -> str:
    """What to set when there is no token, with commands spelled for ``python``."""
    return (
        "DISCORD_TOKEN is not set. Put the bot token in the environment or in a .env file "
        "(copy .env.example to .env and fill in DISCORD_TOKEN=...; the token is under Discord Developer "
        "Portal -> your application -> Bot -> Reset Token). Optional: DATABASE_PATH (default "
        f"{DEFAULT_DATABASE}), DEV_GUILD_ID (a server id for `{python} -m bot sync --guild`), LOG_LEVEL "
        "(DEBUG, INFO, WARNING or ERROR), DISCORD_REST_RATE (REST calls per second, default "
        f"{DEFAULT_REST_RATE}). To see the games offline first, without Discord: {python} -m bot demo"
    )


def load_config(environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Config:
    """Read the settings; load ``.env`` first when ``dotenv`` so it works without exporting."""
    if environ is None:
        if dotenv:
            from dotenv import load_dotenv

            load_dotenv()
        environ = os.environ
    token = environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(missing_token(python_command()))
    guild_text = environ.get("DEV_GUILD_ID", "").strip()
    if guild_text and not guild_text.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild_text!r}.")
    level = environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
    rate_text = environ.get("DISCORD_REST_RATE", "").strip()
    if rate_text and not (rate_text.isdigit() and int(rate_text) > 0):
        raise ConfigError(f"DISCORD_REST_RATE must be a whole number of calls per second, not {rate_text!r}.")
    return Config(
        token=token,
        database_path=environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        dev_guild_id=int(guild_text) if guild_text else None,
        log_level=level,
        rest_rate=int(rate_text) if rate_text else DEFAULT_REST_RATE,
    )
