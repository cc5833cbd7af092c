"""The figures ``/admin status`` shows the application's owner: this process and the others,
its shards, the tables, the outbox's queue and REST budget, the versions running.

Other parts of the bot add their own figures with :func:`provider` (the ranked queue, say): a
provider is called with the bot and the reader's language and returns (name, value) pairs,
already in that language, shown after these.
"""

from __future__ import annotations

import logging
import platform
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from importlib import metadata
from typing import Any

from bot.i18n import number, t
from bot.ops import metrics

log = logging.getLogger(__name__)
Provider = Callable[[Any, str], Awaitable[list[tuple[str, str]]]]
PROVIDERS: list[Provider] = []
STARTED = time.time()


def provider(fn: Provider) -> Provider:
    """Register ``fn`` (usable as a decorator); its figures follow the built-in ones."""
    PROVIDERS.append(fn)
    return fn


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def versions() -> dict[str, str]:
    return {"janpo": _version("janpo"), "discord_py": _version("discord.py"),
            "python": platform.python_version()}


def shards(bot: Any) -> str:
    """``1 of 3`` style: this process's shard ids and the shard count (``-`` when unsharded)."""
    count = getattr(bot, "shard_count", None)
    ids = getattr(bot, "shard_ids", None)
    if not count:
        return "-"
    return f"{','.join(str(i) for i in ids) if ids else 'all'}/{count}"


def describe(bot: Any) -> None:
    """Set ``janpo_build`` once the bot is set up."""
    metrics.BUILD.info({**versions(), "holder": bot.tables.holder, "shards": shards(bot)})


def _tables_here(bot: Any) -> Counter[str]:
    counts: Counter[str] = Counter(s.table.status for s in bot.tables.sessions.values())
    counts["ending"] = len(bot.tables.ending)
    return counts


async def fields(bot: Any, lang: str) -> list[tuple[str, str]]:
    """The status as (name, value) pairs in ``lang``."""
    m = bot.tables
    here = _tables_here(bot)
    out = [(t(lang, "ops.status.process"),
            t(lang, "ops.status.process_value", holder=m.holder, shards=shards(bot),
              minutes=number(int((time.time() - STARTED) // 60), lang)))]
    if m.shared:
        try:
            counts = await m.store.lease_counts()
        except Exception as e:  # the store is away: say so rather than fail the command
            log.warning("admin status: no lease counts (%s)", e)
            counts = None
        if counts is None:
            value = t(lang, "ops.status.unknown")
        else:
            value = "\n".join(t(lang, "ops.status.holder", holder=h, tables=number(n, lang),
                                mark=" *" if h == m.holder else "") for h, n in counts.items())
        out.append((t(lang, "ops.status.processes"), value or t(lang, "ops.status.none")))
    out.append((t(lang, "ops.status.tables"),
                t(lang, "ops.status.tables_value", playing=number(here["playing"], lang),
                  lobby=number(here["lobby"], lang), ending=number(here["ending"], lang))))
    depth, oldest = bot.outbox.waiting()
    out.append((t(lang, "ops.status.outbox"),
                t(lang, "ops.status.outbox_value", jobs=number(depth, lang), seconds=f"{oldest:.1f}")))
    sampler = getattr(bot, "sampler", None)
    used = f"{sampler.rest_per_second:.1f}" if sampler is not None else "-"
    out.append((t(lang, "ops.status.rest"),
                t(lang, "ops.status.rest_value", used=used, budget=number(bot.outbox.rate, lang),
                  calls=number(bot.outbox.stats.requests, lang),
                  limited=number(bot.outbox.stats.rate_limited, lang))))
    out.append((t(lang, "ops.status.versions"), " · ".join(f"{k} {v}" for k, v in versions().items())))
    for fn in PROVIDERS:
        try:
            out.extend(await fn(bot, lang))
        except Exception:
            log.exception("a status provider failed")
    return out
