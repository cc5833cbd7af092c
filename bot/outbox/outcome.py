"""What became of a job, and how a failed Discord call is read.

discord.py turns HTTP answers into exceptions (``HTTPException`` with ``status`` and Discord's
``code``; ``RateLimited`` when a route's wait exceeds ``max_ratelimit_timeout``). ``classify``
maps them to what the outbox does next: pause a route, pause everything, retry later, or give up
and tell the job's owner, who decides (close the table, fall back to "My hand").
"""

from __future__ import annotations

import asyncio
import enum
from dataclasses import dataclass
from typing import Generic, TypeVar

import aiohttp
import discord

T = TypeVar("T")

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
CANNOT_DM = 50007
MISSING_PERMISSIONS = 50013


class Status(enum.Enum):
    SENT = "sent"
    FAILED = "failed"
    CANCELLED = "cancelled"  # never sent: the outbox closed, or the owner cancelled the key


class Reason(enum.Enum):
    """Why a job did not end in ``SENT``."""

    FORBIDDEN = "forbidden"  # 403: missing access or permissions, the user does not take DMs
    NOT_FOUND = "not_found"  # 404: unknown channel or message
    REJECTED = "rejected"  # another 4xx: the request itself is wrong
    SERVER = "server"  # 5xx or the network, still failing after the last retry
    RATE_LIMITED = "rate_limited"  # still told to wait after the last retry
    DRAW = "draw"  # the payload callable raised
    ERROR = "error"  # the send callable raised something that is not a Discord answer
    CLOSED = "closed"  # the outbox was closed before the job's turn
    CANCELLED = "cancelled"  # the owner cancelled the key


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A job's end. ``value`` is what the send callable returned (e.g. the ``discord.Message``)."""

    status: Status
    value: T | None = None
    reason: Reason | None = None
    error: BaseException | None = None
    http_status: int | None = None
    code: int | None = None
    attempts: int = 0
    covered: int = 1  # submissions this one call answered (coalesced jobs share the outcome)

    @property
    def ok(self) -> bool:
        return self.status is Status.SENT

    @property
    def gone(self) -> bool:
        """The target is closed to the bot (403 or 404): stop sending there."""
        return self.reason in (Reason.FORBIDDEN, Reason.NOT_FOUND)


class Verdict(enum.Enum):
    ROUTE_LIMITED = "route"  # pause this route for retry_after, then retry
    GLOBAL_LIMITED = "global"  # pause every route for retry_after, then retry
    TRANSIENT = "transient"  # retry after a backoff, a bounded number of times
    FINAL = "final"  # report, do not retry


@dataclass(frozen=True)
class Failure:
    verdict: Verdict
    reason: Reason
    retry_after: float = 0.0
    http_status: int | None = None
    code: int | None = None


def classify(error: BaseException, *, global_pause: float = 5.0) -> Failure:
    """Read an exception raised by a discord.py call."""
    if isinstance(error, discord.RateLimited):
        return Failure(Verdict.ROUTE_LIMITED, Reason.RATE_LIMITED, retry_after=error.retry_after, http_status=429)
    if isinstance(error, discord.HTTPException):
        status, code = error.status, error.code or None
        if status == 429:
            # discord.py waits out route and global 429s itself; a 429 that reaches us is one
            # it could not read (Cloudflare's block of the whole token): everything waits.
            wait = _retry_after_header(error) or global_pause
            return Failure(Verdict.GLOBAL_LIMITED, Reason.RATE_LIMITED, wait, status, code)
        if status >= 500:
            return Failure(Verdict.TRANSIENT, Reason.SERVER, http_status=status, code=code)
        reason = {403: Reason.FORBIDDEN, 404: Reason.NOT_FOUND}.get(status, Reason.REJECTED)
        return Failure(Verdict.FINAL, reason, http_status=status, code=code)
    if isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError):
        return Failure(Verdict.TRANSIENT, Reason.SERVER)
    return Failure(Verdict.FINAL, Reason.ERROR)


def _retry_after_header(error: discord.HTTPException) -> float | None:
    headers = getattr(error.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", ""))
    except (TypeError, ValueError):
        return None
