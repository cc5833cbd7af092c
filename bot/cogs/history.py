"""``/history``, ``/replay`` and ``/export``: a server's finished games, stepped through or downloaded.

``/export`` attaches the scenario, the tenhou.net/6 log (riichi) and the mjai stream (riichi, Janpo,
Five); ``view: my seat`` gives only the asker's own view (an mjai stream with every other concealed
tile hidden), and only to a player who sat in that game.

Every answer is private. A game is looked up with the server it is asked from, so another server's
game number finds nothing. Replay buttons carry the game, the step and the user who opened the
replay; the owner's click turns the page in place, anyone else's click (a forwarded message, a
crafted id) gets a private copy of that page of their own and leaves the owner's message alone.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands, ui
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import CAPTIONS, language_of, t
from bot.i18n.translator import ls
from bot.results.format import game_name, history_lines
from bot.results.mjai import game_events, mjai_events, mjai_text
from bot.results.played import MAHJONG_GAMES
from bot.results.played import replay as replay_game
from bot.results.replay import ReplayIndex, frame, move_text, replay_index
from bot.results.tenhou import log_of
from bot.storage import StoredGame
from engine.base import IllegalMove, ScenarioError

log = logging.getLogger(__name__)
HISTORY_SIZE = 10
INDEX_CACHE = 32
GAME_ID = app_commands.Range[int, 1, 2**62]
VIEW_CHOICES = [Choice(name=ls("export.view.all"), value="all"), Choice(name=ls("export.view.mine"), value="mine")]


class ReplayStep(ui.DynamicItem[ui.Button[ui.View]],
                 template=r"jp:rp:(?P<game>\d+):(?P<step>\d+):(?P<owner>\d+):(?P<slot>[a-d])"):
    """Show step ``step`` of game ``game``; ``slot`` keeps the four buttons' ids apart."""

    def __init__(self, game: int, step: int, owner: int, slot: str, label: str = "?", disabled: bool = False) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                   custom_id=f"jp:rp:{game}:{step}:{owner}:{slot}"))
        self.game, self.step, self.owner = game, step, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> ReplayStep:
        return cls(int(match["game"]), int(match["step"]), int(match["owner"]), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog(HistoryCog.__cog_name__)  # type: ignore[attr-defined]
        await cog.on_step(interaction, self.game, self.step, self.owner)


class HistoryCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.indexes: OrderedDict[int, ReplayIndex] = OrderedDict()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReplayStep)

    @app_commands.command(name=ls("cmd.history"), description=ls("cmd.history.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=ls("opt.user"))
    @app_commands.describe(user=ls("opt.user.desc"))
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = language_of(interaction.locale)
        if interaction.guild_id is None:
            await interaction.response.send_message(t(lang, "res.guild_only"), ephemeral=True)
            return
        games = await self.bot.store.history(interaction.guild_id, user.id if user else None, limit=HISTORY_SIZE)
        title = t(lang, "history.title_user", user=user.display_name) if user else t(lang, "history.title")
        text = "\n\n".join(history_lines(lang, games)) or t(lang, "history.empty")
        embed = discord.Embed(title=title, description=text[:4000], colour=discord.Colour.dark_green())
        if games:
            embed.set_footer(text=t(lang, "history.hint"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=ls("cmd.replay"), description=ls("cmd.replay.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("opt.game"), kyoku=ls("opt.kyoku"))
    @app_commands.describe(game=ls("opt.game_id.desc"), kyoku=ls("opt.kyoku.desc"))
    async def replay(self, interaction: discord.Interaction, game: GAME_ID,
                     kyoku: app_commands.Range[int, 1, 1000] | None = None) -> None:
        lang = language_of(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        stored = await self._game(interaction, game)
        if stored is None:
            await interaction.followup.send(t(lang, "res.not_found", game_id=game), ephemeral=True)
            return
        index = await self._index(stored)
        if index is None:
            await interaction.followup.send(t(lang, "replay.broken", game_id=game), ephemeral=True)
            return
        if kyoku is not None and kyoku > len(index.marks):
            await interaction.followup.send(t(lang, "replay.no_kyoku", game_id=game, count=len(index.marks)),
                                            ephemeral=True)
            return
        step = index.marks[kyoku - 1].step if kyoku else 0
        embed, file, view = await self._page(lang, stored, index, step, interaction.user.id)
        await interaction.followup.send(embed=embed, file=file, view=view, ephemeral=True)

    async def on_step(self, interaction: discord.Interaction, game_id: int, step: int, owner: int) -> None:
        lang = language_of(interaction.locale)
        mine = interaction.user.id == owner
        if mine:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        stored = await self._game(interaction, game_id)
        index = await self._index(stored) if stored is not None else None
        if stored is None or index is None:
            key = "res.not_found" if stored is None else "replay.broken"
            await interaction.followup.send(t(lang, key, game_id=game_id), ephemeral=True)
            return
        step = min(max(step, 0), index.total)
        embed, file, view = await self._page(lang, stored, index, step, interaction.user.id)
        if mine:
            await interaction.edit_original_response(embed=embed, attachments=[file], view=view)
        else:
            await interaction.followup.send(t(lang, "replay.own_copy"), embed=embed, file=file, view=view,
                                            ephemeral=True)

    @app_commands.command(name=ls("cmd.export"), description=ls("cmd.export.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("opt.game"), view=ls("opt.view"))
    @app_commands.describe(game=ls("opt.game_id.desc"), view=ls("opt.view.desc"))
    @app_commands.choices(view=VIEW_CHOICES)
    async def export(self, interaction: discord.Interaction, game: GAME_ID,
                     view: Choice[str] | None = None) -> None:
        lang = language_of(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        stored = await self._game(interaction, game)
        if stored is None:
            await interaction.followup.send(t(lang, "res.not_found", game_id=game), ephemeral=True)
            return
        if view is not None and view.value == "mine":
            await self._export_seat(interaction, lang, stored)
            return
        lines = [t(lang, "export.done", game_id=game, game=game_name(lang, stored.game))]
        files = [_json_file(stored.scenario, f"game-{game}.json", lines[0])]
        if "fairness" in stored.scenario:  # D69: the scenario file is also the verify file
            lines.append(t(lang, "export.verify"))
        if stored.game in MAHJONG_GAMES:
            try:
                logs = await asyncio.to_thread(_logs, stored)
            except (IllegalMove, ScenarioError, ValueError, KeyError):
                log.exception("game %s: no mahjong logs", game)
                lines.append(t(lang, "export.broken", game_id=game))
            else:
                tenhou, mjai = logs
                if tenhou is not None:
                    lines.append(t(lang, "export.tenhou"))
                    files.append(_json_file(tenhou, f"game-{game}-tenhou.json", lines[-1]))
                lines.append(t(lang, "export.mjai"))
                files.append(_text_file(mjai, f"game-{game}.mjson", lines[-1]))
                if stored.game == "janpo":
                    lines.append(t(lang, "export.mjai_janpo"))
        await interaction.followup.send("\n".join(lines), files=files, ephemeral=True)

    async def _export_seat(self, interaction: discord.Interaction, lang: str, stored: StoredGame) -> None:
        """The asker's own view: their seat's mjai stream, every other concealed tile hidden."""
        game = stored.game_id
        if stored.game not in MAHJONG_GAMES:
            await interaction.followup.send(t(lang, "export.no_seat_view", game_id=game), ephemeral=True)
            return
        seat = next((s for s in stored.seats if s.user_id == interaction.user.id), None)
        players = [str(p) for p in stored.scenario.get("players", [])]
        if seat is None or seat.player not in players:
            await interaction.followup.send(t(lang, "export.not_seated", game_id=game), ephemeral=True)
            return
        index = players.index(seat.player)
        try:
            events = await asyncio.to_thread(mjai_events, stored.scenario, _shown_names(stored), index)
        except (IllegalMove, ScenarioError, ValueError, KeyError):
            log.exception("game %s: no seat view", game)
            await interaction.followup.send(t(lang, "replay.broken", game_id=game), ephemeral=True)
            return
        lines = [t(lang, "export.mine", game_id=game, game=game_name(lang, stored.game), player=seat.name,
                   seat=index)]
        if stored.game == "janpo":
            lines.append(t(lang, "export.mjai_janpo"))
        file = _text_file(mjai_text(events), f"game-{game}-seat{index}.mjson", lines[0])
        await interaction.followup.send("\n".join(lines), files=[file], ephemeral=True)

    # ---- helpers -------------------------------------------------------------------------------

    async def _game(self, interaction: discord.Interaction, game_id: int) -> StoredGame | None:
        if interaction.guild_id is None:
            return None
        game: StoredGame | None = await self.bot.store.get_game(game_id, interaction.guild_id)
        return game

    async def _index(self, stored: StoredGame) -> ReplayIndex | None:
        """Where the game's kyoku start (one full replay, kept for the next clicks); None if the
        scenario no longer replays."""
        index = self.indexes.get(stored.game_id)
        if index is None:
            try:
                index = await asyncio.to_thread(replay_index, stored.scenario)
            except (IllegalMove, ScenarioError, ValueError, KeyError):
                log.exception("game %s does not replay", stored.game_id)
                return None
            self.indexes[stored.game_id] = index
            while len(self.indexes) > INDEX_CACHE:
                self.indexes.popitem(last=False)
        self.indexes.move_to_end(stored.game_id)
        return index

    async def _page(self, lang: str, stored: StoredGame, index: ReplayIndex, step: int,
                    owner: int) -> tuple[discord.Embed, discord.File, ui.View]:
        png, words = await asyncio.to_thread(frame, stored.scenario, step, CAPTIONS[lang], lang)
        mark = index.mark_at(step)
        if index.game == "holdem":
            where = t(lang, "replay.hand", hand=mark.label)
        else:
            where = t(lang, "replay.kyoku", kyoku=mark.label, honba=mark.honba)
        lines = [t(lang, "replay.at", where=where, step=step, total=index.total)]
        if step == 0:
            lines.append(t(lang, "replay.start"))
        else:
            lines.append(t(lang, "replay.last_move", move=move_text(stored.scenario["moves"][step - 1])))
        if step == index.total:
            lines.append(t(lang, "replay.end"))
        names = ", ".join(f"{s.player} = {s.name}" for s in stored.seats if s.player != s.name)
        embed = discord.Embed(title=t(lang, "replay.title", game_id=stored.game_id, game=game_name(lang, stored.game)),
                              description="\n".join(lines), colour=discord.Colour.dark_green())
        if names:
            embed.set_footer(text=names[:2000])
        embed.set_image(url="attachment://replay.png")
        hand = index.game == "holdem"
        view = ui.View(timeout=None)
        back, ahead = index.previous_mark(step), index.next_mark(step)
        view.add_item(ReplayStep(stored.game_id, back, owner, "a",
                                 t(lang, "btn.previous_hand" if hand else "btn.previous_kyoku"), step == 0))
        view.add_item(ReplayStep(stored.game_id, max(step - 1, 0), owner, "b", t(lang, "btn.previous"), step == 0))
        view.add_item(ReplayStep(stored.game_id, min(step + 1, index.total), owner, "c", t(lang, "btn.next"),
                                 step == index.total))
        view.add_item(ReplayStep(stored.game_id, ahead, owner, "d",
                                 t(lang, "btn.next_hand" if hand else "btn.next_kyoku"), step == index.total))
        return embed, discord.File(io.BytesIO(png), "replay.png", description=words), view


def _shown_names(stored: StoredGame) -> list[str]:
    shown = {s.player: s.name for s in stored.seats}
    return [shown.get(p, p) for p in stored.scenario.get("players", [])]


def _logs(stored: StoredGame) -> tuple[dict[str, Any] | None, str]:
    """The Tenhou log (riichi only) and the mjai stream, from one replay of the game."""
    played = replay_game(stored.scenario)
    names = _shown_names(stored)
    tenhou = None
    if stored.game == "riichi":
        title = f"{game_name('en', stored.game)} #{stored.game_id}"
        date = stored.finished_at.strftime("%Y-%m-%d %H:%M UTC")
        tenhou = log_of(played, title, date, names, str((stored.scenario.get("options") or {}).get("length", "south")))
    return tenhou, mjai_text(list(game_events(played, names)))


def _text_file(text: str, name: str, description: str) -> discord.File:
    """``description``: what the file is, in the reader's words (read aloud like a picture's)."""
    return discord.File(io.BytesIO(text.encode("utf-8")), name, description=description[:1024])


def _json_file(data: Any, name: str, description: str) -> discord.File:
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return _text_file(text, name, description)

