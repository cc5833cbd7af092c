"""The one place that turns what happened at a table into Discord calls, with no table lock held.

Private hands go out each in a task of its own, so a DM that is slow or refused (a long 429
becomes ``RateLimited`` through the client's ``max_ratelimit_timeout``) delays no other seat.
A channel that is gone (10003 Unknown Channel, 50001 Missing Access) closes the table instead of
being retried.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from typing import Any

import discord

from bot.comfort import UserSettings
from bot.comfort.words import assist_default, hand_marks, hand_notes
from bot.i18n import CAPTIONS, language_of, t
from bot.play import buttons, images, messages, results
from bot.play.moves import default_part, layout, poker_numbers, poker_parts, split
from bot.play.session import HandRef, Picture, TableSession
from bot.play.turns import Outcome
from bot.storage.standings import final_ranks

log = logging.getLogger(__name__)
GONE = {10003, 50001}  # Unknown Channel, Missing Access: the table's channel is no more for us
PICTURE_REUSE = 5.0  # seconds a "My hand" picture is reused for the same prompt


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


class Effects:
    def __init__(self, manager: Any) -> None:
        self.m = manager

    async def run(self, session: TableSession, out: Outcome, answered: int | None = None) -> None:
        """``answered``: the message the clicking player's own answer already edits."""
        for ref in out.withdrawn:
            if ref.message_id != answered:
                session.spawn(self.strip(ref))
        for key, params in out.notices:
            await self.channel_send(session, content=t(session.table.lang, key, **params))
        if out.results:
            session.spawn(self.post_results(session, out.results))
        for player in out.prompts:
            session.spawn(self.send_hand(session, player))
        if out.finished:
            await self.m.end(session)
            return
        if out.changed or out.prompts:
            self.schedule_publish(session)
        if out.more_cpu:
            self.m.continue_later(session)

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
        if no is None:
            content = t(lang, "hand.waiting", game=messages.game_name(lang, table.game_name), table=table.table_id,
                        seat=player)
        else:
            claim = not any(split(m[1:])[0][:1] in (["discard"], ["tsumogiri"]) for m in legal) and any(
                m[1:] == ["pass"] for m in legal)
            content = messages.hand_text(lang, table, player, chosen, table.deadlines.get(player), claim, view, legal)
        notes = hand_notes(lang, session.settings.get(player), session.auto_played.get(player, []))
        out: dict[str, Any] = {"content": f"{notes}\n{content}" if notes else content}
        if picture:
            out["file"] = discord.File(io.BytesIO(await self.hand_png(session, player)), "hand.png")
        items = layout(legal, chosen, riichi)
        if items:
            numbers = poker_numbers(table.game_name, view, player)
            labels = messages.button_labels(lang, items, numbers.to_call if numbers else None)
            out["view"] = buttons.hand_view(table.table_id, no or 0, items, labels)
        return out

    async def hand_png(self, session: TableSession, player: str) -> bytes:
        """Drawn once per position; a repeat within a few seconds reuses it."""
        table = session.table
        assert table.game is not None
        now = self.m.clock.now()
        kept = session.pictures.get(player)
        if kept is not None and kept.no == table.move_no and now - kept.at < PICTURE_REUSE:
            return kept.png
        names = {p: table.seat(p).name for p in table.players}
        seat = table.seat(player)
        view = table.game.view(player)
        settings = session.settings.get(player)
        on = (settings or UserSettings()).assist_on(assist_default(table.game_name, table.level))
        if on:
            session.assisted.add(player)
        marks = functools.partial(hand_marks, seat.lang, table.game_name, view, list(session.legal.get(player, [])),
                                  on, settings)
        png = await asyncio.to_thread(images.hand_png, table.game_name, view, seat.name, CAPTIONS[seat.lang], names,
                                      marks)
        session.pictures[player] = Picture(table.move_no, now, png)
        return png

    async def send_hand(self, session: TableSession, player: str) -> None:
        table = session.table
        seat = table.seat(player)
        no = table.prompts.get(player)
        if seat.user_id is None or no is None or player in table.dm_closed:
            return
        payload = await self.hand_message(session, player)
        try:
            channel = await self.m.dm_channel(seat.user_id)
            sent = await channel.send(**payload)
        except discord.Forbidden:
            table.dm_closed.add(player)  # saved with the table's next move
            await self.channel_send(session, content=t(table.lang, "table.dm_closed", mention=f"<@{seat.user_id}>"))
            return
        except (discord.HTTPException, discord.RateLimited) as e:
            log.warning("table %s: DM to seat %s failed (%s); the hand stays on My hand", table.table_id, player, e)
            return
        session.auto_played.pop(player, None)  # told now
        ref = HandRef(no, sent.channel.id, sent.id)
        if table.prompts.get(player) == no and not session.closed:
            session.hands.setdefault(player, []).append(ref)
        else:  # answered or withdrawn while it was on its way
            await self.strip(ref)

    async def strip(self, ref: HandRef) -> None:
        """A prompt that was answered elsewhere or withdrawn: its message loses its buttons."""
        try:
            if ref.followup is not None and ref.message_id is not None:
                await ref.followup.followup.edit_message(ref.message_id, view=None)
            elif ref.channel_id is not None and ref.message_id is not None:
                channel = self.m.bot.get_partial_messageable(ref.channel_id, type=discord.ChannelType.private)
                await channel.get_partial_message(ref.message_id).edit(view=None)
        except (discord.HTTPException, discord.RateLimited) as e:
            log.info("could not withdraw a hand's buttons: %s", e)

    # ---- the channel ---------------------------------------------------------------------------

    async def channel_send(self, session: TableSession, **payload: Any) -> discord.Message | None:
        try:
            return await self.m.bot.get_partial_messageable(session.table.channel_id).send(**payload)
        except discord.HTTPException as e:
            if channel_gone(e):
                self.m.gone(session.table.channel_id)
            else:
                log.warning("table %s: channel message failed: %s", session.table_id, e)
            return None
        except discord.RateLimited as e:
            log.warning("table %s: channel message dropped (%s)", session.table_id, e)
            return None

    async def post_results(self, session: TableSession, items: list[tuple[str, dict[str, Any]]]) -> None:
        """A picture for each kyoku that ended and each poker hand shown down, in order."""
        table = session.table
        names = {p: table.seat(p).name for p in table.players}
        lang, texts = table.lang, CAPTIONS[table.lang]
        async with session.publish_lock:
            for kind, record in items:
                if kind == "kyoku":
                    text = t(lang, "result.kyoku", kyoku=results.kyoku_title(lang, record, texts))
                    png = await asyncio.to_thread(results.kyoku_png, table.game_name, record, table.players, names,
                                                  lang, texts)
                else:
                    text = t(lang, "result.showdown", hand=int(record.get("hand", 0)))
                    png = await asyncio.to_thread(results.showdown_png, record, text, names, texts)
                await self.channel_send(session, content=text, file=discord.File(io.BytesIO(png), "result.png"))

    async def post_standings(self, session: TableSession, summary: dict[str, Any]) -> None:
        """After every result picture still being posted (the game is stored already)."""
        table = session.table
        pending = [task for task in session.tasks if task is not asyncio.current_task()]
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        names = {p: table.seat(p).name for p in table.players}
        ranks = final_ranks(table.game_name, summary)
        footer = t(table.lang, "table.title", game=messages.game_name(table.lang, table.game_name),
                   table=table.table_id)
        png = await asyncio.to_thread(results.standings_png, summary, ranks, names, CAPTIONS[table.lang], footer)
        async with session.publish_lock:
            await self.channel_send(session, content=t(table.lang, "end.standings"),
                                    file=discord.File(io.BytesIO(png), "standings.png"))
        await self.publish(session, final=True)

    # ---- the public message --------------------------------------------------------------------

    def schedule_publish(self, session: TableSession) -> None:
        """Edit the table message soon: a burst of moves makes one edit per interval."""
        session.dirty = True
        if session.publisher is None or session.publisher.done():
            session.publisher = session.spawn(self._publish_loop(session))

    async def _publish_loop(self, session: TableSession) -> None:
        while session.dirty and session.table.status == "playing":
            wait = session.last_edit + self.m.edit_interval * self.m.time_scale - self.m.clock.now()
            if wait > 0:
                await self.m.clock.sleep(wait)
            if session.table.status != "playing":
                return
            await self.publish(session)

    async def publish(self, session: TableSession, final: bool = False) -> None:
        """Draw and send the table message now; one at a time per table, so an older picture never
        lands after a newer one; once the game is over only the final picture is sent."""
        async with session.publish_lock:
            if session.table.status == "playing" or final:
                await self._draw_and_send(session)
            if final and session.table.message_id is None:  # the message was deleted: post the result anew
                await self._draw_and_send(session)

    async def _draw_and_send(self, session: TableSession) -> None:
        table = session.table
        assert table.game is not None
        session.dirty = False
        public = table.game.public_view()
        waiting = [] if table.game.finished else messages.public_waiting(table.game)
        embed = messages.table_embed(table.lang, table, table.game.summary(), waiting)
        names = {p: table.seat(p).name for p in table.players}
        png = await asyncio.to_thread(images.table_png, table.game_name, public, CAPTIONS[table.lang], names)
        file = discord.File(io.BytesIO(png), "table.png")
        embed.set_image(url="attachment://table.png")
        view = buttons.table_view(table.table_id, table.lang) if table.status == "playing" else None
        channel = self.m.bot.get_partial_messageable(table.channel_id)
        session.last_edit = self.m.clock.now()
        try:
            if table.message_id and self.m.clock.now() - table.message_posted < self.m.repost_after:
                await channel.get_partial_message(table.message_id).edit(embed=embed, attachments=[file], view=view)
            else:
                old = table.message_id
                sent = await channel.send(embed=embed, file=file, view=view)
                table.message_id, table.message_posted = sent.id, self.m.clock.now()
                if old:
                    await _quietly(channel.get_partial_message(old).delete())
                if table.status == "playing":
                    await self.m.store_message(session)
        except discord.HTTPException as e:
            if channel_gone(e):
                self.m.gone(table.channel_id)
            elif isinstance(e, discord.NotFound):  # the message was deleted: post a fresh one next time
                table.message_id = None
                session.dirty = True
            elif isinstance(e, discord.Forbidden):  # no right to post here: retrying would not help
                log.error("table %s: cannot post the table message (%s)", table.table_id, e)
            else:
                log.warning("table %s: table message not updated (%s); retrying", table.table_id, e)
                session.dirty = True
        except discord.RateLimited as e:
            log.warning("table %s: table message rate limited (%s); retrying", table.table_id, e)
            session.dirty = True

    async def strip_table_message(self, session: TableSession) -> None:
        """The table message keeps its picture but loses its buttons."""
        table = session.table
        if table.message_id:
            channel = self.m.bot.get_partial_messageable(table.channel_id)
            await _quietly(channel.get_partial_message(table.message_id).edit(view=None))


async def _quietly(coro: Any) -> None:
    try:
        await coro
    except (discord.HTTPException, discord.RateLimited):
        pass
