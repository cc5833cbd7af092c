"""The offline demo: every game played to its end, drawn, and written as a replayable scenario."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import __main__ as main_module
from bot import demo
from bot.config import python_command
from bot.render import records
from bot.render.model import ScoreChange
from engine.scenario import run as run_scenario

GAMES = ("janpo", "five", "riichi", "holdem")


def test_quick_demo(tmp_path: Path) -> None:
    """One run checked five ways: a module fixture would run once per test worker."""
    stdout, stderr = io.StringIO(), io.StringIO()
    played = demo.run(tmp_path, quick=True, seed=2026, level=demo.cpu_level(None, quick=True), stdout=stdout,
                      stderr=stderr)
    run = (tmp_path, played, stdout.getvalue(), stderr.getvalue())
    check_every_game_is_played_to_the_end(run)
    check_files_exist_and_pictures_open(run)
    check_scenarios_replay_to_the_same_points(run)
    check_scenario_replays_on_the_command_line(run)
    check_one_summary_line_per_game_and_a_progress_bar(run)


def check_every_game_is_played_to_the_end(demo_run: Any) -> None:
    _, played, _, _ = demo_run
    assert [d.game for d, _ in played] == list(GAMES)
    for d, p in played:
        assert p.summary["finished"], d.game
    by_game = {d.game: p for d, p in played}
    assert len(by_game["holdem"].summary["poker_results"]) == 8  # the quick run's set number of hands
    assert [r["kyoku"] for r in by_game["janpo"].summary["kyoku_results"]] == ["E1", "E2", "E3", "E4"]  # J2
    assert by_game["riichi"].summary["kyoku_results"][-1]["kyoku"].startswith("E")  # East only (R2)


def check_files_exist_and_pictures_open(demo_run: Any) -> None:
    out, played, _, _ = demo_run
    for d, p in played:
        names = {f.name for f in out.glob(f"{d.game}*")}
        assert f"{d.game}.json" in names and f"{d.game}-standings.png" in names
        assert any(n.startswith(f"{d.game}-table-") and n.endswith("-end.png") for n in names)
        assert f"{d.game}-hand.png" in names
        results = [n for n in names if n.startswith(f"{d.game}-result-")]
        assert len(results) == min(2, len(p.summary["kyoku_results"]))
        assert len([n for n in names if n.startswith(f"{d.game}-showdown-")]) == min(1, len(p.showdowns))
    assert any(out.glob("five-result-*.png")) and any(out.glob("riichi-result-*.png"))
    pngs = sorted(out.glob("*.png"))
    assert len(pngs) >= 20
    for path in pngs:
        with Image.open(path) as img:
            img.verify()
        with Image.open(path) as img:
            assert img.format == "PNG" and img.width >= 300 and img.height >= 100, path.name


def check_scenarios_replay_to_the_same_points(demo_run: Any) -> None:
    out, played, _, _ = demo_run
    for d, p in played:
        spec = json.loads((out / f"{d.game}.json").read_text(encoding="utf-8"))
        assert set(spec) == {"game", "players", "seed", "options", "moves"}  # SCENARIOS.md input
        again = run_scenario(spec)
        assert again["finished"] and again["to_act"] is None
        assert again["points"] == p.summary["points"], d.game
        assert again["standings"] == p.summary["standings"]


def check_scenario_replays_on_the_command_line(demo_run: Any) -> None:
    out, played, _, _ = demo_run
    riichi = next(p for d, p in played if d.game == "riichi")
    done = subprocess.run([sys.executable, "-m", "engine.scenario", str(out / "riichi.json")],
                          capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout)["points"] == riichi.summary["points"]


def check_one_summary_line_per_game_and_a_progress_bar(demo_run: Any) -> None:
    _, _, stdout, stderr = demo_run
    lines = stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    assert all("CPU (easy)" in line and f"{python_command()} -m engine.scenario" in line for line in lines)
    assert stderr.count("[") == 4 and "100%" in stderr  # not a terminal: one finished bar per game


def test_quick_plays_easy_cpus_unless_a_level_is_asked() -> None:
    """--quick is a fast look: normal CPUs spend nearly all the demo's time weighing discards."""
    assert demo.cpu_level(None, quick=True) == "easy"
    assert demo.cpu_level(None, quick=False) == "normal"
    assert demo.cpu_level("normal", quick=True) == "normal"


def test_yaku_lines_carry_library_han() -> None:
    closed = {"yaku": ["Riichi", "Pinfu", "Dora 2", "Aka Dora 1"], "melds": []}
    assert [(x.label, x.han) for x in records.yaku_lines(closed)] == [("Riichi", 1), ("Pinfu", 1), ("Dora", 2),
                                                                     ("Aka Dora", 1)]
    opened = {"yaku": ["Honitsu", "Yakuhai (chun)"], "melds": [{"type": "pon", "tiles": ["7z"] * 3}]}
    assert [x.han for x in records.yaku_lines(opened)] == [2, 1]  # honitsu loses a han when open
    kan_only = {"yaku": ["Honitsu"], "melds": [{"type": "ankan", "tiles": ["1z"] * 4}]}
    assert [x.han for x in records.yaku_lines(kan_only)] == [3]  # a closed kan keeps the hand closed


def test_kyoku_value_is_what_the_losers_paid() -> None:
    # Ron with two riichi sticks on the table: the winner gains 6,800, the hand is worth 4,800.
    record = {"kyoku": "E1", "honba": 0, "result": "ron", "winner": "A", "from": "D", "han": 2, "fu": 50,
              "yaku": ["Riichi", "Yakuhai (chun)"], "limit": "", "hand": ["1m", "1m", "2m"], "melds": [],
              "win_tile": "2m", "deltas": {"A": 6800, "B": 0, "C": 0, "D": -4800}}
    image = records.kyoku_image(record, ["A", "B", "C", "D"])
    assert image.value == "4,800" and image.hand == ("1m", "1m") and image.win_tile == "2m"
    assert [c.name for c in image.changes] == ["A", "B", "C", "D"]
    mangan = dict(record, honba=1, limit="mangan", deltas={"A": 8300, "B": 0, "C": 0, "D": -8300})
    image = records.kyoku_image(mangan, ["A", "B", "C", "D"])
    assert (image.title, image.value) == ("E1 · 1 honba", "Mangan · 8,300")


def test_five_breakdown_marks_closed_hand_bonuses() -> None:
    record: dict[str, Any] = {"kyoku": "S1", "result": "tsumo", "winner": "C", "hand": [], "win_tile": None,
              "breakdown": {"lines": [{"key": "closed_hand", "label": "Closed Hand", "han": 1, "tiles": ""},
                                      {"key": "closed_riichi", "label": "Riichi", "han": 1, "tiles": ""},
                                      {"key": "vip_set", "label": "VIP Set", "han": 1, "tiles": "777z"}],
                            "total_han": 3, "base": 20},
              "deltas": {"A": -20, "B": -20, "C": 60, "D": -20}}
    image = records.five_image(record, ["A", "B", "C", "D"])
    assert [(x.label, x.bonus) for x in image.lines] == [("Closed Hand", False), ("Riichi", True),
                                                         ("VIP Set 777z", False)]
    assert (image.total_han, image.base_score, image.changes[0]) == (3, 20, ScoreChange("C", 60))


def test_showdown_shares_and_hand_names() -> None:
    """The picture reads the engine's poker record (engine.holdem.record): each shown hand's class
    and winnings as recorded; a player who folded after putting chips in shows face down."""
    from engine.holdem.table import HoldemTable

    game = HoldemTable.from_scenario({"game": "holdem", "players": ["A", "B", "C"], "seed": 1,
                                      "options": {"stacks": 1000, "blinds": [100, 200], "hands": 1},
                                      "poker": [{"hole": {"A": "AsKd", "B": "AcKh", "C": "2c3d"},
                                                 "board": "AhKc7c2s9h"}]})
    for move in (["A", "call"], ["B", "call"], ["C", "raise", 500], ["A", "call"], ["B", "fold"]):
        game.play(move)
    while not game.finished:
        game.play([game.waiting_on()[0], "check"])
    result = game.summary()["poker_results"][0]
    image = records.showdown_image(result, "Showdown")
    hands = {h.name: h for h in image.hands}
    assert set(result["shown"]) == {"A", "C"} and result["pots"][0]["shares"] == [1200]
    assert (hands["A"].won, hands["C"].won) == (1200, 0)
    assert hands["A"].label == "Two Pair" and hands["C"].label == "Pair"
    assert hands["B"].folded and hands["B"].cards == ()
    old = records.showdown_image({"board": "AhKd7c2s9h", "shown": {"A": "AsAd"}, "deltas": {"A": 0}}, "Old")
    assert (old.hands[0].cards, old.hands[0].label) == (("As", "Ad"), "")  # a record stored before classes


def test_standings_share_a_rank_on_equal_points() -> None:  # R11
    summary = {"standings": [["A", 30000], ["B", 25000], ["C", 25000], ["D", 20000]],
               "mleague": {"A": 50.0, "B": 0.0, "C": 0.0, "D": -50.0}}
    rows = demo.standings_image(demo.demo_games(True)[2], summary, "").rows
    assert [r.rank for r in rows] == [1, 2, 2, 4]
    assert rows[3].note == "\u221250.0" and rows[0].note == "+50.0"


def test_bot_without_token_points_to_the_demo(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr("dotenv.load_dotenv", lambda *a, **k: False)
    assert main_module.main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and f"{python_command()} -m bot demo" in err


def test_bot_demo_is_a_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main_module.main(["demo", "--help"])
    assert done.value.code == 0
    assert "--quick" in capsys.readouterr().out


def test_yaku_lines_use_the_han_the_engine_recorded() -> None:
    """Records carry each yaku's han (engine/riichi/ruleset.py); a dora line shows its count."""
    record = {"yaku": ["Riichi", "Honitsu", "Dora 2"], "yaku_han": [1, 2, 2], "melds": []}
    assert [(x.label, x.han) for x in records.yaku_lines(record)] == [("Riichi", 1), ("Honitsu", 2), ("Dora", 2)]
