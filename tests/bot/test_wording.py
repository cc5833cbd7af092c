"""Words players read: Korean captions and result pictures, names on images, ids, the rules text."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import CAPTIONS, CATALOGS, ko, t
from bot.play import results
from bot.render import render_five_result
from bot.render import table as table_render
from engine.five.lines import LABELS
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, play_out, table_of


def test_korean_turn_and_to_act_captions_differ() -> None:
    assert CAPTIONS["ko"]["turn"] == "차례" and CAPTIONS["ko"]["to_act"] == "액션"


def test_identifiers_are_not_grouped_but_amounts_are() -> None:
    assert t("en", "res.not_found", game_id=424242) == "There is no finished game #424242 on this server."
    assert t("en", "played.raise", amount=424242) == "Played: raise to 424,242."


def test_rules_five_f9_speaks_to_players() -> None:
    for lang in ("en", "ko"):
        f9 = next(line for line in t(lang, "rules.five").split("\n") if line.startswith("**F9**"))
        assert "+20 / −20" in f9 and "Results read" not in f9
    assert "nobody pays" in t("en", "rules.five")


def test_korean_table_words_use_the_glossary_tsumo() -> None:
    assert ko.GLOSSARY["tsumo"] == "츠모"
    assert not [k for k, v in {**ko.MESSAGES, **CAPTIONS["ko"]}.items() if "쯔모" in v]


def test_every_five_line_has_words_in_every_language() -> None:
    assert set(results.FIVE_LINE_KEYS) == set(LABELS)
    for key, label in LABELS.items():
        assert CATALOGS["en"][results.FIVE_LINE_KEYS[key]] == label
        assert CATALOGS["ko"][results.FIVE_LINE_KEYS[key]] != label or label.startswith("VIP")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """The picture models the bot draws, by kind."""
    seen: dict[str, list[Any]] = {"table": [], "five": []}
    table_picture, render_five = table_render.table_picture, render_five_result  # as bot.play.results calls it

    def table(model: Any, texts: Any) -> Any:
        seen["table"].append(model)
        return table_picture(model, texts)

    def five(model: Any, texts: Any) -> Any:
        seen["five"].append(model)
        return render_five(model, texts)

    monkeypatch.setattr(table_render, "table_picture", table)  # what the bot's job draws (bot.render.jobs)
    monkeypatch.setattr(results, "render_five_result", five)
    return seen


async def test_korean_five_table_names_players_and_translates_results(fake: FakeDiscord, start_bot: StartBot,
                                                                     drawn: dict[str, list[Any]]) -> None:
    fake.add_user(HOST, "민수")
    fake.guild_locale = "ko"
    bot = await start_bot(cpu_pause=0.0)
    await open_table(fake, bot, game="five", locale="ko")
    table = table_of(bot)
    await play_out(fake, bot, limit=2000)
    assert {s.name for s in drawn["table"][0].seats} == {"민수", "CPU 2", "CPU 3", "CPU 4"}  # names, not A-D
    korean = {CATALOGS["ko"][k] for k in results.FIVE_LINE_KEYS.values()}
    wins = [m for m in drawn["five"] if m.lines]
    assert wins, "no win in this game"
    for model in wins:
        for line in model.lines:
            assert any(line.label.startswith(word) for word in korean), line.label
    for model in drawn["five"]:
        assert "honba" not in model.title and model.title.endswith(("국", "본장")), model.title
    posted = [m.content for m in fake.channel_messages() if m.content.endswith(" 결과")]
    assert table.game is not None
    first = table.game.summary()["kyoku_results"][0]
    assert posted[0].startswith("동1국") and first["kyoku"] == "E1"
