"""The one place that turns what happened at a table into Discord calls, with no table lock held.

Every REST call here outside an interaction's own responses goes through the bot's ``Outbox``
(docs/ARCHITECTURE.md, "The request budget"): a human's hand DM first, then the pictures of
tables with humans (newest click first), CPU-only tables last and coalesced. A picture is drawn
only when its call is about to be made (the job's ``draw``), in the ``RenderPool``, so the event
loop never waits for one and the picture sent shows the table as it is then.

A channel that is gone (10003 Unknown Channel, 50001 Missing Access) closes the table instead of
being retried; a DM that is refused (403, e.g. 50007) leaves the hand on "My hand".

Hand DMs do not pile up: each prompt is a new message (so the player is notified) and the
player's previous hand message of the table is deleted once it is sent; a finished kyoku's
answered hands are deleted. That is two calls a prompt (send, delete) in two of Discord's buckets
(``Route.dm`` and ``Route.delete``), so the deletion never takes a prompt's place; editing one
message in place and pinging beside it would be three (edit, ping, delete the ping). A prompt
ready as the player's own click is answered (no CPU move in between) is that answer instead: the
clicked message becomes the new prompt, with no call on the DM's window at all.

The table's channel posts (notices, results, standings) keep the game's order through the
table's ``Lane`` (:mod:`bot.play.lane`), whatever the outbox does between tables; the end of a
game waits for those posts only, never for a DM's clean-up.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.comfort import UserSettings
from bot.comfort.words import assist_default, hand_marks, hand_notes
from bot.i18n import CAPTIONS, language_of, t
from bot.outbox import UNKNOWN_MESSAGE, Outbox, Priority, Reason, Route, Status
from bot.outbox import Outcome as Sent
from bot.play import buttons, images, messages, results
from bot.play.lane import Item, Take
from bot.play.moves import default_part, layout, poker_numbers, poker_parts, split
from bot.play.session import HandRef, Picture, TableSession
from bot.play.turns import Outcome
from bot.render.alt import describe
from bot.render.pool import RenderPool
from bot.storage.standings import final_ranks

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
GONE = {10003, 50001}  # Unknown Channel, Missing Access: the table's channel is no more for us
PICTURE_REUSE = 5.0  # seconds a "My hand" picture is reused for the same prompt
KEEP_DM_CHANNELS = 10_000
PRIVATE = discord.ChannelType.private


def channel_gone(error: BaseException) -> bool:
    return isinstance(error, discord.NotFound | discord.Forbidden) and getattr(error, "code", 0) in GONE


async def answer(interaction: discord.Interaction, key: str, **params: Any) -> None:
    """A short private reply in the clicking user's language."""
    text = t(language_of(interaction.locale), key, **params)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as e:
        log.info("could not answer an interaction: %s", e)


def picture_key(channel_id: int) -> tuple[str, int]:
    return ("table-picture", channel_id)



def keeps_hands(session: TableSession, player: str) -> bool:
    """The player chose "a new message every turn" (``/settings me``): earlier hand DMs stay (without
    buttons) instead of being deleted when the next one arrives."""
    settings = session.settings.get(player)
    return settings is not None and settings.hand_style == "new"

class Effects:
    def __init__(self, manager: TableManager) -> None:
        self.m = manager
        self._outbox: Outbox | None = None
        self._pool: RenderPool | None = None

    @property
    def outbox(self) -> Outbox:
        """The bot's outbox (one per bot, on the tables' clock)."""
        if self._outbox is None:
            self._outbox = getattr(self.m.bot, "outbox", None) or Outbox(clock=self.m.clock)
        return self._outbox

    @property
    def pool(self) -> RenderPool:
        if self._pool is None:
            self._pool = getattr(self.m.bot, "render_pool", None) or RenderPool(kind="thread")
        return self._pool

    async def run(self, session: TableSession, out: Outcome, answered: int | None = None,
                  prompted: str | None = None) -> None:
        """``answered``: the message the clicking player's own answer already edits (a click);
        ``prompted``: the player whose next prompt that answer already carries.
        Nothing is told before what ``out`` played is stored; nothing at all if it was refused."""
        if not await self.m.stored(session, out):
            return
        if answered is not None:
            session.last_click = self.m.clock.now()
        for ref in out.withdrawn:
            if ref.message_id != answered:
                session.spawn(self.strip(ref))
        # notices and results are the lane's (``order``), queued in the game's order
        if out.results or out.finished:
            self.clean_hands(session)
        for player in out.prompts:
            if player != prompted:
                session.spawn(self.send_hand(session, player))
        if out.finished:  # in the background: a click is answered without waiting for the standings
            session.spawn(self.m.end(session))
            return
        if out.changed or out.prompts:
            self.schedule_publish(session)
        if out.more_cpu:
            self.m.continue_later(session)

    def order(self, session: TableSession, out: Outcome) -> None:
        """Queue ``out``'s notices and results on the table's lane (lock held, after its save was
        queued): posted in the game's order, once what ``out`` played is stored."""
        items: list[Item] = [("notice", notice) for notice in out.notices]
        items += out.results
        if items:
            stored = out.saving.future if out.saving is not None else None
            session.lane.add(items, stored, session.reported, session.spawn, lambda take: self._post(session, take),
                             lambda: self.schedule_publish(session))
        elif not session.lane.posts:
            session.lane.told = session.reported  # nothing to tell: the channel is up to date

    async def _post(self, session: TableSession, take: Take) -> None:
        """One message of the lane, made up when its call's turn has come: the notices' lines and
        each result's line and picture (``PER_MESSAGE`` at most), in their order."""
        async def draw() -> dict[str, Any] | None:
            items = take()
            return await self._message(session, items) if items else None

        await self.channel_send(session, draw=draw)

    async def _message(self, session: TableSession, items: list[Item]) -> dict[str, Any]:
        """The lines of the items and a picture for each kyoku that ended and each poker hand shown
        down (its alt text written from the record it is drawn from), in order."""
        table = session.table
        names = {p: table.seat(p).name for p in table.players}
        lang, texts = table.lang, CAPTIONS[table.lang]
        lines: list[str] = []
        pictures: list[results.Record] = []
        for kind, data in items:
            if kind == "notice":
                key, params = data
                lines.append(t(lang, key, **params))
            elif kind == "kyoku":
                lines.append(t(lang, "result.kyoku", kyoku=results.kyoku_title(lang, data, texts)))
                pictures.append(results.kyoku_record(table.game_name, data, list(table.players), names, lang, texts))
            else:
                lines.append(text := t(lang, "result.showdown", hand=int(data.get("hand", 0))))
                pictures.append(results.showdown_record(data, text, names))
        payload: dict[str, Any] = {"content": "\n".join(lines)}
        pngs = await asyncio.gather(*(self.pool.draw(results.record_png, picture, dict(texts)) for picture in pictures))
        if pngs:
            payload["files"] = [discord.File(io.BytesIO(png), "result.png", description=describe(picture, lang))
                                for png, picture in zip(pngs, pictures, strict=True)]
        return payload

    # ---- the outbox ------------------------------------------------------------------------------

    def _priority(self, session: TableSession) -> Priority:
        humans = session.table.has_human
        return Priority.HUMAN_TABLE if humans else Priority.CPU_TABLE

    def _channel_job(self, session: TableSession, send: Callable[..., Awaitable[Any]],
                     draw: Callable[[], Awaitable[Any]] | None = None,
                     key: tuple[str, int] | None = None) -> Any:
        """Stamped with the table's latest click, not the time of asking: a picture re-asked for
        after every CPU move must not overtake the table's own notices on its channel."""
        return self.outbox.submit(send, draw=draw, route=Route.channel(session.table.channel_id),
                                  priority=self._priority(session), key=key, stamp=session.last_click or 0.0)

    def _failed_in_channel(self, session: TableSession, sent: Sent[Any], what: str) -> None:
        if sent.ok or sent.status is Status.CANCELLED:
            return
        if sent.code in GONE:
            self.m.gone(session.table.channel_id)
        else:
            log.warning("table %s: %s failed (%s, code %s)", session.table_id, what,
                        sent.reason.value if sent.reason else "?", sent.code)

    # ---- private hands -------------------------------------------------------------------------

    async def hand_message(self, session: TableSession, player: str, picture: bool = True) -> dict[str, Any]:
        """The private hand: text in the seat's language, the picture, a button per legal move."""
        table = session.table
        assert table.game is not None
        seat = table.seat(player)
        lang = seat.lang
        no = table.prompts.get(player)
        legal = session.legal.get(player, []) if no is not None else []
        part, riichi = session.hand_ui.get(player, ("", False))
        parts = poker_parts(legal)
        chosen = part if part in parts else default_part(parts)
        view = table.game.view(player)
        settings = session.settings.get(player)
        if no is None:
            content = t(lang, "hand.waiting", game=messages.game_name(lang, table.game_name), table=table.table_id,
                        seat=player)
        else:
            claim = not any(split(m[1:])[0][:1] in (["discard"], ["tsumogiri"]) for m in legal) and any(
                m[1:] == ["pass"] for m in legal)
            content = messages.hand_text(lang, table, player, chosen, table.deadlines.get(player), claim, view, legal,
                                         words=settings is not None and settings.text_mode)
        notes = hand_notes(lang, settings, session.auto_played.get(player, []))
        out: dict[str, Any] = {"content": f"{notes}\n{content}" if notes else content}
        if picture:
            png = await self.hand_png(session, player)
            out["file"] = discord.File(io.BytesIO(png), "hand.png", description=session.pictures[player].words)
        kept = session.pictures.get(player)
        if settings is not None and settings.text_mode and kept is not None and kept.no == table.move_no:
            out["content"] = f"{out['content']}\n{kept.words}"[:1900]  # the picture's words, room for "Played: …"
        items = layout(legal, chosen, riichi)
        if items:
            numbers = poker_numbers(table.game_name, view, player)
            labels = messages.button_labels(lang, items, numbers.to_call if numbers else None,
                                            words=settings is not None and settings.text_mode)
            out["view"] = buttons.hand_view(table.table_id, no or 0, items, labels)
        return out

    async def hand_png(self, session: TableSession, player: str) -> bytes:
        """Drawn once per position in the render pool; a repeat within a few seconds reuses it."""
        table = session.table
        assert table.game is not None
        now = self.m.clock.now()
        kept = session.pictures.get(player)
        if kept is not None and kept.no == table.move_no and now - kept.at < PICTURE_REUSE:
            return kept.png
        no = table.move_no
        names = {p: table.seat(p).name for p in table.players}
        seat = table.seat(player)
        view = table.game.view(player)
        settings = session.settings.get(player)
        on = (settings or UserSettings()).assist_on(assist_default(table.game_name, table.level, table.assist))
        if on:
            session.assisted.add(player)
        marks = await asyncio.to_thread(hand_marks, seat.lang, table.game_name, view,
                                        list(session.legal.get(player, [])), on, settings)
        job, record, kind = images.hand_job(table.game_name, view, seat.name, names, marks)
        png = await self.pool.draw(job, record, CAPTIONS[seat.lang], kind, urgent=True)  # a player waits for it
        session.pictures[player] = Picture(no, now, png, describe(record, seat.lang))
        return png

    async def dm_channel_id(self, user_id: int) -> int | None:
        """The DM channel with a user: opened once (one call, through the outbox), then by id."""
        known = self.m.dm_channels.get(user_id)
        if known is not None:
            return int(known)
        sent = await self.outbox.submit(lambda: self.m.bot.create_dm(discord.Object(user_id)),
                                        route=Route("user", user_id), priority=Priority.PROMPT,
                                        key=("open-dm", user_id))
        if not sent.ok or sent.value is None:
            log.warning("could not open a DM with %s (%s, code %s)", user_id, sent.reason, sent.code)
            return None
        self.m.dm_channels[user_id] = sent.value.id
        while len(self.m.dm_channels) > KEEP_DM_CHANNELS:
            self.m.dm_channels.popitem(last=False)
        return int(sent.value.id)

    async def send_hand(self, session: TableSession, player: str) -> None:
        """The prompt as a new DM (the player is notified); their previous hand DM is deleted."""
        table = session.table
        seat = table.seat(player)
        no = table.prompts.get(player)
        if seat.user_id is None or no is None or player in table.dm_closed:
            return
        dm = await self.dm_channel_id(seat.user_id)
        if dm is None:
            return
        channel = self.m.bot.get_partial_messageable(dm, type=PRIVATE)

        async def draw() -> dict[str, Any] | None:
            if table.prompts.get(player) != no or session.closed:
                return None  # answered or withdrawn before its turn came: nothing is sent
            return await self.hand_message(session, player)

        async def send(payload: dict[str, Any] | None) -> discord.Message | None:
            return None if payload is None else await channel.send(**payload)

        sent = await self.outbox.submit(send, draw=draw, route=Route.dm(dm), priority=Priority.PROMPT)
        if sent.ok and sent.value is None:
            return
        if not sent.ok:
            if sent.reason is Reason.FORBIDDEN:
                async with session.lock:  # a change of the table's state, like any other
                    table.dm_closed.add(player)  # saved with the table's next move
                await self.channel_send(session, content=t(table.lang, "table.dm_closed", mention=f"<@{seat.user_id}>"))
            elif sent.status is not Status.CANCELLED:
                log.warning("table %s: DM to seat %s failed (%s); the hand stays on My hand", table.table_id,
                            player, sent.reason.value if sent.reason else "?")
            return
        assert sent.value is not None
        session.auto_played.pop(player, None)  # told now
        ref = HandRef(no, dm, sent.value.id)
        if table.prompts.get(player) == no and not session.closed:
            session.hands.setdefault(player, []).append(ref)
            old, session.dm_hand[player] = session.dm_hand.get(player), ref
            if old is not None and not keeps_hands(session, player):
                await self.delete(old)
        else:  # answered or withdrawn while it was on its way
            await self.delete(ref)

    async def prompt_in_answer(self, session: TableSession, player: str, interaction: discord.Interaction,
                               said: str) -> bool:
        """The player's next prompt, ready as their click is answered, put in that answer: the
        clicked hand DM becomes the new one, ``said`` (what was played) above its text. The
        interaction's answer is no call on the DM's 5-per-5 s window, so a prompt that follows
        at once (a pass on a claim, then the player's own draw) never waits on it, and the player,
        who is looking at this message, needs no notification. False: not that case (a "My hand"
        copy, hands kept as new messages, the prompt gone meanwhile) or the edit failed; the
        prompt is then sent as a new DM as usual."""
        table = session.table
        no, old = table.prompts.get(player), session.dm_hand.get(player)
        clicked = interaction.message
        if (no is None or old is None or clicked is None or old.message_id != clicked.id or session.closed
                or keeps_hands(session, player)):
            return False
        payload = await self.hand_message(session, player)
        if table.prompts.get(player) != no:
            return False
        file = payload.pop("file", None)
        payload["content"] = f"{said}\n{payload['content']}"
        try:
            await interaction.edit_original_response(content=payload["content"], view=payload.get("view"),
                                                     attachments=[file] if file is not None else [])
        except (discord.HTTPException, discord.RateLimited) as e:
            log.info("could not put the next prompt in the answer: %s", e)
            return False
        session.auto_played.pop(player, None)  # told now
        ref = HandRef(no, old.channel_id, clicked.id)
        session.dm_hand[player] = ref
        if table.prompts.get(player) == no and not session.closed:
            session.hands.setdefault(player, []).append(ref)
        else:  # answered by its timer or withdrawn while the answer was on its way
            session.spawn(self.strip(ref))
        return True

    def clean_hands(self, session: TableSession) -> None:
        """A kyoku or hand is over: the hand DMs that no longer carry a live prompt are deleted."""
        for player, ref in list(session.dm_hand.items()):
            if session.table.prompts.get(player) != ref.no:
                del session.dm_hand[player]
                if not keeps_hands(session, player):
                    session.spawn(self.delete(ref))

    async def delete(self, ref: HandRef) -> None:
        if ref.channel_id is None or ref.message_id is None:
            return
        message = self.m.bot.get_partial_messageable(ref.channel_id, type=PRIVATE).get_partial_message(ref.message_id)
        # Discord's bucket for deletions, apart from the DM's sends: it never takes a prompt's place
        await self.outbox.submit(message.delete, route=Route.delete(ref.channel_id), priority=Priority.CLEANUP)

    async def strip(self, ref: HandRef) -> None:
        """A prompt that was answered elsewhere or withdrawn: its message loses its buttons."""
        if ref.followup is not None and ref.message_id is not None:  # the interaction's own token
            try:
                await ref.followup.followup.edit_message(ref.message_id, view=None)
            except (discord.HTTPException, discord.RateLimited) as e:
                log.info("could not withdraw a hand's buttons: %s", e)
        elif ref.channel_id is not None and ref.message_id is not None:
            message = self.m.bot.get_partial_messageable(ref.channel_id, type=PRIVATE).get_partial_message(
                ref.message_id)
            sent = await self.outbox.submit(lambda: message.edit(view=None), route=Route.dm(ref.channel_id),
                                            priority=Priority.PROMPT)
            if not sent.ok:
                log.info("could not withdraw a hand's buttons: %s", sent.reason)

    # ---- the channel ---------------------------------------------------------------------------

    async def channel_send(self, session: TableSession,
                           draw: Callable[[], Awaitable[dict[str, Any] | None]] | None = None,
                           **payload: Any) -> discord.Message | None:
        """A message to the table's channel; ``draw`` adds its picture when its turn comes."""
        channel: discord.PartialMessageable = self.m.bot.get_partial_messageable(session.table.channel_id)

        async def send(extra: dict[str, Any] | None = None) -> discord.Message:
            return await channel.send(**payload, **(extra or {}))

        sent: Sent[discord.Message] = await self._channel_job(session, send, draw)
        self._failed_in_channel(session, sent, "channel message")
        return sent.value if sent.ok else None

    def _file(self, job: tuple[Any, ...], name: str, words: str) -> Callable[[], Awaitable[dict[str, Any]]]:
        """``words``: the picture's alt text, written from the record the job draws."""
        async def draw() -> dict[str, Any]:
            png = await self.pool.draw(*job)
            return {"file": discord.File(io.BytesIO(png), name, description=words)}
        return draw

    async def post_standings(self, session: TableSession, summary: dict[str, Any]) -> None:
        """After the game's own posts still on their way (its last results, and every result
        stored by then in their message), never after a DM's clean-up (the game is stored
        already); then the final picture."""
        table = session.table
        await session.lane.drained()
        names = {p: table.seat(p).name for p in table.players}
        ranks = final_ranks(table.game_name, summary)
        footer = t(table.lang, "table.title", game=messages.game_name(table.lang, table.game_name),
                   table=table.table_id)
        picture = results.standings_record(summary, ranks, names, footer)
        job = (results.record_png, picture, dict(CAPTIONS[table.lang]))
        content = "\n".join([t(table.lang, "end.standings"), *session.closing_lines])
        await self.channel_send(session, draw=self._file(job, "standings.png", describe(picture, table.lang)),
                                content=content)
        await self.publish(session, final=True)

    # ---- the public message --------------------------------------------------------------------

    def schedule_publish(self, session: TableSession) -> None:
        """Edit the table message soon: moves made while its edit waits its turn are all shown by
        that one edit (the outbox coalesces by channel and paces each channel's edits). While
        the table's lane has posts to make, the picture is asked for once they are made: the
        picture, drawn at its turn and always the table's newest work, would run ahead of them."""
        session.dirty = True
        if session.table.status != "playing":
            return  # over: the final picture follows the standings (``publish``)
        if session.lane.posts:
            session.lane.picture_due = True
            return
        future = self._submit_picture(session, final=False)
        future.add_done_callback(lambda f: self._picture_done(session, f.result()))

    def _submit_picture(self, session: TableSession, final: bool) -> Any:
        key = picture_key(session.table.channel_id)
        return self._channel_job(session, lambda payload: self._send_picture(session, payload),
                                 lambda: self._draw_picture(session, final), key=key)

    async def publish(self, session: TableSession, final: bool = False) -> None:
        """Draw and send the table message now; once the game is over only the final picture is
        sent (and posted anew if the message was deleted)."""
        if session.table.status != "playing" and not final:
            return
        sent = await self._submit_picture(session, final)
        self._picture_done(session, sent)
        if final and session.table.message_id is None:
            self._picture_done(session, await self._submit_picture(session, final))

    async def _draw_picture(self, session: TableSession, final: bool) -> dict[str, Any] | None:
        table = session.table
        if table.game is None or (table.status != "playing" and not final) or (session.closed and not final):
            return None
        summary = table.game.summary()
        if not final and session.lane.behind(len(summary.get("kyoku_results", [])),
                                             len(summary.get("poker_results", [])), session.lock.locked()):
            session.lane.picture_due = True  # after the results still to be posted: asked again then
            return None
        session.dirty = False
        public = table.game.public_view()
        waiting = [] if table.game.finished else messages.public_waiting(table.game, public)
        embed = messages.table_embed(table.lang, table, summary, waiting, public)
        names = {p: table.seat(p).name for p in table.players}
        job, record = images.table_job(table.game_name, public, names)
        words, session.told = describe(record, table.lang, session.told), record  # from the public record only
        if any(s.text_mode for s in session.settings.values()):  # text mode: the last moves in the message
            embed.add_field(name=t(table.lang, "text.last_moves"), value=words, inline=False)
        png = await self.pool.draw(job, record, CAPTIONS[table.lang])
        embed.set_image(url="attachment://table.png")
        return {"embed": embed, "file": discord.File(io.BytesIO(png), "table.png", description=words),
                "playing": table.status == "playing"}

    async def _send_picture(self, session: TableSession, payload: dict[str, Any] | None) -> discord.Message | None:
        if payload is None:
            return None
        table = session.table
        channel: discord.PartialMessageable = self.m.bot.get_partial_messageable(table.channel_id)
        now = self.m.clock.now()
        playing = payload.pop("playing")
        if table.message_id and now - table.message_posted < self.m.repost_after:
            file = payload.pop("file")
            # An edit leaves the message's buttons as they are: they are sent again only if this
            # message does not carry them in the table's language yet, and taken off at the end.
            if not playing:
                payload["view"] = None
            elif session.buttons != (table.message_id, table.lang):
                payload["view"] = buttons.table_view(table.table_id, table.lang)
            edited = await channel.get_partial_message(table.message_id).edit(attachments=[file], **payload)
            session.buttons = (table.message_id, table.lang) if playing else None
            return edited
        old = table.message_id
        if playing:
            payload["view"] = buttons.table_view(table.table_id, table.lang)
        sent: discord.Message = await channel.send(**payload)
        table.message_id, table.message_posted = sent.id, now
        session.buttons = (sent.id, table.lang) if playing else None
        if old:
            self.outbox.submit(channel.get_partial_message(old).delete, route=Route.delete(table.channel_id),
                               priority=self._priority(session))
        if table.status == "playing":
            await self.m.store_message(session)
        return sent

    def _picture_done(self, session: TableSession, sent: Sent[Any]) -> None:
        table = session.table
        if sent.ok or sent.status is Status.CANCELLED:
            return
        if sent.code in GONE:
            self.m.gone(table.channel_id)
        elif sent.code == UNKNOWN_MESSAGE:  # the message was deleted: post a fresh one
            table.message_id = None
            if table.status == "playing":
                self.schedule_publish(session)
        elif sent.reason is Reason.FORBIDDEN:  # no right to post here: retrying would not help
            log.error("table %s: cannot post the table message (%s)", table.table_id, sent.code)
        else:  # the outbox's retries are spent: the next change tries again
            log.warning("table %s: table message not updated (%s)", table.table_id,
                        sent.reason.value if sent.reason else "?")
            session.dirty = True

    async def strip_table_message(self, session: TableSession) -> None:
        """The table message keeps its picture but loses its buttons."""
        table = session.table
        if table.message_id:
            message = self.m.bot.get_partial_messageable(table.channel_id).get_partial_message(table.message_id)
            self.outbox.cancel(picture_key(table.channel_id))
            await self._channel_job(session, lambda: message.edit(view=None))
