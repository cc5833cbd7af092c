"""The guided first hand as pure logic: one engine game, CPUs in the other seats, the script's steps.

A :class:`Lesson` plays one kyoku (one hand of hold'em) from a fixed seed per game, chosen so a
beginner meets the common moments. The learner sits in seat ``A``; every other seat is a CPU
that is handed only its own ``view`` and ``legal_moves`` (never the game), exactly as at a real
table. After each learner move the CPUs play until the learner must act again or the hand is
over, and the lesson works out which moments of :data:`bot.learn.script.MOMENTS` were reached
from the learner's own view and legal moves, so the words cannot disagree with the rules.

No Discord here: the cog turns a :class:`Prompt` into a picture, text and buttons.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.learn.script import SCRIPTS, Step, steps_at
from engine.assist import PokerAssist, assist, mahjong_words
from engine.base import Game, Move
from engine.cpu import choose_move
from engine.games import new_game
from engine.janpo.moves import split_move
from engine.rng import derive

LEARNER = "A"
PLAYERS = ("A", "B", "C", "D")
CPU_LEVEL = "easy"
SEEDS: dict[str, int] = {"five": 3, "riichi": 3, "janpo": 7, "holdem": 1}
"""One fixed deal per game, picked so a learner following the hints meets riichi, tenpai and a win
(Janpo: the poker turn, tada-jan time and a showdown too; hold'em: the flop and a showdown)."""
CHIP_VERBS = frozenset({"call", "bet", "raise", "allin"})
CALL_VERBS = frozenset({"chi", "pon", "kan"})
WIN_VERBS = frozenset({"tsumo", "ron"})
MAX_CPU_MOVES = 2000  # a hand is far shorter; a guard against a loop, never reached in play


@dataclass(frozen=True)
class Note:
    """One step to show, with its placeholders (already the words a reader sees)."""

    step: Step
    values: dict[str, Any] = field(default_factory=dict)

    def say(self, lang: str) -> str:
        return self.step.say(lang, **self.values)


@dataclass(frozen=True)
class Prompt:
    """What the learner has in front of them: their view, their legal moves (empty once the hand
    is over), the steps reached since their last move, and the assist record for this turn."""

    view: dict[str, Any]
    legal: list[Move]
    notes: list[Note]
    hint_tile: str | None
    over: bool
    poker: PokerAssist | None = None  # the assist's poker yardstick while the poker action is on the learner


def _results(game: Game, key: str) -> list[dict[str, Any]]:
    return list(game.summary().get(key) or [])


class Lesson:
    """One learner's guided hand; ``no`` counts the learner's moves (the buttons carry it)."""

    def __init__(self, game: str, lesson_id: str, user_id: int, lang: str, seed: int | None = None,
                 name: str = "") -> None:
        if game not in SCRIPTS:
            raise ValueError(f"no lesson for {game!r}")
        self.game_name = game
        self.id = lesson_id
        self.user_id = user_id
        self.lang = lang
        self.name = name  # the learner's display name on the pictures ("" for the catalog's "You")
        self.seed = SEEDS[game] if seed is None else seed
        self.table: Game = new_game({"game": game, "players": list(PLAYERS), "seed": self.seed})
        self.rngs: dict[str, random.Random] = {p: derive(self.seed, "cpu", p) for p in PLAYERS if p != LEARNER}
        self.no = 0
        self.seen: set[str] = set()
        self.flags: set[str] = set()
        self.pending: list[Note] = []
        self.kyokus = len(_results(self.table, "kyoku_results"))
        self.hands = len(_results(self.table, "poker_results"))
        self.part = ""  # Janpo: the poker part picked in the first row of buttons
        self.riichi = False  # whether the riichi discards are shown instead of the plain ones
        self.best_shanten: int | None = None  # the learner's best shanten so far (mahjong)
        self._reach("start")
        self.prompt = self._advance()

    # ---- the game -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        if self.table.finished:
            return True
        if self.game_name == "holdem":
            return len(_results(self.table, "poker_results")) > self.hands
        return len(_results(self.table, "kyoku_results")) > self.kyokus

    def legal(self) -> list[Move]:
        return [] if self.over else self.table.legal_moves(LEARNER)

    def play(self, index: int) -> Move:
        """Play the learner's legal move ``index`` (a bet or raise at the lowest amount allowed),
        then let the CPUs move until the learner must act again. Returns the move played."""
        legal = self.prompt.legal
        if not 0 <= index < len(legal):
            raise IndexError("no such move")
        move = [part[0] if isinstance(part, list) else part for part in legal[index]]
        before = self.table.view(LEARNER)
        self.table.play(move)
        self.no += 1
        self.part, self.riichi = "", False
        self._after_own_move(move, before)
        self.prompt = self._advance()
        return move

    def _cpu_turn(self) -> bool:
        """Play one waiting CPU's move; False when only the learner (or nobody) is to move."""
        for player in self.table.waiting_on():
            if player == LEARNER:
                continue
            legal = self.table.legal_moves(player)
            if legal:
                view = self.table.view(player)
                self.table.play(choose_move(self.game_name, view, legal, self.rngs[player], CPU_LEVEL))
                return True
        return False

    def _advance(self) -> Prompt:
        for _ in range(MAX_CPU_MOVES):
            if self.over:
                break
            self._watch_poker()
            if LEARNER in self.table.waiting_on() and self.table.legal_moves(LEARNER):
                if not any(p != LEARNER for p in self.table.waiting_on()):
                    break
            if not self._cpu_turn():
                break
        return self._prompt()

    # ---- moments --------------------------------------------------------------------------------

    def _reach(self, moment: str, **values: Any) -> None:
        for step in steps_at(self.game_name, moment, frozenset(self.seen)):
            self.seen.add(step.id)
            self.pending.append(Note(step, dict(values)))

    def _first(self, flag: str) -> bool:
        """True the first time ``flag`` is asked about."""
        if flag in self.flags:
            return False
        self.flags.add(flag)
        return True

    def _watch_poker(self) -> None:
        """A showdown among the poker hands finished so far (Janpo plays several per kyoku)."""
        results = _results(self.table, "poker_results")
        if any(len(r.get("shown") or {}) >= 2 for r in results[self.hands:]):
            self._reach("showdown")

    def _after_own_move(self, move: Move, before: dict[str, Any]) -> None:
        """Moments a learner's own move brings: a chip action, a better shanten, tenpai."""
        body = move[1:]
        if self.game_name == "janpo":
            _mahjong, poker = split_move(body)
            if poker and poker[0] in CHIP_VERBS and _mahjong:
                self._reach("chip_action")
        if self.game_name == "holdem" or self.over:
            return
        view = self.table.view(LEARNER)
        if view.get("riichi_declared") and not before.get("riichi_declared"):
            self.flags.add("riichi_wait")
        shanten = view.get("shanten")
        waits = view.get("waits") or []
        if waits:
            self._reach("tenpai", waits=", ".join(str(w["tile"]) for w in waits))
        elif isinstance(shanten, int) and shanten >= 1 and self.best_shanten is not None and shanten < self.best_shanten:
            self._reach("shanten", shanten=shanten)
        if isinstance(shanten, int):
            self.best_shanten = shanten if self.best_shanten is None else min(shanten, self.best_shanten)

    def _prompt(self) -> Prompt:
        view = self.table.view(LEARNER)
        legal = self.legal()
        hint: str | None = None
        if self.over:
            self._watch_poker()
            self._reach("kyoku_end")
            self._reach("game_end")
        elif self.game_name == "holdem":
            if view.get("street") == "preflop":
                self._reach("preflop")
            if len(str(view.get("board") or "")) >= 6:
                self._reach("flop")
        else:
            hint = self._mahjong_moments(view, legal)
        notes, self.pending = self.pending, []
        return Prompt(view, legal, notes, hint, self.over, self._poker_hint(view, legal))

    def _poker_hint(self, view: dict[str, Any], legal: Sequence[Move]) -> PokerAssist | None:
        """How strong the learner's cards are and what a call costs, when a poker choice is theirs."""
        if self.game_name not in ("holdem", "janpo") or not legal:
            return None
        poker = view if self.game_name == "holdem" else view.get("poker") or {}
        if poker.get("to_act") != LEARNER or not any(split_move(m[1:])[1] for m in legal):
            return None
        return assist(view, legal).poker

    def _mahjong_moments(self, view: dict[str, Any], legal: Sequence[Move]) -> str | None:
        words = [w for w in mahjong_words(self.game_name, legal) if w]
        verbs = {w[0] for w in words}
        draw = view.get("turn") == LEARNER and bool(verbs & {"discard", "tsumogiri"}) and not view.get("calls_pending")
        if isinstance(view.get("shanten"), int) and self.best_shanten is None:
            self.best_shanten = int(view["shanten"])
        if draw:
            self._reach("first_turn")
        if self.game_name == "janpo" and draw:
            poker = view.get("poker") or {}
            parts = [split_move(m[1:])[1] for m in legal]
            if poker.get("to_act") == LEARNER and any(parts):
                self._reach("poker_to_act")
            elif view.get("tada_jan"):
                self._reach("tada_jan")
        if "riichi_wait" in self.flags and view.get("riichi_declared"):
            self._reach("riichi_declared")
        if verbs & WIN_VERBS:
            self._reach("can_win")
        if "riichi" in verbs:
            self._reach("can_riichi")
        if verbs & CALL_VERBS:
            self._reach("can_call")
        if view.get("kuikae"):
            self._reach("kuikae")
        if view.get("furiten"):
            self._reach("furiten")
        if not draw or view.get("riichi_declared"):
            return None
        record = assist(view, legal).mahjong
        if record is None or not record.best:
            return None
        tile = record.best[0].tile
        self._reach("discard_hint", tile=tile)
        return tile

    # ---- the end --------------------------------------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        """The finished kyoku's (or hold'em hand's) record, once the hand is over."""
        if not self.over:
            return None
        key = "poker_results" if self.game_name == "holdem" else "kyoku_results"
        results = _results(self.table, key)
        return results[-1] if results else None
