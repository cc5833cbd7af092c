"""The global request budget: one outbox owns every REST call outside interaction responses.

A bot token gets about 50 requests per second in total and about 5 messages sent or edited per
5 s in one channel. Interaction responses (``interaction.response.*``, and the follow-ups and
edits made with the interaction's token) are outside that budget and never go through here.
Everything else does: table pictures, private hand DMs, notifications, result posts.

Policy
    * Pace: at most ``rate`` calls (default 45, setting ``DISCORD_REST_RATE``) in any second,
      and each route's limit (``Route.channel``: 5 per 5 s, spaced 1 s apart; ``Route.dm``: the
      same, so prompts back to back never wait more than a second each; ``Route.delete``:
      deletions in a channel or DM, 5 per 1.25 s, Discord's bucket apart from sending and
      editing). One call at a time per route, so edits of a message land in order.
    * Order: ``PROMPT`` (a human's hand or a notification they must act on; first come first
      served), then ``HUMAN_TABLE`` pictures (newest click first), then ``CPU_TABLE`` pictures
      (longest waiting first). A job whose route is busy or spent waits aside; it never holds
      back jobs for other routes.
    * Coalesce: jobs with the same ``key`` (e.g. ``("table-picture", channel_id)``) merge while
      queued; the newest callables win, every submitter gets the one outcome. ``draw`` runs only
      when the job's turn has come, so the picture sent is the latest state and is drawn once.
    * Failures: a 429 pauses only its route (or, for a whole-token 429, everything) and the job
      retries; a 5xx or network error retries with a doubling backoff, ``max_attempts`` calls in
      all; anything else (403 Missing Access 50001 / cannot DM 50007, 404 Unknown Channel 10003
      or Unknown Message 10008, other 4xx) is not retried. Each ``submit`` returns a future
      resolving to an ``Outcome`` (``ok``, ``gone``, ``reason``, ``code``): the owner decides
      what follows (close the table, fall back to "My hand").
    * Time is an injected ``Clock`` (``now()``, ``async sleep()``); tests and the benchmark use
      ``VirtualClock``.

Use (one ``Outbox`` per bot, on the tables' clock)::

    outcome = await outbox.submit(
        lambda file: message.edit(attachments=[file]),   # the one Discord call
        draw=lambda: draw_table_picture(table),          # awaited at its turn: the latest state
        route=Route.channel(message.channel.id),
        priority=Priority.HUMAN_TABLE if table.has_humans else Priority.CPU_TABLE,
        key=("table-picture", message.channel.id),
        stamp=table.last_click)                          # human tables: newest click first
    if outcome.gone:
        ...  # the channel or message is gone (403/404): close the table

discord.py's own rate-limit handling, and how it fits
    discord.py (``HTTPClient.request``) keeps per-bucket state from the ``X-RateLimit-*``
    headers: it waits before a request on an exhausted bucket, and on a 429 it sleeps
    ``retry_after`` and retries (up to 5 tries), holding all requests for a global 429. Only when
    a route's wait exceeds ``Client(max_ratelimit_timeout=...)`` (at least 30 s; unset: no limit)
    does it raise ``discord.RateLimited``. It also retries 500/502/504/524 itself (5 tries,
    sleeping 1, 3, 5, 7 and 9 s) before raising ``DiscordServerError``, and raises ``HTTPException``
    with status 429 when a 429 carries no JSON (Cloudflare blocking the token).

    The outbox paces below Discord's limits, so none of that fires in normal operation. When it
    does, a short wait inside discord.py looks like one slow call: it occupies its own route
    (already busy) and one of ``max_in_flight`` slots, and every other route keeps going. The bot
    should set ``max_ratelimit_timeout=30.0`` so a long wait comes back as ``RateLimited`` and
    the outbox pauses that route instead of a call hanging for minutes; a 429 ``HTTPException``
    pauses everything for its ``Retry-After`` (else ``global_pause``). discord.py's 5xx retries
    come first, so the outbox's ``max_attempts`` multiplies them: keep it small (default 3).
"""

from bot.outbox.clock import Clock, Deadlock, SystemClock, VirtualClock
from bot.outbox.limits import Limit
from bot.outbox.outcome import (
    CANNOT_DM,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    Outcome,
    Reason,
    Status,
    classify,
)
from bot.outbox.scheduler import (
    CHANNEL_LIMIT,
    DEFAULT_RATE,
    DELETE_LIMIT,
    DM_LIMIT,
    Outbox,
    Priority,
    Route,
    Stats,
)

__all__ = [
    "CANNOT_DM", "CHANNEL_LIMIT", "DEFAULT_RATE", "DELETE_LIMIT", "DM_LIMIT", "MISSING_ACCESS", "MISSING_PERMISSIONS",
    "UNKNOWN_CHANNEL", "UNKNOWN_MESSAGE", "Clock", "Deadlock", "Limit", "Outbox", "Outcome", "Priority",
    "Reason", "Route", "Stats", "Status", "SystemClock", "VirtualClock", "classify",
]
