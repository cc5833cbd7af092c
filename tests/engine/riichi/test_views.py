"""What each player sees: the table's public view carries no concealed tile, and a player's own view
adds only their own hand, draw, waits, furiten and moves."""

from __future__ import annotations

from pathlib import Path

from engine.riichi.game import RiichiGame
from engine.scenario import replay
from tests.engine.riichi.scenario_check import load

SCENARIOS = Path(__file__).parent / "scenarios"
PRIVATE = {"player", "seat", "seat_wind", "hand", "drawn", "waits", "furiten", "shanten", "kuikae",
           "riichi_declared", "ippatsu", "no_win_reason", "legal", "may_call"}


def _game(name: str) -> RiichiGame:
    g = replay(load(SCENARIOS / f"{name}.json"))
    assert isinstance(g, RiichiGame)
    return g


def test_private_view_is_the_public_view_plus_own_fields() -> None:
    g = _game("r12-permanent-furiten")
    public = g.public_view()
    assert all("hand" not in seat for seat in public["seats"])
    for player in g.players:
        view = g.view(player)
        assert set(view) - set(public) == PRIVATE
        assert {k: v for k, v in view.items() if k not in PRIVATE} == public


def test_r12_own_view_shows_waits_left_and_permanent_furiten() -> None:
    g = _game("r12-permanent-furiten")
    b = g.view("B")
    assert b["hand"] == ["2m", "3m", "4m", "5m", "6m", "7m", "5p", "5p", "6p", "7p", "8p", "3s", "4s"]
    # 2s: B's own discard is visible; 5s: C's discard is visible -> three of each left
    assert b["waits"] == [{"tile": "2s", "left": 3}, {"tile": "5s", "left": 3}]
    assert b["furiten"] is True and b["legal"] == []
    seat_b = g.public_view()["seats"][1]
    assert seat_b["discards"] == [{"tile": "2s", "tsumogiri": True, "riichi": False, "called": False, "order": 1}]
    assert seat_b["hand_count"] == 13


def test_r3_kuikae_shown_in_own_view_and_the_chi_in_public() -> None:
    g = _game("r3-kuikae-discards")
    b = g.view("B")
    assert b["kuikae"] == ["3m", "6m"]
    assert b["seats"][1]["melds"] == [{"type": "chi", "tiles": ["3m", "4m", "5m"], "called": "3m", "from": "A"}]
    assert g.public_view()["seats"][0]["discards"][0]["called"] is True


def test_r9_riichi_marks_and_deposit_in_public_view() -> None:
    g = _game("r5-four-riichi-go-on")
    public = g.public_view()
    assert [s["riichi"] for s in public["seats"]] == [True] * 4
    assert [s["discards"][0]["riichi"] for s in public["seats"]] == [True] * 4
    assert public["deposits"] == 4  # sticks on the table; the summary gives points
    assert g.summary()["deposits"] == 4000
    assert g.view("A")["legal"] == [["A", "tsumogiri"]]
