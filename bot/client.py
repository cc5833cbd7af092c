"""The bot object: opens the store, installs the translator, loads the cogs, resumes tables."""

from __future__ import annotations

import gc
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.admin import AdminCog
from bot.cogs.history import HistoryCog
from bot.cogs.info import InfoCog
from bot.cogs.leaderboard import LeaderboardCog
from bot.cogs.league import LeagueCog
from bot.cogs.learn import LearnCog
from bot.cogs.queue import QueueCog
from bot.cogs.settings import SettingsCog
from bot.cogs.tables import TablesCog
from bot.config import Config
from bot.i18n import CAPTIONS, language_of, t
from bot.i18n.translator import CatalogTranslator
from bot.league.buttons import LEAGUE_ITEMS
from bot.league.service import LeagueService
from bot.ops import status
from bot.ops.health import Readiness
from bot.ops.sampler import Sampler
from bot.outbox import Outbox
from bot.play import drain
from bot.play.buttons import DYNAMIC_ITEMS
from bot.play.cpu import Decisions
from bot.play.manager import TableManager
from bot.ranked.service import QueueService
from bot.render.pool import PoolKind, RenderPool

log = logging.getLogger(__name__)
MAX_RATELIMIT_WAIT = 30.0  # seconds; discord.py's smallest allowed value
# Young collections between two full ones (Python's default is 10). A full pass stops the event
# loop for as long as it walks every live object: at 1,000 tables 140-450 ms, ten times a minute
# with the default; with 100 about once a minute, for much the same length each.
FULL_PASS_AFTER = 100


async def open_store(path: str) -> Any:
    from bot.storage import Store

    return await Store.open(path)


def shared_database(config: Config) -> bool:
    """Other processes may serve tables of this database: PostgreSQL, or shards configured."""
    return config.shard_count is not None or config.database_path.startswith(("postgresql://", "postgres://"))


class JanpoBot(commands.Bot):
    """``store`` may be given (tests, benchmarks); otherwise the store DATABASE_URL/PATH names.
    ``render``: where pictures are drawn (worker processes; tests draw inline). ``freeze_gc``:
    after start-up, move everything alive to the collector's permanent generation, so its passes
    never walk the long-lived caches, and make full passes rarer (``FULL_PASS_AFTER``; tests leave
    both off).

    With SHARD_COUNT set the bot is a :class:`ShardedJanpoBot` (``AutoShardedBot``) running
    SHARD_IDS of SHARD_COUNT (all of them if SHARD_IDS is unset); direct messages, and so every
    private-hand click, reach only the process running shard 0, which forwards them to the
    process serving the table (bot.play.manager)."""

    def __new__(cls, config: Config, *args: Any, **kwargs: Any) -> JanpoBot:
        if cls is JanpoBot and config.shard_count is not None:
            cls = ShardedJanpoBot
        return super().__new__(cls)

    def __init__(self, config: Config, *, store: Any = None, time_scale: float = 1.0, resume: bool = True,
                 render: PoolKind = "process", decide: PoolKind | None = None, freeze_gc: bool = True,
                 readiness: Readiness | None = None, handle_sigterm: bool = False, **manager: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        sharding: dict[str, Any] = {}
        if config.shard_count is not None:
            sharding["shard_count"] = config.shard_count
            if config.shard_ids is not None:
                sharding["shard_ids"] = list(config.shard_ids)
            ids = config.shard_ids or tuple(range(config.shard_count))
            manager.setdefault("shards", (ids, config.shard_count))
        manager.setdefault("shared", shared_database(config))
        # A 429 longer than this raises RateLimited (handled: a hand waits on "My hand") instead of
        # stalling the call that met it.
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         max_ratelimit_timeout=MAX_RATELIMIT_WAIT, **sharding)
        self.config = config
        self.store: Any = store
        self._own_store = store is None
        self.resume = resume  # False for `python -m bot sync`: register commands, touch no table
        manager.setdefault("guild_cap", config.max_tables)
        manager.setdefault("decisions", Decisions(kind=decide))  # processes when there is a second core
        self.tables = TableManager(self, store, time_scale=time_scale, **manager)
        self.queue = QueueService(self)  # ranked play: matches the stored queue, opens tables in threads
        self.leagues = LeagueService(self)
        # Every REST call outside interaction responses, paced on the tables' own clock.
        self.outbox = Outbox(rate=config.process_rest_rate, clock=self.tables.clock)
        self.render_pool = RenderPool(kind=render, texts=tuple(CAPTIONS.values()))
        self.freeze_gc = freeze_gc
        self.handle_sigterm = handle_sigterm  # `python -m bot`: SIGTERM hands the tables on (bot.play.drain)
        # Gauges and /readyz kept fresh when they are served (METRICS_PORT, bot.ops).
        self.sampler = Sampler(self, readiness) if readiness is not None else None
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await open_store(self.config.database_path)
        self.tables.store = self.store
        await self.tree.set_translator(CatalogTranslator())
        for cog in (TablesCog(self), InfoCog(self), SettingsCog(self), LeaderboardCog(self), HistoryCog(self),
                    LearnCog(self), AdminCog(self), QueueCog(self), LeagueCog(self)):
            await self.add_cog(cog)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *LEAGUE_ITEMS)
        if self.render_pool.kind != "inline":
            await self.render_pool.start()  # workers warmed before the first picture is wanted
        if self.tables.decisions.kind != "inline":
            await self.tables.start_decisions()
        if self.resume:
            await self.tables.start()
            resumed = await self.tables.resume_all()
            log.info("resumed %d unfinished tables", resumed)
            await self.queue.start()
            await self.leagues.resume()
        status.describe(self)
        if self.handle_sigterm:
            drain.on_sigterm(self)
        if self.sampler is not None:
            self.sampler.start()
        if self.freeze_gc:
            gc.collect()
            gc.freeze()
            young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, FULL_PASS_AFTER)

    async def table_language(self, interaction: discord.Interaction) -> str:
        """The public language of this server: its /settings choice, else its Discord locale."""
        chosen = await self.store.get_guild_language(interaction.guild_id) if interaction.guild_id else None
        return chosen or language_of(interaction.guild_locale or interaction.locale)

    async def sync_commands(self, guild_id: int | None) -> list[str]:
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        return [c.name for c in synced]

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """One answer for every command failure: a short private message, the details in the log."""
        key = "err.no_permission" if isinstance(error, app_commands.CheckFailure) else "err.generic"
        if not isinstance(error, app_commands.CheckFailure):
            log.exception("command failed", exc_info=error)
        text = t(language_of(interaction.locale), key)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report a command error to the user")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its tables are closed (stored as stopped), nothing retries."""
        self.tables.guild_gone(guild.id)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A player who leaves the server leaves its ranked queue (sent only with the members intent;
        without it, a Ready they cannot answer takes them out)."""
        await self.queue.member_left(payload.guild_id, payload.user.id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self.tables.gone(channel.id)

    async def on_thread_delete(self, thread: discord.Thread) -> None:
        self.tables.gone(thread.id)

    async def close(self) -> None:
        if self.sampler is not None:
            await self.sampler.close()
        if self.store is not None:  # None: logging in failed before the store was opened
            await self.tables.close()
        else:
            self.tables.closed = True
        await self.outbox.close(timeout=5.0)
        await self.render_pool.aclose()
        await self.tables.decisions.close()
        if self._own_store and self.store is not None:
            await self.store.close()
        await super().close()


class ShardedJanpoBot(JanpoBot, commands.AutoShardedBot):
    """The bot as one of several processes: discord.py's ``AutoShardedBot`` for SHARD_IDS."""
