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
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    max_tables: int = 25  # tables (lobbies and games) one server may have open at once
    metrics_port: int | None = None  # /metrics, /healthz and /readyz (bot.ops); None: off
    metrics_host: str = "0.0.0.0"  # where that port listens (a container's scraper reaches it there)
    log_format: str = "text"  # "json": one JSON object a line (bot.ops.logs)
    drain_seconds: float = 20.0  # on SIGTERM, the longest the hand-over of tables may take

    @property
    def process_rest_rate(self) -> int:
        """This process's part of ``rest_rate``. Discord's global limit is the bot token's, shared
        by every process running the bot, so a process running k of the n shards paces itself at
        k/n of it (at least one call a second): three processes of one shard each stay under the
        token's limit together."""
        if self.shard_count is None or self.shard_ids is None:
            return self.rest_rate
        return max(1, self.rest_rate * len(self.shard_ids) // self.shard_count)


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
        f"{DEFAULT_DATABASE}) or DATABASE_URL (postgresql://...), SHARD_COUNT and SHARD_IDS (several "
        f"processes), DEV_GUILD_ID (a server id for `{python} -m bot sync --guild`), LOG_LEVEL "
        "(DEBUG, INFO, WARNING or ERROR), DISCORD_REST_RATE (REST calls per second for the whole bot, "
        f"default {DEFAULT_REST_RATE}; several processes share it by their shards), METRICS_PORT (metrics and "
        f"health checks over HTTP), LOG_FORMAT (text or json). To see the games offline first, without Discord: {python} -m bot demo"
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
    tables_text = environ.get("MAX_TABLES_PER_GUILD", "").strip() or "25"
    if not tables_text.isdigit() or int(tables_text) < 1:
        raise ConfigError(f"MAX_TABLES_PER_GUILD must be a whole number from 1, not {tables_text!r}.")
    rate_text = environ.get("DISCORD_REST_RATE", "").strip()
    if rate_text and not (rate_text.isdigit() and int(rate_text) > 0):
        raise ConfigError(f"DISCORD_REST_RATE must be a whole number of calls per second, not {rate_text!r}.")
    metrics_port, log_format, drain = _operations(environ)
    shard_ids, shard_count = _shards(environ.get("SHARD_IDS", "").strip(), environ.get("SHARD_COUNT", "").strip())
    return Config(
        token=token,
        max_tables=int(tables_text),
        database_path=environ.get("DATABASE_URL", "").strip() or environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        dev_guild_id=int(guild_text) if guild_text else None,
        log_level=level,
        rest_rate=int(rate_text) if rate_text else DEFAULT_REST_RATE,
        shard_ids=shard_ids,
        shard_count=shard_count,
        metrics_port=metrics_port,
        metrics_host=environ.get("METRICS_HOST", "").strip() or "0.0.0.0",
        log_format=log_format,
        drain_seconds=drain,
    )


LOG_FORMATS = ("text", "json")


def _operations(environ: Mapping[str, str]) -> tuple[int | None, str, float]:
    """METRICS_PORT (1-65535, unset: no metrics server), LOG_FORMAT and DRAIN_SECONDS, each refused
    in one line naming it. A port another program holds is found when it is bound (bot.ops.server)."""
    port_text = environ.get("METRICS_PORT", "").strip()
    if port_text and not (port_text.isdigit() and 1 <= int(port_text) <= 65535):
        raise ConfigError(f"METRICS_PORT must be a port number from 1 to 65535, not {port_text!r}.")
    log_format = environ.get("LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in LOG_FORMATS:
        raise ConfigError(f"LOG_FORMAT must be text or json, not {log_format!r}.")
    drain_text = environ.get("DRAIN_SECONDS", "").strip() or "20"
    try:
        drain = float(drain_text)
    except ValueError:
        drain = -1.0
    if not 1.0 <= drain <= 300.0:
        raise ConfigError(f"DRAIN_SECONDS must be a number of seconds from 1 to 300, not {drain_text!r}.")
    return (int(port_text) if port_text else None), log_format, drain


def _shards(ids_text: str, count_text: str) -> tuple[tuple[int, ...] | None, int | None]:
    """SHARD_COUNT (how many shards the bot has in all) and SHARD_IDS (this process's: ``0,1`` or
    ``0-3``); neither set means one process and discord.py's own choice."""
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the number of shards in all processes).")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return None, count
    ids: list[int] = []
    for part in ids_text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(f"SHARD_IDS must list shard numbers like 0,1 or 0-3, not {ids_text!r}.")
        ids.extend(range(int(low), int(high if dash else low) + 1))
    if not ids or len(set(ids)) != len(ids) or max(ids) >= count:
        raise ConfigError(f"SHARD_IDS {ids_text!r} must name distinct shards below SHARD_COUNT {count}.")
    return tuple(sorted(ids)), count
