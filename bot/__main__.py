"""``python -m bot`` starts the bot; ``python -m bot sync [--guild ID]`` registers its commands;
``python -m bot demo`` plays CPU games offline (no token needed).

Syncing is explicit because Discord caps command syncs per day: start-up never syncs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from bot.config import Config, ConfigError, load_config, python_command

if TYPE_CHECKING:
    from bot.ops.health import Readiness


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"{python_command()} -m bot", description="Run the Janpo Discord bot.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect and play (the default)")
    sync = sub.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument("--guild", type=int, help="one server id: instant there (default DEV_GUILD_ID, else global)")
    sub.add_parser("demo", help="play one CPU game of each mode offline into demo/ (no token needed)")
    return parser


async def _sync(config: Config, guild_id: int | None) -> int:
    from bot.client import JanpoBot

    bot = JanpoBot(config, resume=False)
    async with bot:
        await bot.login(config.token)
        names = await bot.sync_commands(guild_id)
    where = f"server {guild_id}" if guild_id else "every server (may take up to an hour to appear)"
    print(f"Synced {len(names)} commands to {where}: {', '.join(names)}")
    return 0


def _serve_ops(config: Config) -> Readiness | None:
    """Start ``/metrics``, ``/healthz`` and ``/readyz`` on METRICS_PORT (unset: none)."""
    if config.metrics_port is None:
        return None
    from bot.ops.health import Readiness
    from bot.ops.server import OpsServer

    readiness = Readiness()
    OpsServer(readiness, config.metrics_port, config.metrics_host)  # a daemon thread, until exit
    return readiness


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["demo"]:
        from bot.demo import main as demo

        return demo(argv[1:])
    args = _parser().parse_args(argv)
    try:
        config = load_config()
    except ConfigError as e:
        print(e, file=sys.stderr)
        return 2
    from bot.ops import logs

    logs.configure(config.log_level, config.log_format)
    import discord

    try:
        if args.command == "sync":
            return asyncio.run(_sync(config, args.guild or config.dev_guild_id))
        from bot.client import JanpoBot

        readiness = _serve_ops(config)  # a port in use is refused here, before logging in
        JanpoBot(config, readiness=readiness, handle_sigterm=True).run(config.token, log_handler=None)
    except ConfigError as e:
        print(e, file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN in .env (Developer Portal -> your "
              "application -> Bot -> Reset Token).", file=sys.stderr)
        return 1
    except (OSError, discord.GatewayNotFound, discord.HTTPException) as e:
        print(f"Could not reach Discord ({e.__class__.__name__}: {e}); check the network and try again.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
