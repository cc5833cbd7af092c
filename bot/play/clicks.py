"""Clicks during play: a move, a change of what the hand shows, "My hand", "I'm back".

Write-ahead: a move click is acknowledged (deferred) at once, the move is checked against the
prompt and played and the table's save queued under the lock; once the save is stored (waited
for with the lock let go) the answer is edited in, so a move a player was told was played is
always stored.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import language_of, t
from bot.ops import metrics as ops
from bot.play import buttons, turns
from bot.play.amounts import amount_range, concrete
from bot.play.effects import answer
from bot.play.moves import played as played_text
from bot.play.session import HandRef, TableSession
from bot.play.turns import Outcome
from engine.base import IllegalMove, matches

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
ERROR_KEYS = {
    "not_your_turn": "err.not_your_turn",
    "game_over": "err.game_over",
    "not_seated": "err.not_seated",
    "not_allowed": "err.not_allowed",
    "bad_amount": "err.bad_amount",
}
Error = tuple[str, dict[str, Any]]


def _playing(m: TableManager, table_id: str) -> TableSession | None:
    session: TableSession | None = m.sessions.get(table_id)
    if session is None or session.table.game is None or session.table.status != "playing":
        return None
    return session


async def on_move(m: TableManager, interaction: discord.Interaction, table_id: str, no: int, index: int,
                  amount: str | None) -> None:
    """A move button (or the amount modal's submit): human work, so CPU-only turns wait until
    the click is answered and what follows from it is under way."""
    async with m.steps.human():
        with ops.click():
            await _on_move(m, interaction, table_id, no, index, amount)


async def _on_move(m: TableManager, interaction: discord.Interaction, table_id: str, no: int, index: int,
                   amount: str | None) -> None:
    session = _playing(m, table_id)
    if session is None:
        return await answer(interaction, "err.stale")
    table = session.table
    player = table.seat_of(interaction.user.id)
    if player is None:
        return await answer(interaction, "err.not_seated")
    legal = session.legal.get(player, [])
    if amount is None and table.prompts.get(player) == no and 0 <= index < len(legal):
        low_high = amount_range(legal[index])
        if low_high is not None:  # the amount is asked first; the modal's submit comes back here
            verb = next((w for w in legal[index][1:] if w in ("bet", "raise")), "")
            modal = buttons.AmountModal(language_of(interaction.locale), table_id, no, index, *low_high, verb)
            await interaction.response.send_modal(modal)
            return
    await interaction.response.defer()  # acknowledged at once, whatever the table is doing
    async with m.working(session):
        error, move, out = await _play(m, session, player, no, index, amount)
    if error is None and out is not None and not await m.stored(session, out):
        error = ("err.stale", {})  # played elsewhere first: what is stored stands
    if error is not None:
        return await answer(interaction, error[0], **error[1])
    assert move is not None and out is not None
    key, params = played_text(move)
    said = t(language_of(interaction.locale), key, **params)
    message = interaction.message.id if interaction.message else None
    if player in out.prompts and await m.effects.prompt_in_answer(session, player, interaction, said):
        await m.effects.run(session, out, answered=message, prompted=player)
        return
    try:  # told only now, with the move stored: the answered hand loses its buttons
        await interaction.edit_original_response(content=said, view=None)
    except (discord.HTTPException, discord.RateLimited) as e:
        log.info("could not close the answered hand message: %s", e)
    await m.effects.run(session, out, answered=message)


async def _play(m: TableManager, session: TableSession, player: str, no: int, index: int,
                amount: str | None) -> tuple[Error | None, list[Any] | None, Outcome | None]:
    table = session.table
    async with session.lock:  # every check again, as things are now
        legal = session.legal.get(player, [])
        if session.closed or table.status != "playing" or table.game is None:
            return ("err.stale", {}), None, None
        if table.answered.get(player) == no and table.prompts.get(player) != no:
            return ("err.double", {}), None, None
        if table.prompts.get(player) != no or not 0 <= index < len(legal):
            return ("err.stale", {}), None, None
        move = concrete(legal[index], amount)
        if move is None or not matches(move, legal[index]):
            low, high = amount_range(legal[index]) or (0, 0)
            return ("err.bad_amount", {"low": low, "high": high}), None, None
        try:
            out = turns.human_move(session, player, no, move, m.clock.now())
        except IllegalMove as e:
            return (ERROR_KEYS.get(e.code, "err.not_allowed"), {}), None, None
        out.merge(await m.advance(session))
        await m.save_played(session, out)  # queued; stored before the player is told (on_move)
        return None, move, out


async def on_hand_option(m: TableManager, interaction: discord.Interaction, table_id: str, no: int, kind: str,
                         arg: str) -> None:
    """Shows another poker part or the riichi discards: no move is made, nothing is stored."""
    session = _playing(m, table_id)
    player = session.table.seat_of(interaction.user.id) if session else None
    if session is None or player is None:
        return await answer(interaction, "err.stale" if session is None else "err.not_seated")
    if session.table.prompts.get(player) != no:
        return await answer(interaction, "err.stale")
    part, riichi = session.hand_ui.get(player, ("", False))
    session.hand_ui[player] = (arg, riichi) if kind == "p" else (part, arg == "1")
    session.table.seat(player).lang = language_of(interaction.locale)
    await interaction.response.edit_message(**await m.effects.hand_message(session, player, picture=False))


async def on_my_hand(m: TableManager, interaction: discord.Interaction, table_id: str) -> None:
    session = _playing(m, table_id)
    if session is None:
        return await answer(interaction, "err.stale")
    player = session.table.seat_of(interaction.user.id)
    if player is None:
        return await answer(interaction, "err.not_seated")
    await interaction.response.defer(ephemeral=True, thinking=True)
    session.table.seat(player).lang = language_of(interaction.locale)
    no = session.table.prompts.get(player)
    payload = await m.effects.hand_message(session, player)
    try:
        sent = await interaction.followup.send(ephemeral=True, wait=True, **payload)
    except (discord.HTTPException, discord.RateLimited) as e:
        log.info("could not show a hand: %s", e)
        return
    if no is not None and "view" in payload:  # a copy with buttons: withdrawn with the prompt
        if session.table.prompts.get(player) == no:
            session.hands.setdefault(player, []).append(HandRef(no, message_id=sent.id, followup=interaction))
        else:
            await m.effects.strip(HandRef(no, message_id=sent.id, followup=interaction))


async def on_back(m: TableManager, interaction: discord.Interaction, table_id: str) -> None:
    session = _playing(m, table_id)
    player = session.table.seat_of(interaction.user.id) if session else None
    if session is None or player is None:
        return await answer(interaction, "err.stale" if session is None else "err.not_seated")
    await interaction.response.defer(ephemeral=True)
    async with m.working(session):
        async with session.lock:
            table = session.table
            if session.closed or table.status != "playing" or player not in table.afk:
                out = None
            else:
                table.afk.discard(player)
                table.missed[player] = 0
                out = await m.advance(session)
                await m.save_played(session, out)
    if out is None:
        return await answer(interaction, "afk.not_away")
    if not await m.stored(session, out):
        return await answer(interaction, "err.stale")
    await answer(interaction, "afk.back")
    await m.effects.run(session, out)
