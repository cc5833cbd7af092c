"""Drive the real discord.py dispatch with no network: a fake Discord behind the HTTP layer.

``discord.http.HTTPClient.request`` and ``AsyncWebhookAdapter.request`` are replaced by a recorder
that answers with realistic JSON and keeps every message the bot sends; interactions are injected
through ``ConnectionState.parse_interaction_create``, so slash commands, DynamicItem buttons and
modals run through discord.py's own routing. Tests then look at what a user would see: which
messages, in which channel or DM, ephemeral or not, with which images and buttons.

Time: with a ``ManualClock`` (the ``fake`` fixture gives one), the bot's waits run on virtual
time and tests wait for *events*, never for wall-clock time: ``until(predicate)`` lets the bot run
until nothing is left to do at the current instant (every callback run, every worker-thread job and
database query answered), checks the predicate, and only then moves the clock to the next wake-up
(a CPU pause, an edit interval, a turn timer). It fails at once when the bot goes idle for good
without the predicate coming true. So a busy machine is slower but never gives another answer.
Worker-thread jobs (``asyncio.to_thread``) run inline, one at a time in submission order, so the
order of events does not depend on thread scheduling either.

Faults: ``fail(...)`` makes the next matching request answer 403 (``Forbidden``, e.g. 50007),
404 (``NotFound``, e.g. 10008 Unknown Message), 500 (``DiscordServerError``, what discord.py
raises once its own retries are spent) or 429 (the request waits ``retry_after`` on the clock and
then goes through, as discord.py's rate-limit handling does). ``latency`` makes every request take
that long on the clock, which opens the windows real network round trips open.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.play.clock import ManualClock
from tests.bot.quiet import Quiet

APP_ID = 900_000_000_000_000_001
BOT_ID = APP_ID
GUILD_ID = 800_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_001
EPHEMERAL = 64
TIMESTAMP = "2026-11-30T00:00:00.000000+00:00"

def user_json(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0", "avatar": None,
            "bot": bot, "public_flags": 0}


@dataclass
class Call:
    """One request the bot made. ``where``: ``channel``, ``dm``, ``interaction`` or ``other``."""

    method: str
    path: str
    where: str
    payload: Any
    files: list[tuple[str, bytes]]
    status: int = 200
    channel_id: int | None = None
    user_id: int | None = None
    ephemeral: bool = False
    message_id: int | None = None
    at: float = 0.0  # the clock's time when the request reached Discord

    @property
    def public(self) -> bool:
        """Seen by everyone in a server channel: not ephemeral, not a DM."""
        return self.where in ("channel", "interaction") and not self.ephemeral


@dataclass
class Stored:
    """A message as Discord holds it, updated by later edits."""

    id: int
    channel_id: int
    where: str  # channel or dm
    ephemeral: bool
    user_id: int | None
    data: dict[str, Any] = field(default_factory=dict)
    files: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    def buttons(self) -> list[dict[str, Any]]:
        return [c for row in self.data.get("components") or [] for c in row.get("components", [])]

    def labels(self) -> list[str]:
        return [b.get("label", "") for b in self.buttons()]

    def button(self, label: str | None = None, prefix: str | None = None) -> dict[str, Any]:
        """A button by its label (``"Call"`` also finds ``"Call 500"``) or custom_id prefix."""
        for b in self.buttons():
            text = b.get("label", "")
            if (label is None or text == label or text.startswith(f"{label} ")) and (
                    prefix is None or b["custom_id"].startswith(prefix)):
                return b
        raise AssertionError(f"no button {label or prefix!r} among {self.labels()}")

    def alts(self) -> dict[str, str]:
        """Each attached file's description (its alt text, read aloud by screen readers), by name;
        "" for a file sent without one."""
        return {str(a.get("filename")): str(a.get("description") or "") for a in self.data.get("attachments") or []}

    def text(self) -> str:
        """Everything written on the message: content, embed titles, descriptions and fields."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
            parts.append((e.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    code: int = 0
    retry_after: float = 0.0
    times: int = 1


class FakeResponse:
    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason
        self.headers: dict[str, str] = {}


@dataclass
class Hit:
    """Where an interaction came from, to place its responses."""

    channel_id: int
    where: str
    user_id: int
    ephemeral: bool = False  # a deferred response that was ephemeral
    message_id: int | None = None  # the message a component sits on
    original_id: int | None = None
    answered: bool = False  # Discord got the interaction's response (message, defer, modal or update)
    asked: frozenset[str] = frozenset()  # the move buttons on that message when it was clicked


class _Calls(list[Call]):
    """The request log; each entry is stamped with the clock's time as it is added."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__()
        self.fake = fake

    def append(self, call: Call) -> None:
        if not self.fake.keep_history:
            return
        clock = self.fake.clock
        call.at = clock.now() if clock is not None else 0.0
        super().append(call)


_current: FakeDiscord | None = None  # the fake installed for this test: module-level until() uses its clock
MAX_STEPS = 200_000  # clock steps one wait may take before it is called a runaway


class FakeDiscord:
    def __init__(self, clock: ManualClock | None = None) -> None:
        self.clock = clock  # None: real time (the benchmark); otherwise the bot's virtual clock
        self.quiet = Quiet()
        self.latency = 0.0  # seconds every request takes on the clock
        self.watch: list[Callable[[str, str, Any, list[tuple[str, bytes]]], Any]] = []  # async (method, path,
        # payload, files) hooks run as each request reaches Discord, before it is answered
        self.calls: list[Call] = _Calls(self)
        # False (the benchmark): no request log and no picture bytes kept, so the bot process's
        # memory is the bot's own, not that of this stand-in for Discord's servers
        self.keep_history = True
        self.messages: dict[int, Stored] = {}
        self.deleted: dict[int, Stored] = {}  # a click already on its way may still come from one
        self.users: dict[int, dict[str, Any]] = {BOT_ID: user_json(BOT_ID, "Janpo", bot=True)}
        self.dm_of: dict[int, int] = {}
        self.threads: dict[int, tuple[int, str]] = {}  # thread id -> (parent channel id, name)
        self.hits: dict[str, Hit] = {}
        self.faults: list[Fault] = []
        self.guild_locale = "en-US"  # the server's Discord language, sent with every interaction
        self.member_permissions = 0  # the clicking member's permissions in the channel (a bit field)
        self.member_roles: list[int] = []  # the clicking member's role ids (Discord sends them in a server)
        self._ids = itertools.count(1_000_000_000_000_000_001)

    # ---- set-up --------------------------------------------------------------------------------

    def install(self, monkeypatch: Any) -> None:
        global _current
        fake = self
        _current = self
        if self.clock is not None:
            self.quiet.install(monkeypatch)

        async def http_request(client: HTTPClient, route: Any, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
            payload = kw.get("json")
            if form:
                payload = _payload_from_form(form)
            return await fake.handle(route.method, _path(route.url), payload, files or [], client)

        async def webhook_request(adapter: AsyncWebhookAdapter, route: Any, session: Any = None, *,
                                  payload: Any = None, multipart: Any = None, files: Any = None, **kw: Any) -> Any:
            if multipart:
                payload = _payload_from_form(multipart)
            return await fake.handle(route.method, _path(route.url), payload, files or [])

        monkeypatch.setattr(HTTPClient, "request", http_request)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)

    def add_user(self, user_id: int, name: str) -> dict[str, Any]:
        self.users[user_id] = user_json(user_id, name)
        return self.users[user_id]

    def fail(self, method: str, path_regex: str, status: int, *, code: int = 0, retry_after: float = 0.0,
             times: int = 1) -> None:
        self.faults.append(Fault(method, re.compile(path_regex), status, code, retry_after, times))

    def next_id(self) -> int:
        return next(self._ids)

    # ---- the fake API --------------------------------------------------------------------------

    async def sleep(self, seconds: float) -> None:
        if self.clock is not None:
            await self.clock.sleep(seconds)
        else:
            await asyncio.sleep(seconds)

    async def handle(self, method: str, path: str, payload: Any, files: list[discord.File],
                     client: Any = None) -> Any:
        data = [(f.filename or "", _read(f) if self.keep_history else b"") for f in files]
        if self.latency:
            await self.sleep(self.latency)
        for hook in self.watch:
            await hook(method, path, payload, data)
        for fault in self.faults:
            if fault.times and fault.method == method and fault.pattern.search(path):
                fault.times -= 1
                self.calls.append(Call(method, path, "other", payload, data, status=fault.status))
                if fault.status == 429:
                    if fault.retry_after > (getattr(client, "max_ratelimit_timeout", None) or float("inf")):
                        raise discord.RateLimited(fault.retry_after)  # what discord.py does past its limit
                    await self.sleep(fault.retry_after)
                    break
                body = {"code": fault.code, "message": _REASONS.get(fault.code, "error")}
                if fault.status == 403:
                    raise discord.Forbidden(FakeResponse(403, "Forbidden"), body)
                if fault.status == 404:
                    raise discord.NotFound(FakeResponse(404, "Not Found"), body)
                if fault.status >= 500:
                    raise discord.DiscordServerError(FakeResponse(fault.status, "Server Error"), body)
                raise discord.HTTPException(FakeResponse(fault.status, "Error"), body)
        return self._route(method, path, payload or {}, data)

    def _route(self, method: str, path: str, payload: Any, files: list[tuple[str, bytes]]) -> Any:
        """Answer one request; ``payload`` is its JSON body, an object except for the list of a
        command upsert."""
        if path == "/users/@me":
            return self.users[BOT_ID]
        if path == "/oauth2/applications/@me":
            return {"id": str(APP_ID), "name": "Janpo", "description": "", "icon": None, "bot_public": True,
                    "bot_require_code_grant": False, "owner": user_json(1, "owner"), "verify_key": "0" * 64,
                    "flags": 0}
        if path == "/users/@me/channels":
            user_id = int(payload["recipient_id"])
            dm = self.dm_of.setdefault(user_id, self.next_id())
            self.calls.append(Call(method, path, "other", payload, [], user_id=user_id))
            return {"id": str(dm), "type": 1, "last_message_id": None, "recipients": [self.users[user_id]]}
        if m := re.fullmatch(r"/users/(\d+)", path):
            self.calls.append(Call(method, path, "other", None, [], user_id=int(m[1])))
            return self.users[int(m[1])]
        if m := re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            self.calls.append(Call(method, path, "other", payload, []))
            return [dict(c, id=str(self.next_id()), application_id=str(APP_ID), version="1") for c in payload]
        if m := re.fullmatch(r"/channels/(\d+)/threads", path):
            thread = self.next_id()
            self.threads[thread] = (int(m[1]), str(payload["name"]))
            self.calls.append(Call(method, path, "channel", payload, [], channel_id=int(m[1])))
            return {"id": str(thread), "type": int(payload.get("type") or 11), "parent_id": m[1],
                    "guild_id": str(GUILD_ID), "name": payload["name"], "owner_id": str(BOT_ID),
                    "thread_metadata": {"archived": False, "auto_archive_duration": payload.get(
                        "auto_archive_duration", 1440), "archive_timestamp": TIMESTAMP, "locked": False}}
        if m := re.fullmatch(r"/channels/(\d+)/messages", path):
            return self._create(method, path, int(m[1]), payload, files)
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            if method == "DELETE":
                self.calls.append(Call(method, path, self._where(int(m[1])), None, [], channel_id=int(m[1])))
                gone = self.messages.pop(int(m[2]), None)
                if gone is not None:
                    self.deleted[gone.id] = gone
                return None
            return self._edit(method, path, int(m[2]), payload, files)
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(method, path, m[2], payload, files)
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)", path):
            hit = self.hits[m[1]]
            flags = int(payload.get("flags") or 0)
            return self._create(method, path, hit.channel_id, payload, files, where="interaction" if hit.where ==
                                "channel" else "dm", ephemeral=bool(flags & EPHEMERAL), user_id=hit.user_id)
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)/messages/(@original|\d+)", path):
            hit = self.hits[m[1]]
            mid = hit.original_id if m[2] == "@original" else int(m[2])
            if mid is None:  # a deferred slash command: the placeholder becomes the message
                mid = hit.original_id = self._store(hit.channel_id, hit.where, hit.ephemeral, hit.user_id, {}).id
            return self._edit(method, path, mid, payload, files)
        raise AssertionError(f"unexpected request {method} {path}")

    def _where(self, channel_id: int) -> str:
        return "dm" if channel_id in self.dm_of.values() else "channel"

    def _store(self, channel_id: int, where: str, ephemeral: bool, user_id: int | None, payload: dict[str, Any],
               files: list[tuple[str, bytes]] | None = None) -> Stored:
        mid = self.next_id()
        stored = Stored(mid, channel_id, "dm" if where == "dm" else "channel", ephemeral, user_id, {}, [])
        self.messages[mid] = stored
        _apply(stored, payload, files or [])
        return stored

    def _create(self, method: str, path: str, channel_id: int, payload: dict[str, Any],
                files: list[tuple[str, bytes]], where: str | None = None, ephemeral: bool = False,
                user_id: int | None = None) -> dict[str, Any]:
        where = where or self._where(channel_id)
        if where == "dm" and user_id is None:
            user_id = next(u for u, c in self.dm_of.items() if c == channel_id)
        stored = self._store(channel_id, where, ephemeral, user_id, payload, files)
        self.calls.append(Call(method, path, where, payload, files, channel_id=channel_id, user_id=user_id,
                               ephemeral=ephemeral, message_id=stored.id))
        return self.message_json(stored)

    def _edit(self, method: str, path: str, mid: int, payload: dict[str, Any],
              files: list[tuple[str, bytes]]) -> dict[str, Any]:
        if mid not in self.messages:  # deleted: Discord answers 404 Unknown Message
            self.calls.append(Call(method, path, "other", payload, files, status=404))
            raise discord.NotFound(FakeResponse(404, "Not Found"), {"code": 10008, "message": "Unknown Message"})
        stored = self.messages[mid]
        _apply(stored, payload, files)
        where = stored.where if stored.where == "dm" else ("interaction" if "/webhooks/" in path else "channel")
        self.calls.append(Call(method, path, where, payload, files, channel_id=stored.channel_id,
                               user_id=stored.user_id, ephemeral=stored.ephemeral, message_id=mid))
        return self.message_json(stored)

    def _callback(self, method: str, path: str, token: str, payload: dict[str, Any],
                  files: list[tuple[str, bytes]]) -> dict[str, Any]:
        hit = self.hits[token]
        hit.answered = True
        kind = payload["type"]
        data = payload.get("data") or {}
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        where = "interaction" if hit.where == "channel" else "dm"
        resource: dict[str, Any] = {"type": kind}
        mid: int | None = None
        if kind == 4:  # a new message
            stored = self._store(hit.channel_id, hit.where, ephemeral, hit.user_id, data, files)
            mid = hit.original_id = stored.id
            resource["message"] = self.message_json(stored)
        elif kind == 5:  # deferred new message: the later edit of @original fills it in
            hit.ephemeral = ephemeral
        elif kind == 7 and hit.message_id in self.messages:  # edit the message the component is on
            stored = self.messages[hit.message_id]
            _apply(stored, data, files)
            mid, ephemeral = stored.id, stored.ephemeral
            resource["message"] = self.message_json(stored)
        elif kind == 6:
            hit.original_id = hit.message_id
            if hit.message_id is not None:
                ephemeral = (self.messages.get(hit.message_id) or self.deleted[hit.message_id]).ephemeral
        self.calls.append(Call(method, path, where, payload, files, channel_id=hit.channel_id,
                               user_id=hit.user_id, ephemeral=ephemeral, message_id=mid))
        return {"interaction": {"id": path.split("/")[2], "type": kind, "response_message_id": str(mid or 0),
                                "response_message_loading": kind == 5, "response_message_ephemeral": ephemeral},
                "resource": resource}

    def message_json(self, stored: Stored) -> dict[str, Any]:
        data = stored.data
        return {
            "id": str(stored.id), "channel_id": str(stored.channel_id), "type": 0,
            "content": data.get("content") or "", "author": self.users[BOT_ID],
            "attachments": [{"id": str(i + 1), "filename": name, "size": len(blob),
                             "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}"}
                            for i, (name, blob) in enumerate(stored.files)],
            "embeds": data.get("embeds") or [], "mentions": [], "mention_roles": [], "pinned": False,
            "mention_everyone": False, "tts": False, "timestamp": TIMESTAMP, "edited_timestamp": None,
            "flags": EPHEMERAL if stored.ephemeral else 0, "components": data.get("components") or [],
        }

    # ---- what users see ------------------------------------------------------------------------

    def public_calls(self) -> list[Call]:
        return [c for c in self.calls if c.public and c.status == 200]

    def dms(self, user_id: int) -> list[Stored]:
        return [m for m in self.messages.values() if m.where == "dm" and m.user_id == user_id]

    def ephemerals(self, user_id: int) -> list[Stored]:
        return [m for m in self.messages.values() if m.ephemeral and m.user_id == user_id]

    def channel_messages(self, channel_id: int = CHANNEL_ID) -> list[Stored]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.ephemeral
                and m.where == "channel"]

    def find_table_message(self, channel_id: int = CHANNEL_ID) -> Stored | None:
        """The public message carrying the table buttons (My hand), if there is one."""
        for m in reversed(self.channel_messages(channel_id)):
            if any(b["custom_id"].startswith("jp:h:") for b in m.buttons()):
                return m
        return None

    def table_message(self, channel_id: int = CHANNEL_ID) -> Stored:
        found = self.find_table_message(channel_id)
        assert found is not None, "no table message in the channel"
        return found

    @staticmethod
    def as_seen(message: Stored) -> Stored:
        """The message as a user's screen shows it now: a click from it later still carries these
        buttons (a click already on its way when the bot changed the message)."""
        return copy.deepcopy(message)

    def last_reply(self, user_id: int) -> Stored:
        """The newest ephemeral answer to this user."""
        return self.ephemerals(user_id)[-1]

    # ---- interactions --------------------------------------------------------------------------

    def _base(self, kind: int, user_id: int, locale: str, channel_id: int, dm: bool,
              message: Stored | None = None) -> dict[str, Any]:
        token = f"tok{self.next_id()}"
        where = "dm" if dm else "channel"
        asked = frozenset(b["custom_id"] for b in message.buttons() if b["custom_id"].startswith("jp:m:")) \
            if message else frozenset()
        self.hits[token] = Hit(channel_id, where, user_id, message_id=message.id if message else None, asked=asked)
        data: dict[str, Any] = {
            "id": str(self.next_id()), "application_id": str(APP_ID), "type": kind, "token": token, "version": 1,
            "locale": locale, "attachment_size_limit": 25 << 20, "app_permissions": "2147483648",
            "entitlements": [], "authorizing_integration_owners": {}, "channel_id": str(channel_id),
        }
        if dm:
            data["channel"] = {"id": str(channel_id), "type": 1, "recipients": [self.users[user_id]]}
            data["user"] = self.users[user_id]
            data["context"] = 1
        else:
            data.update(guild_id=str(GUILD_ID), guild_locale=self.guild_locale, context=0)
            data["channel"] = {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": "games",
                               "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}
            data["member"] = {"user": self.users[user_id], "roles": [str(r) for r in self.member_roles],
                              "joined_at": TIMESTAMP, "deaf": False,
                              "mute": False, "flags": 0, "permissions": str(self.member_permissions)}
        if message is not None:
            data["message"] = self.message_json(message)
        return data

    def slash(self, bot: Any, user_id: int, command: str, locale: str = "en-US", channel_id: int = CHANNEL_ID,
              **options: Any) -> str:
        """``slash(bot, uid, "table new", game="holdem")``: what Discord sends for a slash command."""
        names = command.split()
        opts = [{"name": k, "type": _option_type(v), "value": str(v) if isinstance(v, RoleOption) else v}
                for k, v in options.items()]
        for name in reversed(names[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        payload = self._base(2, user_id, locale, channel_id, dm=False)
        payload["data"] = {"id": str(self.next_id()), "name": names[0], "type": 1, "options": opts}
        roles = {str(v): role_json(v) for v in options.values() if isinstance(v, RoleOption)}
        if roles:  # Discord sends a picked role's id as the value and the role itself in ``resolved``
            payload["data"]["resolved"] = {"roles": roles}
        bot._connection.parse_interaction_create(payload)
        return str(payload["token"])

    def click(self, bot: Any, user_id: int, message: Stored, custom_id: str, locale: str = "en-US") -> str:
        payload = self._base(3, user_id, locale, message.channel_id, dm=message.where == "dm", message=message)
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        bot._connection.parse_interaction_create(payload)
        return str(payload["token"])

    def submit_modal(self, bot: Any, user_id: int, message: Stored, value: str, locale: str = "en-US") -> str:
        """Answer the modal the bot last opened for this user (returns the interaction's token)."""
        modal = next(c.payload for c in reversed(self.calls)
                     if c.payload and c.payload.get("type") == 9 and c.user_id == user_id)
        assert modal is not None
        data = modal["data"]
        field_id = data["components"][0]["components"][0]["custom_id"]
        payload = self._base(5, user_id, locale, message.channel_id, dm=message.where == "dm", message=message)
        payload["data"] = {"custom_id": data["custom_id"], "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": field_id, "value": value}]}]}
        bot._connection.parse_interaction_create(payload)
        return str(payload["token"])

    # ---- waiting for events ----------------------------------------------------------------------

    async def until(self, predicate: Callable[[], Any], *, within: float | None = None,
                    what: str | None = None) -> Any:
        """Run the bot until ``predicate()`` is true at a quiet instant and return its value.

        Between checks the clock moves to the next wake-up; ``within``: never further than that
        many seconds from the instant of the last wake-up (``settle`` follows CPU pacing and edit
        intervals but stops short of turn timers)."""
        name = what or str(getattr(predicate, "__name__", repr(predicate)))
        if self.clock is None:
            return await _poll(predicate, name)
        for _ in range(MAX_STEPS):
            await self.quiet.wait()
            value = predicate()
            if value:
                return value
            deadline = self.clock.next_deadline()
            if deadline is None:
                raise AssertionError(f"the bot went idle without {name}")
            if within is not None and deadline > self.clock.now() + within:
                raise AssertionError(f"nothing due within {within} s and still not {name}")
            self.clock.advance_to(deadline)
        raise AssertionError(f"the bot kept going for {MAX_STEPS} clock steps without {name}")

    async def settle(self, within: float = 3.0) -> None:
        """Let the bot do all it does without anyone acting: CPU moves, pictures, edits (waits up to
        ``within`` seconds long, so no turn timer runs out), and every interaction is answered."""
        if self.clock is None:
            await self._settle_real()
            return
        for _ in range(MAX_STEPS):
            await self.quiet.wait()
            deadline = self.clock.next_deadline()
            if deadline is None or deadline > self.clock.now() + within:
                break
            self.clock.advance_to(deadline)
        unanswered = [token for token, hit in self.hits.items() if not hit.answered]
        assert not unanswered, f"interactions never answered: {unanswered}"

    async def run_for(self, seconds: float) -> None:
        """Let ``seconds`` of clock time pass, everything due meanwhile running in order."""
        assert self.clock is not None, "run_for needs the virtual clock"
        end = self.clock.now() + seconds
        while True:
            await self.quiet.wait()
            deadline = self.clock.next_deadline()
            if deadline is None or deadline > end:
                break
            self.clock.advance_to(deadline)
        self.clock.advance_to(end)
        await self.quiet.wait()

    def prompt_answered(self, token: str) -> bool:
        """The prompt a click was on is answered: its move buttons left the message (none are
        left, or the next prompt's are in their place when it followed at once, in the click's
        own answer)."""
        hit = self.hits[token]
        message = self.messages.get(hit.message_id or 0) or self.deleted.get(hit.message_id or 0)
        return message is not None and not any(b["custom_id"] in hit.asked for b in message.buttons())

    async def answered(self, token: str) -> Hit:
        """The interaction with this token got its response (message, defer, modal or update)."""
        hit = self.hits[token]
        answered: Hit = await self.until(lambda: hit.answered and hit, what=f"an answer to {token}")
        return answered

    async def file_in(self, channel_id: int = CHANNEL_ID, name: str | None = None, after: int = 0) -> Stored:
        """A message with a file (named ``name``) reached the channel, among calls from ``after`` on."""
        def found() -> Stored | None:
            for call in self.calls[after:]:
                if (call.channel_id == channel_id and call.files and call.status == 200 and call.message_id
                        and (name is None or any(n == name for n, _ in call.files))):
                    return self.messages.get(call.message_id)
            return None
        stored: Stored = await self.until(found, what=f"a file {name or ''} in channel {channel_id}")
        return stored

    async def move_made(self, table: Any, move: list[Any], after: int = 0) -> int:
        """Table ``table`` made ``move`` (at index ``after`` or later); returns its index."""
        def found() -> int:  # index + 1, so that index 0 counts as found
            return next((i + 1 for i in range(after, len(table.moves)) if table.moves[i] == move), 0)
        return int(await self.until(found, what=f"the move {move}")) - 1

    async def table_idle(self, bot: Any, table_id: str) -> None:
        """No task of the table is running or scheduled (turn timers waiting on a human aside)."""
        await self.until(lambda: bot.tables.idle(table_id), what=f"table {table_id} idle")

    async def _settle_real(self, quiet: float = 0.05, limit: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        seen = -1
        while loop.time() < end:
            count = len(self.calls)
            if count == seen and all(hit.answered for hit in self.hits.values()):
                return
            seen = count
            await asyncio.sleep(quiet)
        raise AssertionError("the bot kept sending for the whole time limit")


async def _poll(predicate: Callable[[], Any], what: str, limit: float = 30.0) -> Any:
    """Real time (the benchmark): poll."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def current() -> FakeDiscord:
    """The fake installed for the running test (what module-level waits use)."""
    assert _current is not None, "no fake Discord installed"
    return _current


async def log_in(bot: Any) -> None:
    """``login`` against the fake API: runs setup_hook; no gateway connection is made."""
    await bot.login("fake-token")



class RoleOption(int):
    """A role picked in a slash command's role option (type 8): ``slash(..., role=RoleOption(id))``."""


def role_json(role_id: int) -> dict[str, Any]:
    return {"id": str(role_id), "name": f"role {role_id}", "color": 0, "hoist": False, "position": 1,
            "permissions": "0", "managed": False, "mentionable": True, "flags": 0}


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, RoleOption):
        return 8
    if isinstance(value, int):
        return 4
    return 3


def _payload_from_form(form: Any) -> dict[str, Any]:
    for part in form:
        if part.get("name") == "payload_json":
            payload: dict[str, Any] = json.loads(part["value"])
            return payload
    return {}


def _read(file: discord.File) -> bytes:
    fp = file.fp
    position = fp.tell()
    fp.seek(0)
    data = fp.read()
    fp.seek(position)
    return data


def _apply(stored: Stored, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
    for key in ("content", "embeds", "components"):
        if key in payload:
            stored.data[key] = payload[key]
    if "attachments" in payload or files:
        stored.files = list(files)
        stored.data["attachments"] = payload.get("attachments") or []


def _path(url: str) -> str:
    return url.split("/api/v10", 1)[-1]


_REASONS = {50007: "Cannot send messages to this user", 0: "500: Internal Server Error",
            10008: "Unknown Message", 50013: "Missing Permissions"}
