"""Issue 20: ``/learn game:<…>`` plays a guided first hand against CPUs, end to end through the
real discord.py dispatch, in English and Korean."""

from __future__ import annotations

from typing import Any

import pytest
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter

from bot.client import JanpoBot
from bot.cogs.learn import LearnCog
from bot.i18n import t
from bot.learn import lesson as lesson_module
from bot.learn.lesson import LEARNER
from bot.learn.script import SCRIPTS
from engine.cpu import choose_move
from tests.bot.harness import FakeDiscord, StartBot, Stored

USER = 510_000_000_000_000_001
STRANGER = 510_000_000_000_000_002
LOCALES = {"en": "en-US", "ko": "ko"}
PREFER = ("tsumo", "ron", "riichi", "pass", "check", "call")


def _lesson(bot: JanpoBot) -> Any:
    cog = bot.get_cog("LearnCog")
    assert isinstance(cog, LearnCog)
    return next(iter(cog.lessons.values()))


def _message(fake: FakeDiscord) -> Stored:
    found = [m for m in fake.ephemerals(USER) if m.embeds and m.embeds[0].get("footer")]
    assert found, "no lesson message"
    return found[-1]


def _shanten_after(hand: list[str], drawn: str | None, tile: str) -> int:
    """The mahjong library's shanten of the 13 tiles left after discarding ``tile``."""
    tiles = list(hand) + ([drawn] if drawn else [])
    tiles.remove(tile)
    text = {"m": "", "p": "", "s": "", "z": ""}
    for name in tiles:
        text[name[1]] += "5" if name[0] == "0" else name[0]
    counts = TilesConverter.string_to_34_array(man=text["m"], pin=text["p"], sou=text["s"], honors=text["z"])
    return int(Shanten().calculate_shanten(counts))


def _pick(lesson: Any) -> str:
    """The button a beginner following the hints presses: a win, riichi, pass on calls, the hinted
    discard with check (or fold), else check or call."""
    prompt = lesson.prompt
    legal = prompt.legal
    for verb in PREFER[:4]:
        for i, m in enumerate(legal):
            if m[1] == verb:
                return str(i)
    if prompt.hint_tile:
        for i, m in enumerate(legal):
            if m[1] == "discard" and m[2] == prompt.hint_tile and (len(m) < 4 or m[3] in ("check", "fold")):
                return str(i)
        for i, m in enumerate(legal):
            if m[1] == "tsumogiri" and prompt.view.get("drawn") == prompt.hint_tile and (
                    len(m) < 3 or m[2] in ("check", "fold")):
                return str(i)
    for verb in PREFER[4:]:
        for i, m in enumerate(legal):
            if verb in m[1:]:
                return str(i)
    return "0"


def _button(message: Stored, no: int, arg: str) -> dict[str, Any] | None:
    return next((b for b in message.buttons() if b["custom_id"].endswith(f":{no}:{arg}")), None)


async def _reveal(fake: FakeDiscord, bot: JanpoBot, lesson: Any, arg: str, locale: str) -> dict[str, Any]:
    """The button for legal move ``arg``, after the riichi toggle or Janpo poker part it sits behind
    (those clicks change only the buttons: the move number stays)."""
    no = lesson.no
    move = lesson.prompt.legal[int(arg)]
    toggles = []
    if move[1] == "riichi":
        toggles.append("r1")
    if lesson.game_name == "janpo" and len(move) > 2 and move[1] in ("discard", "tsumogiri", "riichi"):
        verb = next((w for w in move[2:] if w in ("check", "call", "bet", "raise", "allin", "fold")), None)
        if verb:
            toggles.insert(0, f"p{verb}")
    for toggle in toggles:
        if _button(_message(fake), no, arg) is None and (shown := _button(_message(fake), no, toggle)) is not None:
            fake.click(bot, USER, _message(fake), shown["custom_id"], locale=locale)
            await fake.settle()
            assert lesson.no == no
    found = _button(_message(fake), no, arg)
    assert found is not None, f"no button for {move} among {_message(fake).labels()}"
    return found


@pytest.mark.parametrize("game", ["five", "riichi", "janpo", "holdem"])
@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_learn_plays_one_guided_hand_to_its_end(fake: FakeDiscord, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch,
                                                      game: str, lang: str) -> None:
    seen_views: list[dict[str, Any]] = []
    real = choose_move  # what bot.learn.lesson calls

    def watched(name: str, view: dict[str, Any], legal: Any, rng: Any, level: str = "normal") -> Any:
        seen_views.append(view)
        return real(name, view, legal, rng, level)

    monkeypatch.setattr(lesson_module, "choose_move", watched)
    fake.add_user(USER, "Ann")
    fake.add_user(STRANGER, "Bob")
    bot = await start_bot()
    locale = LOCALES[lang]
    fake.slash(bot, USER, "learn", locale=locale, game=game)
    await fake.settle()
    message = _message(fake)
    lesson = _lesson(bot)
    assert message.ephemeral and not fake.public_calls()
    script = {s.id: s for s in SCRIPTS[game]}
    welcome = next(s for s in SCRIPTS[game] if s.moment == "start")
    assert welcome.say(lang) in message.text()
    assert any(name == "table.png" for name, _ in message.files)

    shown: list[str] = []

    def check_notes() -> None:  # the steps of this moment, word for word, in the learner's language
        for note in lesson.prompt.notes:
            assert note.say(lang) in _message(fake).text(), note.step.id
            shown.append(note.step.id)

    check_notes()
    hints = 0
    tada_jan_seen = False
    for _ in range(200):
        if lesson.prompt.over:
            break
        prompt = lesson.prompt
        if prompt.hint_tile:  # the hint is among the best discards by the mahjong library's shanten
            view = prompt.view
            options = {m[2] for m in prompt.legal if m[1] == "discard"} | ({view["drawn"]} if view.get("drawn") else set())
            best = min(_shanten_after(view["hand"], view.get("drawn"), tile) for tile in options)
            assert _shanten_after(view["hand"], view.get("drawn"), prompt.hint_tile) == best
            said = (t(lang, "learn.hint", tile=prompt.hint_tile), script["why_discard"].say(lang, tile=prompt.hint_tile))
            assert any(sentence in message.text() for sentence in said)
            hints += 1
        if game == "janpo" and prompt.view.get("tada_jan") and not tada_jan_seen:
            # the first draw while the poker action is elsewhere: no poker part offered, and it is said
            assert prompt.view.get("turn") == LEARNER and all(len(m) <= 3 for m in prompt.legal)
            assert script["janpo.tada_jan"].say(lang) in message.text()
            tada_jan_seen = True
        arg = _pick(lesson)
        before = lesson.no
        stale = fake.as_seen(message)
        button = await _reveal(fake, bot, lesson, arg, locale)
        message = _message(fake)
        fake.click(bot, USER, message, button["custom_id"], locale=locale)
        await fake.settle()
        assert lesson.no == before + 1
        message = _message(fake)
        check_notes()
        assert all(message.alts().get(name) for name, _ in message.files)  # issue 39: every picture in words
        if before == 0:  # a stranger's click and a stale click: refused privately, nothing changes
            fake.click(bot, STRANGER, message, message.buttons()[0]["custom_id"], locale=locale)
            await fake.settle()
            refused = fake.last_reply(STRANGER)
            assert refused.ephemeral and refused.text() == t(lang, "learn.not_yours")
            fake.click(bot, USER, stale, button["custom_id"], locale=locale)  # a double click
            await fake.settle()
            refused = fake.last_reply(USER)
            assert refused.ephemeral and refused.text() == t(lang, "learn.stale")
            assert lesson.no == 1 and _message(fake).text() == message.text()
    assert lesson.prompt.over, "the hand did not end"
    final = _message(fake)
    assert not final.buttons()
    names = [name for name, _ in final.files]
    assert names == ["result.png", "table.png"] if game != "holdem" or len(lesson.result()["shown"]) >= 2 else ["table.png"]
    assert all(png.startswith(b"\x89PNG") for _, png in final.files)
    assert all(final.alts().get(name) for name in names)  # the result and the table read aloud too
    assert ("docs/LEARN" in final.text()) and ("/help" in final.text() or "/도움말" in final.text())
    assert len(shown) == len(lesson.seen)  # every step reached was shown once, at its moment
    expected = {"five": {"sets", "why_discard", "five.riichi", "tenpai", "win", "five.done"},
                "riichi": {"sets", "why_discard", "riichi.riichi", "riichi.declared", "tenpai", "win", "riichi.done"},
                "janpo": {"janpo.poker_turn", "janpo.tada_jan", "why_discard", "janpo.riichi", "poker.showdown",
                          "janpo.done"},
                "holdem": {"poker.preflop", "holdem.flop", "poker.showdown", "holdem.done"}}[game]
    assert expected <= lesson.seen
    if game != "holdem":
        assert hints >= 1
    assert tada_jan_seen == (game == "janpo")
    # the CPUs played from their own views only: never the learner's
    assert seen_views and all(v["player"] != LEARNER for v in seen_views)
    assert not any(v.get("hole") and v["player"] == LEARNER for v in seen_views)
    # after the end (or a restart) an old button answers clearly and never crashes
    fake.click(bot, USER, stale, button["custom_id"], locale=locale)
    await fake.settle()
    assert fake.last_reply(USER).text() == t(lang, "learn.ended")
    assert not fake.public_calls()  # the whole lesson stayed private


async def test_a_click_after_a_restart_says_the_lesson_has_ended(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    fake.slash(bot, USER, "learn", game="riichi")
    await fake.settle()
    message = _message(fake)
    await bot.tables.close()
    fresh = await start_bot()
    fake.click(fresh, USER, message, message.buttons()[0]["custom_id"])
    await fake.settle()
    assert "This lesson has ended. Start again with /learn." in fake.last_reply(USER).text()
    cog = fresh.get_cog("LearnCog")
    assert isinstance(cog, LearnCog) and not cog.lessons


def test_a_janpo_chip_action_is_explained_with_the_next_prompt() -> None:
    """J7: a call, bet, raise or all-in goes with tsumogiri; the lesson says so once, right after."""
    from bot.learn.lesson import Lesson

    lesson = Lesson("janpo", "x", USER, "en")
    assert "janpo.poker_turn" in {n.step.id for n in lesson.prompt.notes}
    index = next(i for i, m in enumerate(lesson.prompt.legal) if m[1:] == ["tsumogiri", "call"])
    lesson.play(index)
    notes = [n.step.id for n in lesson.prompt.notes]
    assert notes[0] == "janpo.chip_action" and lesson.seen >= {"janpo.chip_action"}
    while not lesson.prompt.over:  # never again, however the hand goes on
        lesson.play(0)
        assert "janpo.chip_action" not in {n.step.id for n in lesson.prompt.notes}


def test_a_bet_or_raise_is_offered_at_its_lowest_amount() -> None:
    from bot.learn.lesson import Lesson
    from bot.learn.screen import buttons, screen
    from engine.assist import assist

    lesson = Lesson("holdem", "x", USER, "en")
    legal = lesson.prompt.legal
    raise_at = next(i for i, m in enumerate(legal) if m[1] == "raise")
    low = legal[raise_at][2][0]
    shown = buttons(lesson)
    assert any(b.arg == str(raise_at) and b.label == f"Raise to {low:,}" for b in shown)
    odds = assist(lesson.prompt.view, legal).poker  # the assist's yardstick, read from the learner's view
    assert odds is not None and odds.to_call == 200
    assert any(b.label == "Call 200" for b in shown)
    said = screen(lesson).description
    assert t("en", "learn.poker_hint", equity=round(odds.equity * 100), to_call=200, pot=odds.pot) in said
    move = lesson.play(raise_at)
    assert move == [legal[raise_at][0], "raise", low]


async def test_a_double_click_plays_the_move_once(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Two clicks on the same button before the first is answered: one move, the other refused."""
    fake.add_user(USER, "Ann")
    bot = await start_bot()
    fake.slash(bot, USER, "learn", game="five")
    await fake.settle()
    message = _message(fake)
    lesson = _lesson(bot)
    button = next(b for b in message.buttons() if b["custom_id"].endswith(":0:0"))
    fake.click(bot, USER, message, button["custom_id"])
    fake.click(bot, USER, fake.as_seen(message), button["custom_id"])
    await fake.settle()
    assert lesson.no == 1
    refused = fake.last_reply(USER)
    assert refused.ephemeral and refused.text() in (t("en", "learn.busy"), t("en", "learn.stale"))
    assert _message(fake).text().endswith("moves made: 1")
