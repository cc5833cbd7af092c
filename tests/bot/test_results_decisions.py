"""Results decisions of docs/RULES.md seen from the channel: the final standings picture (D63),
replays of finished games only and by hand in hold'em (D64), leaderboard pages in the server's
language whoever turns them (D65).

The standings picture is read through the strings it draws (``draw.watch_text``); the bot under
test draws its pictures in the test's thread.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import CAPTIONS
from bot.play.results import standings_png
from bot.render import draw
from bot.results.replay import game_at, replay_index
from bot.storage.standings import final_ranks
from engine.scenario import run
from tests.bot.harness import (
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)
from tests.bot.test_results_commands import ANN, BEN, ask, quick, scenario, slash, start

RIICHI_SCENARIOS = Path(__file__).resolve().parents[1] / "engine" / "riichi" / "scenarios"
NAMES = {"A": "Aoi", "B": "Bora", "C": "Chen", "D": "Dara"}


def standings_rows(seen: list[str], players: int) -> tuple[bool, list[tuple[str, ...]]]:
    """The last standings picture among the strings drawn: whether it has the M.League column, and
    its rows (place, name, M.League result, points), the result left out when there is no column."""
    at = len(seen) - 1 - seen[::-1].index(CAPTIONS["en"]["standings"])
    mleague = seen[at + 1:at + 3] == ["Points", "M.League"]
    start_at, width = (at + 3, 4) if mleague else (at + 1, 3)
    cells = seen[start_at:start_at + width * players]
    return mleague, [tuple(cells[i:i + width]) for i in range(0, len(cells), width)]


# ---- D63: the final standings ---------------------------------------------------------------------


def test_standings_picture_shares_places_and_shows_the_mleague_result() -> None:
    """D63 (R2, R11): r2-east-game-ends-deposit-split ends with B and C on 26,500, sharing first;
    A is third, not second. Each row shows the M.League result beside the raw points."""
    spec = json.loads((RIICHI_SCENARIOS / "r2-east-game-ends-deposit-split.json").read_text())
    summary = run(spec)
    assert summary["finished"]
    with draw.watch_text() as seen:
        standings_png(summary, final_ranks("riichi", summary), NAMES, dict(CAPTIONS["en"]))
    mleague, rows = standings_rows(seen, 4)
    assert mleague and rows == [("1", "Bora", "+26.5", "26,500"), ("1", "Chen", "+26.5", "26,500"),
                                ("3", "Aoi", "\u221216.0", "24,000"), ("4", "Dara", "\u221237.0", "23,000")]


def test_holdem_standings_place_the_busted_by_when_and_with_what_they_went_out() -> None:
    """D63 uses D41 for hold'em: A and C bust in the same hand, C having started it with more."""
    summary = {"points": {"A": 0, "B": 3000, "C": 0}, "poker_results": [
        {"deltas": {"A": -500, "B": 1000, "C": -500}}, {"deltas": {"A": -500, "B": 1500, "C": -1000}}]}
    with draw.watch_text() as seen:
        standings_png(summary, final_ranks("holdem", summary), NAMES, dict(CAPTIONS["en"]))
    assert standings_rows(seen, 3) == (False, [("1", "Bora", "3,000"), ("2", "Chen", "0"), ("3", "Aoi", "0")])


@pytest.mark.parametrize(("game", "options"), [("riichi", {"length": "east"}), ("five", {}), ("janpo", {}),
                                               ("holdem", {"stack": 1000, "big_blind": 200})])
async def test_every_game_ends_with_a_standings_picture_in_the_channel(
        fake: FakeDiscord, start_bot: StartBot, game: str, options: dict[str, Any]) -> None:
    """D63: one standings picture, places as 1 + the players with more points (hold'em: D41), and
    for riichi alone the M.League result beside the raw points."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    with draw.watch_text() as seen:
        await open_table(fake, bot, game=game, **options)
        table = table_of(bot)
        await play_out(fake, bot, limit=2000)
    assert table.game is not None
    summary = table.game.summary()
    points: dict[str, int] = summary["points"]
    cards = [m for m in fake.channel_messages() if any(name == "standings.png" for name, _ in m.files)]
    assert len(cards) == 1 and cards[0].content == "Final standings" and not cards[0].ephemeral
    mleague, rows = standings_rows(seen, len(points))
    assert mleague == (game == "riichi")
    names = {table.seat(p).name: p for p in table.players}
    places = final_ranks("holdem", summary) if game == "holdem" else {
        p: 1 + sum(other > mine for other in points.values()) for p, mine in points.items()}
    assert sorted(names[row[1]] for row in rows) == sorted(points)
    for row in rows:
        player = names[row[1]]
        assert (int(row[0]), row[-1]) == (places[player], draw.points(points[player])), row
        if mleague:
            assert row[2] == f"{summary['mleague'][player]:+.1f}".replace("-", "\u2212")
    assert [int(row[0]) for row in rows] == sorted(int(row[0]) for row in rows)


# ---- D64: replays ---------------------------------------------------------------------------------


async def test_a_game_still_in_play_has_no_replay(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D64: replays (and exports) are of finished games only; the same game once over replays."""
    fake.add_user(HOST, "Alice")
    bot = await start(fake, start_bot)
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    await until(lambda: pending_hand(fake, HOST))
    assert table_of(bot).status == "playing" and await bot.store.history(GUILD_ID) == []
    for command in ("replay", "export"):
        reply = await ask(fake, bot, HOST, command, game=1)
        assert reply.text() == "There is no finished game #1 on this server." and not reply.files
    await play_out(fake, bot)
    [game] = await bot.store.history(GUILD_ID)
    assert game.game_id == 1  # the number asked for above, now a finished game
    page = await ask(fake, bot, HOST, "replay", game=game.game_id)
    assert "move 0 of" in page.text() and page.files


def test_a_holdem_replay_starts_a_hand_where_the_hand_number_changes() -> None:
    """D64: in hold'em the marks are the hands, one per hand played, each at its first step."""
    spec = scenario("holdem")
    index = replay_index(spec)
    hands = run(spec)["poker_results"]
    assert [m.label for m in index.marks] == [str(n) for n in range(1, len(hands) + 1)]
    assert index.marks[0].step == 0
    for mark in index.marks[1:]:
        before, at = game_at(spec, mark.step - 1).public_view(), game_at(spec, mark.step).public_view()
        assert before["hand"] + 1 == at["hand"] == int(mark.label)


# ---- D65: leaderboards ----------------------------------------------------------------------------


async def test_leaderboard_pages_stay_in_the_servers_language_whoever_turns_them(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    """D65: a server whose Discord language is Korean gets a Korean board, asked for and paged by
    players whose own language is English; ten players a page."""
    fake.guild_locale = "ko"
    bot = await start(fake, start_bot)
    players = [600_000_000_000_000_000 + i for i in range(11)]
    for i, uid in enumerate(players):
        await bot.store.finish_game(None, quick([(uid, 60), (players[(i + 1) % 11], 40), (None, 0), (None, 0)]))
    count = len(fake.channel_messages())
    slash(fake, bot, ANN, "leaderboard", locale="en-US", game="five")
    await fake.settle()
    assert len(fake.channel_messages()) == count + 1
    board = fake.channel_messages()[-1]
    text = board.text()
    assert not board.ephemeral and "마작 파이브 리더보드" in text and "2쪽 중 1쪽" in text
    assert len([line for line in text.split("\n") if line.startswith("**")]) == 10
    assert board.labels() == ["이전", "다음"]
    fake.click(bot, BEN, board, board.button("다음")["custom_id"], locale="en-US")
    await fake.settle()
    page = fake.messages[board.id].text()
    assert "2쪽 중 2쪽" in page and "**11.**" in page and "Page" not in page
