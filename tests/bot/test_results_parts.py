"""The non-Discord parts of the results commands: Tenhou log, replay stepper, rating chart, text."""

from __future__ import annotations

import doctest
import io
import re
from collections import Counter
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest
from PIL import Image

import bot.results.plot
import bot.results.tenhou
from bot.demo import DemoGame, play
from bot.i18n import CAPTIONS
from bot.render import sprites
from bot.results.format import history_lines, leaderboard_lines, pct, stats_fields, yaku_label
from bot.results.plot import nice_step, rating_png
from bot.results.replay import game_at, open_table_image, replay_index
from bot.results.tenhou import call_string, tenhou_log, tile_id
from bot.storage import GameSummary, LeaderboardRow, SeatSummary
from bot.storage.counters import seat_counters
from bot.storage.player_stats import build_player_stats
from engine.scenario import replay

NAMES = ["Aoi", "Bora", "Chen", "Dara"]


@cache
def scenario(game: str, seed: int = 2026) -> dict[str, Any]:
    """A whole CPU game, played once per test process."""
    options: dict[str, Any] = {"length": "east"} if game in ("riichi", "janpo") else {}
    if game == "holdem":
        options = {"blinds": [100, 200], "stacks": 4000, "hands": 12}
    return play(DemoGame(game, game, NAMES, options, 4), seed, "normal", True).spec


def test_doctests_of_the_chart_and_the_log() -> None:
    for module in (bot.results.plot, bot.results.tenhou):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module.__name__


# ---- Tenhou log ----------------------------------------------------------------------------------


def test_tile_numbers_follow_tenhou() -> None:
    assert [tile_id(t) for t in ("1m", "9m", "1p", "5s", "0m", "0p", "0s", "1z", "7z")] == \
        [11, 19, 21, 35, 51, 52, 53, 41, 47]


def test_calls_put_the_marker_by_where_the_tile_came_from() -> None:
    pon = {"type": "pon", "tiles": ["5p", "5p", "0p"], "called": "5p"}
    assert call_string(pon, 3, "p") == "p252552"  # from the left player: marker first
    assert call_string(pon, 2, "p") == "25p2552"  # from across: in the middle
    assert call_string(pon, 1, "p") == "2552p25"  # from the right: last
    kan = {"type": "kan", "tiles": ["1z"] * 4, "called": "1z"}
    assert call_string(kan, 1, "m") == "414141m41"
    chi = {"type": "chi", "tiles": ["3s", "4s", "0s"], "called": "4s"}
    assert call_string(chi, 3, "c") == "c343353"


def _ids(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d\d", re.sub(r"[a-z]", "", text))]


def _play_seat(haipai: list[int], draws: list[Any], discards: list[Any]) -> Counter[int]:
    """Follow one seat's tiles through its draws and discards the way a log reader does."""
    hand = Counter(haipai)
    last = 0
    for i, got in enumerate(draws):
        if isinstance(got, int):
            hand[got] += 1
            last = got
        else:
            called = _ids(got[got.index(next(c for c in got if c.isalpha())) + 1:])[0]
            own = _ids(got)
            own.remove(called)
            hand.subtract(own)
        if i >= len(discards):
            continue
        out = discards[i]
        if out == 60 or out == "r60":
            hand[last] -= 1
        elif isinstance(out, int) and out:
            hand[out] -= 1
        elif isinstance(out, str) and out.startswith("r"):
            hand[int(out[1:])] -= 1
        elif isinstance(out, str) and "a" in out:
            hand.subtract(_ids(out))
        elif isinstance(out, str) and "k" in out:
            hand[int(out[out.index("k") + 1:out.index("k") + 3])] -= 1
    return +hand


@pytest.mark.parametrize("seed", [2026, 2033])  # 2033: chi, pon, closed and added kans
def test_tenhou_log_replays_each_seat_to_its_winning_hand(seed: int) -> None:
    spec = scenario("riichi", seed)
    results = replay(spec).summary()["kyoku_results"]
    log = tenhou_log(spec, "Riichi #1", "2026-11-30")
    calls = "".join(str(x) for k in log["log"] for x in k[5:16:3] + k[6:17:3])
    assert seed != 2033 or all(marker in calls for marker in "cpak")
    assert log["name"] == NAMES and log["title"] == ["Riichi #1", "2026-11-30"]
    assert log["rule"]["disp"] == "般東喰赤" and log["rule"]["aka"] == 1
    assert len(log["log"]) == len(results)
    checked = 0
    for kyoku, result in zip(log["log"], results, strict=True):
        label = result["kyoku"]
        assert kyoku[0][:2] == ["ESWN".index(label[0]) * 4 + int(label[1:]) - 1, result["honba"]]
        assert sum(kyoku[1]) + 1000 * kyoku[0][2] == 100_000  # scores and sticks add up
        assert kyoku[-1][1] == [result["deltas"][p] for p in NAMES]
        for seat in range(4):
            haipai, draws, discards = kyoku[4 + 3 * seat: 7 + 3 * seat]
            assert len(haipai) == 13 and len(discards) in (len(draws), len(draws) - 1)
            held = _play_seat(haipai, draws, discards)
            melds = sum(isinstance(d, str) for d in draws) + sum(isinstance(d, str) and "a" in d for d in discards)
            if result.get("winner") == NAMES[seat]:
                expect = Counter(tile_id(t) for t in result["hand"])
                if result["result"] == "ron":
                    held[tile_id(result["win_tile"])] += 1
                assert held == expect, (label, seat)
                assert kyoku[-1][0] == "和了" and kyoku[-1][2][0] == seat
                checked += 1
            else:
                assert sum(held.values()) == 13 - 3 * melds, (label, seat)
        if result["result"] == "draw":
            assert kyoku[-1][0] == "流局"
    assert checked >= 1


def test_tenhou_points_text_and_yaku_in_japanese() -> None:
    log = tenhou_log(scenario("riichi"), "", "")
    wins = [k[-1][2] for k in log["log"] if k[-1][0] == "和了"]
    texts = [w[3] for w in wins]
    assert all(re.fullmatch(r"(\d+符\d+飜|満貫|跳満|倍満|三倍満|役満)[\d-]+点∀?", s) for s in texts), texts
    assert any("(1飜)" in y for w in wins for y in w[4:])


def test_only_riichi_games_have_a_tenhou_log() -> None:
    """D66: the Tenhou export is for riichi games."""
    with pytest.raises(ValueError):
        tenhou_log({"game": "five", "players": NAMES, "seed": 1, "moves": []})


# ---- replay --------------------------------------------------------------------------------------


def test_replay_index_marks_every_kyoku_in_order() -> None:
    """D64: a kyoku starts where the round or honba changes; step 0 is the first deal."""
    spec = scenario("riichi")
    results = replay(spec).summary()["kyoku_results"]
    index = replay_index(spec)
    assert index.total == len(spec["moves"])
    assert [(m.label, m.honba) for m in index.marks] == [(r["kyoku"], r["honba"]) for r in results]
    assert index.marks[0].step == 0 and all(a.step < b.step for a, b in zip(index.marks, index.marks[1:], strict=False))
    second = index.marks[1].step
    assert index.mark_at(second - 1) == index.marks[0] and index.mark_at(second) == index.marks[1]
    assert index.previous_mark(second + 3) == second and index.previous_mark(second) == 0
    assert index.next_mark(0) == second and index.next_mark(index.marks[-1].step) == index.total


def test_janpo_kyoku_starts_at_the_next_deal_not_at_the_mahjong_result() -> None:
    """D64 (J9): after the kyoku's last poker hand."""
    spec = scenario("janpo")
    index = replay_index(spec)
    for mark in index.marks[1:]:
        before, at = game_at(spec, mark.step - 1).public_view(), game_at(spec, mark.step).public_view()
        assert (before["round"], before["honba"]) != (at["round"], at["honba"]) == (mark.label, mark.honba)


@pytest.mark.parametrize("game", ["riichi", "janpo"])
def test_replay_picture_shows_every_hand(game: str) -> None:
    """D64: every hand open."""
    spec = scenario(game)
    step = replay_index(spec).marks[1].step + 9
    state = game_at(spec, step)
    with sprites.watch() as seen:
        image = open_table_image(game, state, CAPTIONS["en"])
    drawn = Counter(seen)
    for player in NAMES:
        for tile in state.view(player)["hand"]:
            assert drawn[tile] > 0, (player, tile)
    assert image.width >= 800 and image.height > 900  # the table, then two rows of hands under it


def test_holdem_replay_shows_every_hole_card() -> None:
    """D64: every hand open."""
    spec = scenario("holdem")
    state = game_at(spec, 3)
    with sprites.watch() as seen:
        open_table_image("holdem", state, CAPTIONS["en"])
    in_hand = [p for p in NAMES if state.public_view()["seats"].get(p) not in (None, "out")]
    assert len(in_hand) >= 2
    for player in in_hand:
        hole = state.view(player)["hole"]
        assert {f"cards/{hole[:2]}", f"cards/{hole[2:]}"} <= set(seen), player


# ---- chart and text ------------------------------------------------------------------------------


def test_rating_chart_is_a_png_of_the_set_size() -> None:
    png = rating_png({"잔포": [1500, 1516, 1505.3], "Riichi": [1500, 1484]}, "민수: 레이팅", "게임")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (800, 380)
    assert nice_step(1000) == 200 and nice_step(3) == 1


def test_stats_fields_for_each_mode() -> None:
    counters = seat_counters(scenario("janpo"))["Aoi"]
    rows = [(k, v) for k, v in counters.items() if isinstance(v, int)]
    rows += [(f"yaku/{k}", v) for k, v in counters.get("yaku", {}).items()]
    st = build_player_stats(1, 2, "janpo", (3, 2.0, 1 / 3, 25000.0), rows, {"janpo": 1523.4})
    fields = dict(stats_fields("en", st))
    assert set(fields) >= {"Overall", "Rating", "Mahjong", "Poker", "Janpo choices"}
    assert "Janpo: 1,523" in fields["Rating"] and "Games: 3" in fields["Overall"]
    assert f"Win rate: {pct('en', st.win_rate)}" in fields["Mahjong"]
    assert f"VPIP: {pct('en', st.vpip)}" in fields["Poker"]
    assert f"{counters.get('combined_moves', 0)} times" in fields["Janpo choices"]
    holdem = build_player_stats(1, 2, "holdem", (1, 1.0, 1.0, 8000.0), [("poker_hands", 4), ("vpip_hands", 1)], {})
    names = [name for name, _ in stats_fields("ko", holdem)]
    assert names == ["전체", "포커"]
    assert dict(stats_fields("ko", holdem))["포커"].startswith("플레이한 핸드: 4\nVPIP: 25.0%")


def test_text_lines() -> None:
    row = LeaderboardRow(rank=1, user_id=42, rating=1532.6, games=12, average_rank=1.75, win_rate=0.5,
                         average_points=31234.4)
    assert leaderboard_lines("en", [row]) == [
        "**1.** <@42> · rating **1,533** · games played 12 · average rank 1.75 · 1st 50.0% · average points 31,234"]
    when = datetime(2026, 11, 30, tzinfo=UTC)
    summary = GameSummary(7, 1, 2, "five", when, when, [SeatSummary("B", None, "CPU B", 40, 2),
                                                        SeatSummary("A", 5, "Ann", 60, 1)])
    assert history_lines("ko", [summary]) == [
        f"**#7** 마작 파이브 · <t:{int(when.timestamp())}:f>\n1. Ann 60 · 2. CPU B (CPU) 40"]
    assert yaku_label("ko", "Yakuhai (hatsu)") == "역패 발" and yaku_label("en", "Pinfu") == "Pinfu"
    assert yaku_label("ko", "Closed Hand +1") == "멘젠 +1" and yaku_label("ko", "Twin Sequences 234s +1") == "같은 슌쯔 두 개 234s +1"
