"""/export through the real discord.py dispatch, offline: the scenario, the Tenhou log, the mjai
stream, and a player's own view of a game (only to a player who sat in it)."""

from __future__ import annotations

import json
from typing import Any

from engine.scenario import replay
from tests.bot.harness import FakeDiscord, StartBot
from tests.bot.test_results_commands import ANN, BEN, ask, finished, scenario, start


def _events(text: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


async def test_export_riichi_attaches_scenario_tenhou_log_and_mjai_stream(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    spec = scenario("riichi")
    game_id = await bot.store.finish_game(None, finished(spec, [ANN, None, None, None]))
    reply = await ask(fake, bot, ANN, "export", game=game_id)
    files = dict(reply.files)
    assert reply.ephemeral
    assert set(files) == {f"game-{game_id}.json", f"game-{game_id}-tenhou.json", f"game-{game_id}.mjson"}
    exported = json.loads(files[f"game-{game_id}.json"])
    assert exported == spec
    results = replay(spec).summary()["kyoku_results"]
    log = json.loads(files[f"game-{game_id}-tenhou.json"])
    assert log["name"] == ["Ann", "CPU Bora", "CPU Chen", "CPU Dara"] and len(log["log"]) == len(results)
    assert log["title"][0] == f"Riichi mahjong #{game_id}" and "M.League" in log["rule"]["rules"]
    events = _events(files[f"game-{game_id}.mjson"])
    assert events[0]["type"] == "start_game" and events[0]["names"] == log["name"]
    assert sum(1 for e in events if e["type"] == "end_kyoku") == len(results)
    assert events[-1] == {"type": "end_game", "scores": [s for s in log["sc"][0::2]]}
    assert "tenhou.net/6" in reply.text() and "mjai" in reply.text()
    alts = reply.alts()  # issue 39: each file says what it is, as its line of the answer does
    assert set(alts) == set(files) and all(alts[name] and alts[name] in reply.text() for name in files)
    assert "tenhou" in alts[f"game-{game_id}-tenhou.json"].lower() and "mjai" in alts[f"game-{game_id}.mjson"]


async def test_export_five_and_janpo_attach_the_mjai_stream_but_no_tenhou_log(fake: FakeDiscord,
                                                                           start_bot: StartBot) -> None:
    """D66: only a riichi game gets a Tenhou log."""
    bot = await start(fake, start_bot)
    five = await bot.store.finish_game(None, finished(scenario("five"), [ANN, None, None, None]))
    reply = await ask(fake, bot, ANN, "export", locale="ko", game=five)
    assert [name for name, _ in reply.files] == [f"game-{five}.json", f"game-{five}.mjson"]
    assert f"게임 #{five} (마작 파이브)" in reply.text() and "텐호" not in reply.text() and "mjai" in reply.text()
    janpo = await bot.store.finish_game(None, finished(scenario("janpo"), [ANN, None, None, None]))
    reply = await ask(fake, bot, ANN, "export", game=janpo)
    files = dict(reply.files)
    assert set(files) == {f"game-{janpo}.json", f"game-{janpo}.mjson"}
    events = _events(files[f"game-{janpo}.mjson"])
    assert events[0]["game"] == "janpo" and "poker" in events[0]["rules"]
    assert "poker hands are not" in reply.text()
    summary = replay(scenario("janpo")).summary()
    assert events[-1]["scores"] == [summary["points"][p] for p in scenario("janpo")["players"]]


async def test_a_player_exports_their_own_view_with_the_other_hands_hidden(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Information sets: a seat's file holds its own tiles only; the rest is public."""
    bot = await start(fake, start_bot)
    spec = scenario("riichi")
    game_id = await bot.store.finish_game(None, finished(spec, [None, ANN, None, None]))
    reply = await ask(fake, bot, ANN, "export", game=game_id, view="mine")
    assert [name for name, _ in reply.files] == [f"game-{game_id}-seat1.mjson"]
    assert "as Ann, seat 1" in reply.text()
    events = _events(dict(reply.files)[f"game-{game_id}-seat1.mjson"])
    full = _events(dict((await ask(fake, bot, ANN, "export", game=game_id)).files)[f"game-{game_id}.mjson"])
    assert len(events) == len(full)
    hidden = 0
    for mine, whole in zip(events, full, strict=True):
        if mine["type"] == "start_kyoku":
            assert mine["tehais"][1] == whole["tehais"][1] and "?" not in mine["tehais"][1]
            assert all(mine["tehais"][s] == ["?"] * 13 for s in (0, 2, 3))
            assert {k: v for k, v in mine.items() if k != "tehais"} == {k: v for k, v in whole.items() if k != "tehais"}
        elif mine["type"] == "tsumo" and mine["actor"] != 1:
            assert mine == dict(whole, pai="?")
            hidden += 1
        elif mine["type"] == "start_game":
            assert mine == dict(whole, seat=1)
        else:
            assert mine == whole  # discards, calls, kans, riichi, dora, results are public
    assert hidden > 0


async def test_only_a_player_of_the_game_gets_a_seat_view(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    game_id = await bot.store.finish_game(None, finished(scenario("riichi"), [ANN, None, None, None]))
    reply = await ask(fake, bot, BEN, "export", game=game_id, view="mine")
    assert reply.text() == f"You did not play in game #{game_id}, so it holds no view of yours." and not reply.files
    holdem = await bot.store.finish_game(None, finished(scenario("holdem"), [ANN, BEN, None, None]))
    reply = await ask(fake, bot, ANN, "export", game=holdem, view="mine")
    assert "hold'em" in reply.text() and not reply.files
    reply = await ask(fake, bot, ANN, "export", locale="ko", game=game_id, view="mine")
    assert "자리 0" in reply.text() and len(reply.files) == 1
