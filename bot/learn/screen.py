"""What a lesson shows: its words, its pictures and its buttons, as plain data (no Discord objects).

The words are the script's steps reached since the learner's last move, the assist's suggested
discard, and at the end the hand's result with pointers to more. The hand picture is drawn from
the learner's own view, the table picture from the public view only, with the renderer the
tables use; the buttons reuse the tables' layout of legal moves (Janpo's poker part row, the
riichi toggle), a bet or raise being offered at its lowest amount.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import CAPTIONS, t
from bot.learn.lesson import LEARNER, Lesson
from bot.play.messages import GAME_KEYS
from bot.play.moves import layout
from bot.play.results import Record, kyoku_record, record_png, showdown_record
from bot.render.adapt import cards, hand_from_view, holdem_from_view, table_from_view
from bot.render.alt import describe
from bot.render.jobs import hand_png, holdem_table_png, table_png
from bot.render.model import HandImage, HoldemTable

DESCRIPTION_LIMIT = 4000


@dataclass(frozen=True)
class LessonButton:
    """``arg``: a legal-move index (``"3"``), a poker part (``"pcheck"``) or the riichi toggle
    (``"r1"`` shows riichi discards, ``"r0"`` hides them)."""

    arg: str
    label: str
    style: str


@dataclass(frozen=True)
class Screen:
    title: str
    description: str
    footer: str
    pictures: list[tuple[str, bytes]]
    buttons: list[LessonButton]
    words: dict[str, str] = field(default_factory=dict)  # each picture's alt text, by file name


def names(lang: str, learner: str = "") -> dict[str, str]:
    """Seat -> the name drawn and written: the learner's own name, the CPUs by seat letter."""
    return {p: (learner or t(lang, "learn.you")) if p == LEARNER else t(lang, "learn.cpu", seat=p) for p in "ABCD"}


def _label(lang: str, key: str, params: Mapping[str, Any], amount: tuple[int, int] | None) -> str:
    if amount is not None:
        verb = params.get("verb")
        return t(lang, "learn.raise_min" if verb == "raise" or key == "move.raise" else "learn.bet_min",
                 amount=amount[0])
    return t(lang, key, **params)


def buttons(lesson: Lesson) -> list[LessonButton]:
    """The learner's legal moves as buttons (none once the hand is over)."""
    legal = lesson.prompt.legal
    to_call = lesson.prompt.poker.to_call if lesson.prompt.poker is not None else 0
    out = []
    for b in layout(legal, lesson.part, lesson.riichi):
        if b.kind == "move":
            label = _label(lesson.lang, b.key, b.params, b.amount)
            if b.key == "move.call" and to_call:
                label = t(lesson.lang, "move.call_amount", amount=to_call)
            out.append(LessonButton(str(b.index), label[:80], b.style))
        elif b.kind == "part":
            params = {"verb": b.arg}
            out.append(LessonButton("p" + b.arg, t(lesson.lang, b.key, **params)[:80], b.style))
        else:
            out.append(LessonButton("r" + b.arg, t(lesson.lang, b.key)[:80], b.style))
    return out


def _status(lesson: Lesson) -> str:
    lang, view = lesson.lang, lesson.prompt.view
    last = view.get("last_discard")
    claiming = view.get("turn") != LEARNER and isinstance(last, Mapping) and last.get("player") != LEARNER
    if lesson.game_name != "holdem" and claiming and last and last.get("tile"):
        return t(lang, "learn.claim", name=names(lang, lesson.name).get(str(last.get("player")), "?"), tile=last["tile"])
    return t(lang, "learn.turn")


def _ending(lesson: Lesson) -> list[str]:
    lang = lesson.lang
    result = lesson.result() or {}
    who = names(lang, lesson.name)
    lines = []
    winners = [str(w) for p in result.get("pots", ()) for w in p.get("winners", ())]
    how = str(result.get("result") or "")
    winner = result.get("winner") or (result.get("winners") or [None])[0]
    if lesson.game_name == "holdem" or (not how and winners):
        if winners:
            shown = ", ".join(dict.fromkeys(who.get(w, w) for w in winners))
            lines.append(t(lang, "learn.end_pot", winner=shown))
    elif how in ("ron", "tsumo") and winner:
        lines.append(t(lang, "learn.end_win", winner=who.get(str(winner), str(winner)), how=t(lang, f"move.{how}")))
    else:
        lines.append(t(lang, "learn.end_draw"))
    delta = int((result.get("deltas") or {}).get(LEARNER, 0))
    lines.append(t(lang, "learn.end_points", delta=f"{delta:+,}"))
    lines.append(t(lang, "learn.more"))
    return lines


def _result_picture(lesson: Lesson, who: Mapping[str, str]) -> list[tuple[str, bytes, str]]:
    """The hand's result as the tables draw it: the kyoku with its yaku (Five: its categories), or
    the hold'em showdown when cards were shown."""
    result = lesson.result()
    if not result:
        return []
    lang = lesson.lang
    texts = CAPTIONS[lang]
    record: Record
    if lesson.game_name == "holdem":
        if len(result.get("shown") or {}) < 2:
            return []
        title = t(lang, "learn.end_title", game=t(lang, GAME_KEYS["holdem"]))
        record = showdown_record(result, title, who)
    else:
        record = kyoku_record(lesson.game_name, result, list(lesson.table.players), who, lang, texts)
    return [("result.png", record_png(record, texts), describe(record, lang))]


def described(lesson: Lesson) -> list[tuple[str, bytes, str]]:
    """The table from the public view, then the learner's own hand; at the end the result and the
    table. Each picture with its words (alt text), written from the record it is drawn from."""
    lang, game = lesson.lang, lesson.game_name
    texts = CAPTIONS[lang]
    public = lesson.table.public_view()
    who = names(lang, lesson.name)
    table = holdem_from_view(public, who) if game == "holdem" else table_from_view(public, who)
    png = holdem_table_png(table, texts) if isinstance(table, HoldemTable) else table_png(table, texts)
    out = [("table.png", png, describe(table, lang))]
    if lesson.prompt.over:
        return _result_picture(lesson, who) + out
    view = lesson.prompt.view
    title = t(lang, "learn.hand_title")
    if game == "holdem":
        image = HandImage(tiles=(), hole_cards=cards(view.get("hole")), board=cards(view.get("board")), title=title)
    else:
        image = hand_from_view(view, title)
    out.append(("hand.png", hand_png(image, texts, game), describe(image, lang)))  # type: ignore[arg-type]
    return out


def screen(lesson: Lesson) -> Screen:
    """Everything the lesson's message shows now."""
    lang, prompt = lesson.lang, lesson.prompt
    game = t(lang, GAME_KEYS[lesson.game_name])
    parts = [note.say(lang) for note in prompt.notes]
    if prompt.over:  # the result first, then what it means, then where to go next
        title = t(lang, "learn.end_title", game=game)
        ending = _ending(lesson)
        parts = ending[:-1] + parts + ending[-1:]
    else:
        title = t(lang, "learn.title", game=game)
        if prompt.hint_tile and not any(n.step.moment == "discard_hint" for n in prompt.notes):
            parts.append(t(lang, "learn.hint", tile=prompt.hint_tile))
        if prompt.poker is not None:
            odds = prompt.poker
            key = "learn.poker_hint" if odds.to_call else "learn.poker_hint_free"
            parts.append(t(lang, key, equity=round(odds.equity * 100), to_call=odds.to_call, pot=odds.pot))
        parts.append(_status(lesson))
    description = "\n\n".join(parts)[:DESCRIPTION_LIMIT]
    footer = t(lang, "learn.footer", no=lesson.no)
    shown = described(lesson)
    return Screen(title, description, footer, [(name, png) for name, png, _ in shown],
                  buttons(lesson) if not prompt.over else [], {name: words for name, _, words in shown})
