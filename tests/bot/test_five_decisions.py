"""Mahjong Five through the bot: one option for both special shapes (D57), and results worded as
scores, never as payments (D31)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.cogs.tables import table_options
from bot.i18n import CAPTIONS, t
from bot.play import results
from bot.render import draw
from bot.render.texts import signed
from engine.five.game import FiveGame
from engine.five.ruleset import FiveScoring
from engine.scenario import replay
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, table_of
from tests.engine.riichi.scenario_check import load

SCENARIOS = Path(__file__).parents[1] / "engine" / "five" / "scenarios"
NAMES = {"A": "Aoi", "B": "Bora", "C": "Chen", "D": "Dara"}


@pytest.mark.parametrize("on", [True, False])
def test_one_five_option_switches_seven_pairs_and_thirteen_orphans_together(on: bool) -> None:
    """D57: the bot's one switch sets both engine options, on or off; left out, neither is set."""
    assert table_options("five", None, on, None, None, None, None) == {"seven_pairs": on, "thirteen_orphans": on}
    assert table_options("five", None, None, None, None, None, None) == {}


@pytest.mark.parametrize("on", [True, False, None])
async def test_the_five_option_reaches_the_game(fake: FakeDiscord, start_bot: StartBot, on: bool | None) -> None:
    """D57: a Five table opened with the option plays both special shapes or neither (default: neither)."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    options: dict[str, Any] = {} if on is None else {"seven_pairs": on}
    await open_table(fake, bot, game="five", **options)
    table = table_of(bot)
    assert table.options == ({} if on is None else {"seven_pairs": on, "thirteen_orphans": on})
    assert isinstance(table.game, FiveGame) and isinstance(table.game.scoring, FiveScoring)
    both = bool(on)
    assert (table.game.scoring.seven_pairs, table.game.scoring.thirteen_orphans) == (both, both)
    assert table.game.options()["seven_pairs"] is table.game.options()["thirteen_orphans"] is both


@pytest.mark.parametrize("name", [
    "f4-seven-pairs-with-the-option",  # a ron: one player -60, one +60, two 0
    "f4-f6-open-all-triplets-one-suit-with-honors-by-tsumo",  # a tsumo: three -40, one +120
    "f3-f7-draw-one-tenpai-dealer-noten-next-round",  # an exhaustive draw, and a win after it
])
@pytest.mark.parametrize(("lang", "word"), [("en", "score"), ("ko", "점수")])
def test_five_results_read_score_plus_or_minus_per_player(name: str, lang: str, word: str) -> None:
    """D31: each player's line on a Five result reads "score +N" / "score −N" (a true minus sign),
    and nothing on the picture or in its message speaks of paying."""
    game = replay(load(SCENARIOS / f"{name}.json"))
    records = game.summary()["kyoku_results"]
    assert records
    for record in records:
        with draw.watch_text() as seen:
            results.kyoku_png("five", record, list(game.players), NAMES, lang, CAPTIONS[lang])
        for player, delta in record["deltas"].items():
            assert NAMES[player] in seen
            assert f"{word} {signed(delta)}" in seen, (player, delta, seen)
        assert any(f"{word} \u2212" in s for s in seen) and not any("-" in s for s in seen if s.startswith(word))
        caption = t(lang, "result.kyoku", kyoku=results.kyoku_title(lang, record, CAPTIONS[lang]))
        for text in [*seen, caption]:
            assert "pay" not in text.lower() and "지불" not in text, text
