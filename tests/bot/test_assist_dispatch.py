"""Assist at a real table through the real dispatch (issue 20): at a Mahjong Five table (assist on
by default) every hand picture with a discard to make marks tiles that are among the best by
shanten and then tile acceptance, computed here independently with the `mahjong` library from the
player's own view; at a riichi table with normal CPUs and no setting, nothing is marked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from mahjong.shanten import Shanten

from bot.client import JanpoBot
from bot.play import images
from tests.bot.harness import (
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    answer_prompt,
    open_table,
    pending_hand,
    play_out,
    until,
)

SUITS = "mpsz"


def kind(tile: str) -> int:
    number = int(tile[0]) or 5  # a red five (0m) is a five
    return SUITS.index(tile[1]) * 9 + number - 1


def counts_of(tiles: list[str]) -> list[int]:
    out = [0] * 34
    for tile in tiles:
        out[kind(tile)] += 1
    return out


def best_discards(view: Mapping[str, Any], legal: list[list[Any]]) -> set[tuple[str, bool]]:
    """(tile, is the drawn tile) of every legal discard with the lowest shanten and then the most
    unseen tiles that would lower it, by the `mahjong` library."""
    options = view.get("options") or {}
    own = next(s for s in view["seats"] if s["player"] == view["player"])
    closed = not any(m.get("type") != "ankan" for m in own.get("melds", []))
    pairs = closed and (view["game"] != "five" or bool(options.get("seven_pairs")))
    orphans = closed and (view["game"] != "five" or bool(options.get("thirteen_orphans")))
    calc = Shanten()

    def shanten(c: list[int]) -> int:
        return calc.calculate_shanten(c, use_chiitoitsu=pairs, use_kokushi=orphans)

    held = [*view["hand"], view["drawn"]]
    seen = counts_of(held + list(view.get("dora_indicators") or []))
    for seat in view["seats"]:
        for d in seat.get("discards", []):
            if not d.get("called"):
                seen[kind(d["tile"])] += 1
        for m in seat.get("melds", []):
            for t in m.get("tiles", []):
                seen[kind(t)] += 1
    picks = {(str(m[2]), False) for m in legal if m[1] == "discard"}
    if any(m[1:] == ["tsumogiri"] for m in legal):
        picks.add((str(view["drawn"]), True))
    scored = {}
    for tile, drawn in picks:
        after = counts_of(held)
        after[kind(tile)] -= 1
        now = shanten(after)
        accept = 0
        for k in range(34):
            if after[k] < 4:
                after[k] += 1
                if shanten(after) < now:
                    accept += max(0, 4 - seen[k])
                after[k] -= 1
        scored[(tile, drawn)] = (now, -accept)
    top = min(scored.values())
    return {pick for pick, score in scored.items() if score == top}


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every hand picture drawn: the view it shows and the assist marks on it."""
    drawn: list[tuple[dict[str, Any], dict[str, Any]]] = []
    real = images.hand_job

    def hand_job(game: str, view: Any, title: str, names: Any = None, marks: Any = None) -> Any:
        drawn.append((dict(view), dict(marks) if marks else {}))
        return real(game, view, title, names, marks)

    monkeypatch.setattr(images, "hand_job", hand_job)
    return drawn


async def take_turns(fake: FakeDiscord, bot: JanpoBot, pictures: list[Any], enough: int) -> None:
    """Answer prompts (the first button) until ``enough`` pictures with a discard were drawn."""
    while sum(1 for v, _ in pictures if v.get("drawn")) < enough:
        hand = await until(lambda: pending_hand(fake, HOST))
        moves = [b for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        await answer_prompt(fake, bot, HOST, hand, moves[0]["custom_id"])


async def test_five_table_marks_the_best_discards(fake: FakeDiscord, start_bot: StartBot, pictures: list[Any]) -> None:
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=4)
    await open_table(fake, bot, game="five")
    await take_turns(fake, bot, pictures, 8)
    checked = 0
    for view, marks in pictures:
        legal = view.get("legal") or []
        if not view.get("drawn") or not any(m[1] in ("discard", "tsumogiri") for m in legal):
            continue
        marked = {(t, False) for t in marks.get("suggested", ())}
        if marks.get("suggest_drawn"):
            marked.add((view["drawn"], True))
        assert marked, view
        assert marked <= best_discards(view, legal), (view["hand"], view["drawn"], marked)
        assert any(line.startswith("Assist: ") for line in marks.get("assist_lines", ())) or not view.get("hand")
        checked += 1
    assert checked >= 8


async def test_riichi_table_without_the_setting_marks_nothing(fake: FakeDiscord, start_bot: StartBot,
                                                              pictures: list[Any]) -> None:
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=4)
    await open_table(fake, bot, game="riichi", length="east")
    await take_turns(fake, bot, pictures, 3)
    assert pictures and all(marks == {} for _, marks in pictures)


async def test_a_player_turns_assist_on_at_a_riichi_table(fake: FakeDiscord, start_bot: StartBot,
                                                          pictures: list[Any]) -> None:
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=4)
    await bot.store.set_user_settings(HOST, {"assist": True, "no_calls": True})
    await open_table(fake, bot, game="riichi", length="east")
    await take_turns(fake, bot, pictures, 4)
    marked = [marks for view, marks in pictures if view.get("drawn")]
    assert marked and all(m.get("suggested") or m.get("suggest_drawn") for m in marked)
    assert all(m.get("switches") == ("No calls",) for _, m in pictures)
    assert HOST in {bot.tables.sessions[t].table.seat(p).user_id
                    for t in bot.tables.sessions for p in bot.tables.sessions[t].assisted}


async def test_a_finished_game_records_who_used_assist(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D71: a seat whose hand assist marked is counted as assisted in the finished game."""
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=2)
    await bot.store.set_user_settings(HOST, {"assist": True})
    await open_table(fake, bot, game="riichi", length="east")
    await play_out(fake, bot)
    stats = await bot.store.player_stats(GUILD_ID, HOST)
    assert stats.games == 1 and stats.counters.get("assisted_games") == 1
    fake.slash(bot, HOST, "stats")
    await fake.settle()
    assert "1 games played with assist marking the hand" in fake.last_reply(HOST).text()


def test_assist_default_per_table() -> None:
    from bot.comfort.words import assist_default

    assert assist_default("five", "normal") and assist_default("riichi", "easy") and assist_default("janpo", "easy")
    assert not assist_default("riichi", "normal") and not assist_default("janpo", "normal")
    assert not assist_default("holdem", "normal")


async def test_the_host_chooses_assist_for_the_table(fake: FakeDiscord, start_bot: StartBot, pictures: list[Any]) -> None:
    """/table new assist:True turns it on at a riichi table (off by default there), and a player's
    own /settings me choice still wins over the table's."""
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=4)
    await open_table(fake, bot, game="riichi", length="east", assist=True)
    await take_turns(fake, bot, pictures, 3)
    marked = [marks for view, marks in pictures if view.get("drawn")]
    assert marked and all(m.get("suggested") or m.get("suggest_drawn") for m in marked)
    assert next(iter(bot.tables.sessions.values())).table.assist is True


async def test_the_host_may_turn_assist_off_at_a_five_table(fake: FakeDiscord, start_bot: StartBot,
                                                            pictures: list[Any]) -> None:
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=4)
    await open_table(fake, bot, game="five", assist=False)
    await take_turns(fake, bot, pictures, 3)
    assert pictures and all(marks == {} for _, marks in pictures)
