"""The mjai stream (bot/results/mjai.py) of Janpo and Five games: what a reader sees of Janpo's
poker (nothing but the points it moved), Five's rounds and points, and a seat's masked view."""

from __future__ import annotations

from typing import Any

import pytest

from bot.results.mjai import game_events, mjai_events, mjai_tile
from bot.results.played import replay
from engine.scenario import replay as run
from tests.bot.exports import PLAYERS, random_game


def _kyoku(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = []
    for e in events:
        if e["type"] == "start_kyoku":
            out.append([])
        if out and e["type"] != "end_game":
            out[-1].append(e)
    return out


@pytest.mark.parametrize("seed", range(2))
def test_janpo_poker_shows_only_as_the_points_it_moved_between_kyoku(seed: int) -> None:
    """J7/J9: each kyoku's own scores count its mahjong payments; the next start_kyoku (or
    end_game) differs from them by exactly the poker hands played during that kyoku."""
    spec = random_game(seed, "janpo")
    summary = run(spec).summary()
    events = mjai_events(spec)
    assert events[0]["game"] == "janpo" and "poker" in events[0]["rules"]
    assert not any(e["type"] not in {"start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted",
                                     "chi", "pon", "daiminkan", "ankan", "kakan", "dora", "hora", "ryukyoku",
                                     "end_kyoku", "end_game"} for e in events)
    kyokus = _kyoku(events)
    starts = [k[0]["scores"] for k in kyokus[1:]] + [events[-1]["scores"]]
    moved_total = 0
    for i, (kyoku, after) in enumerate(zip(kyokus, starts, strict=True)):
        end = next(e for e in kyoku if e["type"] in ("hora", "ryukyoku"))
        riichi = [sum(1000 for e in kyoku if e["type"] == "reach_accepted" and e["actor"] == s) for s in range(4)]
        assert end["scores"] == [p - r + d for p, r, d in zip(kyoku[0]["scores"], riichi, end["deltas"], strict=True)]
        label = summary["kyoku_results"][i]["kyoku"]
        poker = [sum(h["deltas"][p] for h in summary["poker_results"] if h["kyoku"] == label) for p in PLAYERS]
        moved = [a - b for a, b in zip(after, end["scores"], strict=True)]
        extra = [m - q for m, q in zip(moved, poker, strict=True)]
        if i < len(kyokus) - 1:
            assert extra == [0, 0, 0, 0]
        else:  # R11: deposits still on the table go to first place when the game ends
            left = 0 if end["type"] == "hora" else kyoku[0]["kyotaku"] + sum(riichi) // 1000
            assert sum(extra) == 1000 * left and min(extra) >= 0
        moved_total += sum(abs(x) for x in poker)
    assert events[-1]["scores"] == [summary["points"][p] for p in PLAYERS]
    assert moved_total > 0  # poker really moved points


def test_five_streams_its_own_rounds_and_points_without_red_fives() -> None:
    spec = random_game(0, "five")
    events = mjai_events(spec)
    start = events[0]
    assert start["game"] == "five" and start["aka_flag"] is False and "Five" in start["rules"]
    kyokus = [e for e in events if e["type"] == "start_kyoku"]
    assert kyokus[0]["scores"] == [50, 50, 50, 50]
    assert {k["oya"] for k in kyokus} == {0}  # F3: the East seat deals all game
    assert [k["bakaze"] for k in kyokus][-1] == "N"
    assert not any("r" in e.get("pai", "")[1:] for e in events)


def test_mjai_tile_names() -> None:
    assert [mjai_tile(t) for t in ("9m", "0m", "0s", "1p", "2z", "3z", "4z", "6z")] == \
        ["9m", "5mr", "5sr", "1p", "S", "W", "N", "F"]


@pytest.mark.parametrize("game", ["riichi", "janpo", "five"])
def test_a_seat_view_hides_exactly_the_other_seats_concealed_tiles(game: str) -> None:
    played = replay(random_game(1, game))
    full = list(game_events(played))
    for seat in range(4):
        mine = list(game_events(played, seat=seat))
        assert len(mine) == len(full)
        for m, f in zip(mine, full, strict=True):
            if m["type"] == "start_kyoku":
                assert [h == ["?"] * 13 for h in m["tehais"]] == [s != seat for s in range(4)]
                assert m["tehais"][seat] == f["tehais"][seat]
            elif m["type"] == "tsumo":
                assert m["pai"] == (f["pai"] if m["actor"] == seat else "?")
            elif m["type"] == "start_game":
                assert m == dict(f, seat=seat)
            else:
                assert m == f
    with pytest.raises(ValueError):
        mjai_events(random_game(1, game), seat=4)
