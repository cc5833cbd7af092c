"""Settings from the environment (or a ``.env`` file): the token and a few optional knobs."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_DATABASE = "janpo.sqlite3"


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    max_tables: int = 25  # tables (lobbies and games) one server may have open at once


MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Put the bot token in the environment or in a .env file "
    "(copy .env.example to .env and fill in DISCORD_TOKEN=...; the token is under Discord Developer "
    "Portal -> your application -> Bot -> Reset Token). Optional: DATABASE_PATH (default "
    f"{DEFAULT_DATABASE}), DEV_GUILD_ID (a server id for `python -m bot sync --guild`), LOG_LEVEL "
    "(DEBUG, INFO, WARNING or ERROR). To see the games offline first, without Discord: python -m bot demo"
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
        raise ConfigError(MISSING_TOKEN)
    guild_text = environ.get("DEV_GUILD_ID", "").strip()
    if guild_text and not guild_text.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild_text!r}.")
    level = environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
    tables_text = environ.get("MAX_TABLES_PER_GUILD", "").strip() or "25"
    if not tables_text.isdigit() or int(tables_text) < 1:
        raise ConfigError(f"MAX_TABLES_PER_GUILD must be a whole number from 1, not {tables_text!r}.")
    return Config(
        token=token,
        max_tables=int(tables_text),
        database_path=environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        dev_guild_id=int(guild_text) if guild_text else None,
        log_level=level,
    )
