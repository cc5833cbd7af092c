"""The /learn script: every step in English and Korean, with the same placeholders, at a known moment."""

from __future__ import annotations

import re
import string

import pytest

from bot.learn.script import LANGUAGES, MOMENTS, SCRIPTS, steps_at

GAMES = ("janpo", "five", "riichi", "holdem")
SAMPLE = {"tile": "9s", "waits": "2s 5s", "shanten": 1}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_a_script_for_every_game_from_start_to_end() -> None:
    assert set(SCRIPTS) == set(GAMES)
    for game, steps in SCRIPTS.items():
        ids = [s.id for s in steps]
        assert len(ids) == len(set(ids)), game
        moments = {s.moment for s in steps}
        assert {"start", "game_end"} <= moments, game


@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_every_language_with_the_same_placeholders(game: str) -> None:
    for step in SCRIPTS[game]:
        assert set(step.text) == set(LANGUAGES), step.id
        assert all(step.text[lang].strip() for lang in LANGUAGES), step.id
        fields = {lang: _fields(step.text[lang]) for lang in LANGUAGES}
        assert fields["en"] == fields["ko"], step.id
        documented = set(re.findall(r"\{(\w+)\}", MOMENTS[step.moment]))
        assert fields["en"] <= documented, (step.id, step.moment)  # only values the moment provides
        for lang in LANGUAGES:
            said = step.say(lang, **SAMPLE)
            assert "{" not in said and "}" not in said, (step.id, lang)
            assert all(str(SAMPLE[f]) in said for f in fields[lang]), (step.id, lang)


def test_korean_text_is_korean() -> None:
    for steps in SCRIPTS.values():
        for step in steps:
            assert re.search("[가-힣]", step.text["ko"]), step.id


def test_steps_at_a_moment_come_once_in_script_order() -> None:
    first = steps_at("five", "first_turn")
    assert [s.id for s in first] == ["sets", "draw_discard"]
    assert [s.id for s in steps_at("five", "first_turn", frozenset({"sets"}))] == ["draw_discard"]
    assert steps_at("janpo", "tada_jan")[0].say("en").startswith("Tada-jan time")
    assert "9s" in steps_at("riichi", "discard_hint")[0].say("en", tile="9s")
