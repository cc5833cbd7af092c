"""Replaying a finished game move by move, and the all-hands-open picture of any moment of it.

A step is a number of moves played: step 0 is the first deal, the last step the end of the game.
The picture at a step is rebuilt by replaying the stored scenario through the engine up to it, so
nothing but the scenario is stored. Every hand is drawn open: the public table picture, and under it
each seat's own hand drawn from that player's private view (hold'em: everyone's hole cards on the
table). That is only ever done for finished games, whose hands no longer need hiding.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.i18n import t
from bot.render import render_hand, render_holdem_table, render_table, to_png
from bot.render.adapt import cards, hand_from_view, holdem_from_view, table_from_view
from bot.render.alt import describe, fit, hand_words
from bot.render.draw import BG
from bot.render.model import HandImage, HoldemTable, TableImage
from engine.base import Game
from engine.games import new_game

GAP = 10


@dataclass(frozen=True)
class Mark:
    """Where a kyoku (hold'em: a hand) starts: its first step, and its label (``E2``, ``3``), honba."""

    step: int
    label: str
    honba: int = 0


@dataclass(frozen=True)
class ReplayIndex:
    """A game's length in moves and where each kyoku or poker hand starts."""

    game: str
    total: int
    marks: tuple[Mark, ...]

    def mark_at(self, step: int) -> Mark:
        """The kyoku or hand a step belongs to."""
        found = self.marks[0]
        for mark in self.marks:
            if mark.step <= step:
                found = mark
        return found

    def previous_mark(self, step: int) -> int:
        """The start of this kyoku, or of the one before when already at its start."""
        starts = [m.step for m in self.marks if m.step < step]
        return starts[-1] if starts else 0

    def next_mark(self, step: int) -> int:
        starts = [m.step for m in self.marks if m.step > step]
        return starts[0] if starts else self.total


def _mark(game: Game, name: str, step: int) -> Mark:
    public = game.public_view()
    if name == "holdem":
        return Mark(step, str(public.get("hand") or len(game.summary().get("poker_results", [])) + 1))
    return Mark(step, str(public.get("round", "")), int(public.get("honba", 0)))


def replay_index(scenario: Mapping[str, Any]) -> ReplayIndex:
    """Replay the whole game once to find where each kyoku (hold'em: each hand) begins: where the
    round label or honba (hold'em: the hand number) changes. In Janpo a kyoku goes on after its
    mahjong result until its last poker hand ends (J9), so the next one starts at the next deal."""
    name = str(scenario.get("game"))
    game = new_game(dict(scenario))
    moves = scenario.get("moves", [])
    marks = [_mark(game, name, 0)]
    for step, move in enumerate(moves, start=1):
        game.play(list(move))
        if game.finished:
            break
        mark = _mark(game, name, step)
        if (mark.label, mark.honba) != (marks[-1].label, marks[-1].honba):
            marks.append(mark)
    return ReplayIndex(name, len(moves), tuple(marks))


def game_at(scenario: Mapping[str, Any], step: int) -> Game:
    """The game after its first ``step`` moves."""
    game = new_game(dict(scenario))
    for move in scenario.get("moves", [])[:step]:
        game.play(list(move))
    return game


def move_text(move: Sequence[Any]) -> str:
    """A move as the scenario writes it, on one line: ``Aoi discard 5m``."""
    return " ".join(str(part) for part in move)


def open_table_records(name: str, game: Game) -> tuple[TableImage | HoldemTable, list[HandImage]]:
    """What a replay step shows: the public table (hold'em: every dealt seat's cards shown), and
    each seat's own hand (none in hold'em)."""
    public = game.public_view()
    players = list(game.players)
    if name == "holdem":
        table = holdem_from_view(public)
        seats = []
        for seat in table.seats:
            hole = cards(game.view(seat.name).get("hole"))
            shown = hole if seat.in_hand and not seat.poker.showdown_cards else seat.poker.showdown_cards
            seats.append(dataclasses.replace(seat, poker=dataclasses.replace(seat.poker, showdown_cards=shown)))
        return dataclasses.replace(table, seats=tuple(seats)), []
    return table_from_view(public), [hand_from_view(game.view(p), p) for p in players]


def open_table_image(name: str, game: Game, texts: Mapping[str, str]) -> Image.Image:
    """The table with every hand open: the public picture, then each seat's own hand under it."""
    return _draw(open_table_records(name, game), texts)


def _draw(records: tuple[TableImage | HoldemTable, list[HandImage]], texts: Mapping[str, str]) -> Image.Image:
    table, hands = records
    if isinstance(table, HoldemTable):
        return render_holdem_table(table, texts)
    return _stack(render_table(table, texts), [render_hand(h, texts) for h in hands])


def _words(records: tuple[TableImage | HoldemTable, list[HandImage]], lang: str) -> str:
    """The replay step's picture in words (its alt text), from the same records."""
    table, hands = records  # the hands first: what only a replay shows
    return fit(t(lang, "alt.replay", table=describe(table, lang),
                 hands=" ".join(hand_words(dataclasses.replace(h, dora_indicators=()), lang, own=False)
                                for h in hands)))  # the indicators once, with the table


def _stack(top: Image.Image, hands: list[Image.Image]) -> Image.Image:
    """The table, then the hands two to a row, shrunk to the table's width."""
    widest = max(h.width for h in hands)
    scale = min(1.0, (top.width - 3 * GAP) / (2 * widest))
    small = [h.resize((round(h.width * scale), round(h.height * scale)), Image.Resampling.LANCZOS) for h in hands]
    rows = [small[i:i + 2] for i in range(0, len(small), 2)]
    height = top.height + sum(max(h.height for h in row) + GAP for row in rows) + GAP
    out = Image.new("RGB", (top.width, height), BG)
    out.paste(top, (0, 0))
    y = top.height + GAP
    half = top.width // 2
    for row in rows:
        for i, hand in enumerate(row):
            out.paste(hand, (i * half + (half - hand.width) // 2, y))
        y += max(h.height for h in row) + GAP
    return out


def frame(scenario: Mapping[str, Any], step: int, texts: Mapping[str, str], lang: str) -> tuple[bytes, str]:
    """The picture of one step and its words (CPU work: call it in a worker thread)."""
    records = open_table_records(str(scenario.get("game")), game_at(scenario, step))
    return to_png(_draw(records, texts)), _words(records, lang)
