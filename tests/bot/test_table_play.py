"""Table play through the real dispatch: bad clicks, closed DMs, timers, restarts, Discord errors."""

from __future__ import annotations

import asyncio
import json
import re
from functools import partial
from typing import Any

from bot.play import persist
from engine.games import new_game
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    HOST,
    PREFERENCE,
    FakeDiscord,
    StartBot,
    Stored,
    TableOptions,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)

STRANGER = 500_000_000_000_000_002
HOLDEM: TableOptions = {"game": "holdem", "stack": 1000, "big_blind": 200}


async def test_stale_stranger_and_double_clicks_change_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    fake.add_user(STRANGER, "Mallory")
    bot = await start_bot()
    await open_table(fake, bot, **HOLDEM)
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    assert hand is not None
    call = hand.button("Call")["custom_id"]

    fake.click(bot, STRANGER, hand, call)  # someone not seated
    await fake.settle()
    assert "not seated" in fake.last_reply(STRANGER).text()
    assert fake.last_reply(STRANGER).ephemeral
    before = list(table.moves)

    fake.click(bot, HOST, hand, call)
    fake.click(bot, HOST, hand, call)  # a double click: both arrive before either is answered
    await fake.settle()
    assert len([m for m in table.moves[len(before):] if m[0] == "A"]) == 1
    assert "already made that move" in fake.last_reply(HOST).text()

    later = await until(lambda: pending_hand(fake, HOST))  # the next prompt: left unanswered until it expires
    button, seen = later.buttons()[0]["custom_id"], fake.as_seen(later)
    await until(lambda: table.missed.get("A"))
    await fake.settle()
    assert later.buttons() == []  # the expired prompt's buttons were taken off
    moves = list(table.moves)
    fake.click(bot, HOST, seen, button)  # a click that was on its way: stale now
    await fake.settle()
    assert "earlier move" in fake.last_reply(HOST).text()
    assert table.moves == moves


async def test_dm_forbidden_falls_back_to_my_hand(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    fake.fail("POST", r"^/channels/\d+/messages$", 403, code=50007, times=1)
    bot = await start_bot()
    fake.faults[0].pattern = re.compile(rf"^/channels/(?!{CHANNEL_ID})\d+/messages$")  # only the DM fails
    await open_table(fake, bot, **HOLDEM)
    notices = await until(lambda: [m for m in fake.channel_messages() if "cannot send you direct messages" in m.content])
    assert len(notices) == 1 and f"<@{HOST}>" in notices[0].content
    assert not fake.dms(HOST)

    table_message = fake.table_message()
    fake.click(bot, HOST, table_message, table_message.button("My hand")["custom_id"])
    await fake.settle()
    mine = fake.last_reply(HOST)
    assert mine.ephemeral and mine.files and mine.files[0][0] == "hand.png"
    assert {"Fold", "All-in"} <= set(mine.labels()) and any(lab.startswith("Call ") for lab in mine.labels())
    fake.click(bot, HOST, mine, mine.button("Call")["custom_id"])
    await fake.settle()
    assert any(m[0] == "A" and m[1] == "call" for m in table_of(bot).moves)
    again = [m for m in fake.channel_messages() if "cannot send you direct messages" in m.content]
    assert len(again) == 1  # told once, not on every turn


async def test_timer_expiry_plays_the_default_move_then_cpu_until_back(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D53, D54: each expired turn plays the timeout move; three in a row and a CPU plays the seat
    until "I'm back"."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    first = await until(lambda: pending_hand(fake, HOST))
    assert first is not None and "<t:" in first.content  # the deadline as a Discord timestamp
    await until(lambda: "A" in table.afk)
    ours = [m for m in table.moves if m[0] == "A"]
    assert len(ours) >= 3 and all(m[1:] in (["fold"], ["check"]) for m in ours[:3])  # never a chip action
    assert table.missed["A"] == 3
    notice = await until(lambda: [m for m in fake.channel_messages() if "missed three turns" in m.content])
    assert len(notice) == 1 and f"<@{HOST}>" in notice[0].content

    message = fake.table_message()
    fake.click(bot, HOST, message, message.button("I'm back")["custom_id"])
    await until(lambda: fake.ephemerals(HOST) and "Welcome back" in fake.last_reply(HOST).text())
    assert "A" not in table.afk and table.missed["A"] == 0


async def test_restart_mid_hand_resumes_from_the_database(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    first = await start_bot()
    await open_table(fake, first, **HOLDEM)
    table = table_of(first)
    hand = await until(lambda: pending_hand(fake, HOST))
    moves, seed, message_id = list(table.moves), table.seed, table.message_id
    deadline = table.deadlines["A"]
    await first.tables.close()  # the process dies: no more timers, nothing else saved

    dms_before = len(fake.dms(HOST))
    second = await start_bot()  # a new bot object on the same database
    await until(lambda: len(fake.dms(HOST)) > dms_before)
    resumed = table_of(second)
    assert (resumed.table_id, resumed.seed, resumed.moves) == (table.table_id, seed, moves)
    assert resumed.message_id == message_id and resumed.deadlines["A"] == deadline  # the timer resumes
    assert len(fake.dms(HOST)) == dms_before + 1  # the private hand is sent again
    again = await until(lambda: pending_hand(fake, HOST))
    assert again is not None and again.labels() == hand.labels()
    fake.click(second, HOST, again, again.button("Call")["custom_id"])
    await until(lambda: len(resumed.moves) > len(moves))
    assert resumed.moves[len(moves)] == ["A", "call"]
    await until(lambda: len(resumed.moves) > len(moves) + 1)  # and the CPUs play on


async def test_restart_just_after_the_last_move_was_stored_ends_the_game_at_start_up(
        fake: FakeDiscord, start_bot: StartBot, monkeypatch: Any) -> None:
    """A process killed between storing a game's last moves and storing its end: the next start
    finds the game over on replay, stores its end and posts the standings, and its start-up does
    not wait for those posts (Discord's pacing would hold the login for as long)."""
    fake.add_user(HOST, "Alice")
    first = await start_bot()
    await open_table(fake, first, **HOLDEM)
    table = table_of(first)
    finish = persist.finish

    async def killed(*args: Any) -> None:
        raise ConnectionError("the process died here")

    monkeypatch.setattr(persist, "finish", killed)
    for _ in range(400):
        hand = await until(lambda: (table.game is not None and table.game.finished) or pending_hand(fake, HOST))
        if hand is True:
            break
        labels = [b["label"] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        token = fake.click(first, HOST, hand, hand.button(next(lab for lab in (*PREFERENCE, labels[0])
                                                               if lab in labels))["custom_id"])
        await until(partial(_over_or_answered, fake, table, token))
    assert table.game is not None and table.game.finished
    await first.tables.close()
    monkeypatch.setattr(persist, "finish", finish)
    assert [r.table_id for r in await first.store.load_unfinished()] == [table.table_id]  # as a crash leaves it

    login = asyncio.ensure_future(start_bot())
    await fake.quiet.wait()  # nothing moves the clock meanwhile
    assert login.done(), "start-up waited on Discord's pacing"
    second = login.result()
    await fake.file_in(CHANNEL_ID, "standings.png")
    await fake.settle()
    assert second.tables.table_in(CHANNEL_ID) is None
    assert await second.store.load_unfinished() == []
    assert [g.game_id for g in await second.store.history(GUILD_ID, limit=5)]  # the finished game is stored


def _over_or_answered(fake: FakeDiscord, table: Any, token: str) -> bool:
    return (table.game is not None and table.game.finished) or fake.prompt_answered(token)


async def test_rate_limit_and_server_error_from_discord(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(time_scale=0.1)
    fake.fail("PATCH", r"^/channels/\d+/messages/\d+$", 429, retry_after=0.2)
    await open_table(fake, bot, **HOLDEM)

    def patches() -> list[int]:
        return [c.status for c in fake.calls if c.method == "PATCH" and c.path.startswith("/channels/")]

    await until(lambda: len(patches()) >= 2)
    assert patches()[:2] == [429, 200]  # waited as told, then went through
    assert "SHA-256" in fake.table_message().text()

    fake.fail("PATCH", r"^/channels/\d+/messages/\d+$", 500)
    fake.fail("POST", rf"^/channels/(?!{CHANNEL_ID})\d+/messages$", 500)  # and the next DM
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.button("Call")["custom_id"])
    await until(lambda: 500 in patches() and patches()[-1] == 200)  # the failed edit is redone
    table = table_of(bot)
    await until(lambda: any(c.status == 500 and c.method == "POST" for c in fake.calls))
    assert "A" in table.prompts  # the DM was lost, the turn was not
    message = fake.table_message()
    fake.click(bot, HOST, message, message.button("My hand")["custom_id"])
    await fake.settle()
    mine = fake.last_reply(HOST)
    assert table.game is not None
    assert mine.ephemeral and len(mine.labels()) == len(table.game.legal_moves("A"))
    count = len(table.moves)
    fake.click(bot, HOST, mine, mine.buttons()[0]["custom_id"])  # and the turn is played from there
    await until(lambda: any(m[0] == "A" for m in table.moves[count:]))


async def test_raise_through_a_modal_with_the_amount_checked(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D62: the amount typed is the street total (a raise to), in multiples of 100 within the range."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    assert table.game is not None
    low, high = next(m[2] for m in table.game.legal_moves("A") if m[1] == "raise")
    fake.click(bot, HOST, hand, hand.button("Raise…")["custom_id"])
    await fake.settle()
    modal = next(c.payload for c in reversed(fake.calls) if c.payload and c.payload.get("type") == 9)
    assert modal["data"]["title"] == "Raise to: your total bet this street"  # a raise is the street total
    assert f"Total this street, {low:,} to {high:,}" in json.dumps(modal)
    moves = list(table.moves)
    for bad in (f"{low + 50}", f"{high + 100}", "lots"):  # not a multiple of 100, too much, not a number
        replies = len(fake.ephemerals(HOST))
        fake.submit_modal(bot, HOST, hand, bad)
        await fake.settle()
        assert len(fake.ephemerals(HOST)) == replies + 1
        assert f"multiple of 100 from {low:,} to {high:,}" in fake.last_reply(HOST).text()
        assert table.moves == moves
        fake.click(bot, HOST, hand, hand.button("Raise…")["custom_id"])  # the modal closed: open it again
        await fake.settle()
    fake.submit_modal(bot, HOST, hand, f"{low + 100:,}")
    await fake.settle()
    assert ["A", "raise", low + 100] in table.moves


async def test_bursts_of_changes_make_one_table_edit_per_second(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    await fake.run_for(1.05)
    await fake.settle()
    table = table_of(bot)

    def edits() -> int:
        return len([c for c in fake.calls if c.method == "PATCH" and c.path.startswith("/channels/")])

    before = edits()
    for _ in range(20):  # twenty changes within half a second
        bot.tables.effects.schedule_publish(bot.tables.sessions[table.table_id])
        await fake.run_for(0.025)
    await fake.run_for(0.2)
    assert edits() == before + 1
    await fake.run_for(1.0)
    assert edits() == before + 2  # the rest of the burst, shown once, a second later


async def test_table_message_is_reposted_when_an_hour_old(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, **HOLDEM)
    table = table_of(bot)
    old = table.message_id
    table.message_posted -= 3601
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.button("Call")["custom_id"])
    await fake.settle()
    if table.status == "playing":
        assert table.message_id != old and old not in fake.messages  # a new message, the old one deleted
        assert fake.table_message().id == table.message_id


async def test_channel_payloads_never_carry_private_cards(fake: FakeDiscord, start_bot: StartBot, public_sprites: list[tuple[dict[str, Any], list[str]]]) -> None:
    """A whole game: no hole card that was not shown down reaches a channel message or its image."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, **HOLDEM)
    table = table_of(bot)
    await play_out(fake, bot)
    await fake.settle()
    assert table.status == "finished"

    game = new_game(table.scenario() | {"moves": []})
    dealt: set[str] = set()
    shown: set[str] = set()
    for move in [*table.moves, None]:
        for p in game.players:
            dealt |= set(re.findall(r"[2-9TJQKA][shdc]", game.view(p).get("hole") or ""))
        last = game.public_view().get("last_hand") or {}
        for seat in (last.get("shown") or {}).values():
            shown |= set(re.findall(r"[2-9TJQKA][shdc]", json.dumps(seat)))
        shown |= set(re.findall(r"[2-9TJQKA][shdc]", game.public_view().get("board") or ""))
        if move is not None:
            game.play(move)
    hidden = dealt - shown
    assert hidden, "some hole cards were never shown"
    public = fake.public_calls()
    assert public
    text = "\n".join(json.dumps(c.payload, ensure_ascii=False) for c in public)
    leaks = [card for card in hidden if re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text)]
    assert leaks == []
    drawn = {name for _, seen in public_sprites for name in seen}
    assert drawn and not (drawn & hidden)
    assert all(name in shown or not re.fullmatch(r"[2-9TJQKA][shdc]", name) for name in drawn)


async def test_verify_after_the_game_replays_the_revealed_seed(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, **HOLDEM)
    fake.slash(bot, HOST, "table verify")
    await fake.settle()
    assert "still running" in fake.last_reply(HOST).text()
    await play_out(fake, bot)
    await fake.settle()
    fake.slash(bot, HOST, "table verify")
    await fake.settle()
    reply = fake.last_reply(HOST).text()
    assert "deals the same walls and decks" in reply and "SHA-256" in reply


async def test_my_hand_between_turns_shows_the_hand_without_buttons(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()  # CPU moves a second apart
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.button("Call")["custom_id"])
    await until(lambda: hand.content == "Played: call.")  # the CPUs are still to move
    message = fake.table_message()
    fake.click(bot, HOST, message, message.button("My hand")["custom_id"], locale="ko")
    await fake.settle()
    mine = fake.last_reply(HOST)
    assert mine.ephemeral and mine.files and mine.buttons() == []
    assert "지금은 당신의 차례가 아닙니다" in mine.content  # in the clicking user's language


async def test_a_deleted_table_message_is_posted_again(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    old = table.message_id
    fake.fail("PATCH", rf"^/channels/{CHANNEL_ID}/messages/{old}$", 404, code=10008)  # a moderator deleted it
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.button("Call")["custom_id"])
    await until(lambda: table.message_id not in (None, old))
    assert fake.table_message().id == table.message_id and "SHA-256" in fake.table_message().text()


async def test_a_click_on_a_busy_table_is_acknowledged_within_discords_three_seconds(fake: FakeDiscord,
                                                                                   start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    lock = bot.tables.sessions[table.table_id].lock
    await lock.acquire()  # the table is busy (a slow CPU turn, a slow Discord)
    calls = len(fake.calls)
    assert fake.clock is not None
    clicked = fake.clock.now()
    fake.click(bot, HOST, hand, hand.button("Call")["custom_id"])
    await fake.run_for(10.0)  # the table stays busy far longer than Discord's 3 s
    assert [c.payload for c in fake.calls[calls:]] == [{"type": 6}]  # deferred, nothing played
    assert fake.calls[calls].at - clicked < 3.0  # ...within Discord's 3 s, on the bot's clock
    lock.release()
    await until(lambda: ["A", "call"] in table.moves)
    await until(lambda: hand.content == "Played: call." and hand.buttons() == [])


async def test_every_move_is_stored_as_a_replayable_scenario(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue 8 item 7: the stored record is the SCENARIOS.md file of the game so far."""
    from engine.scenario import run

    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="janpo")
    table = table_of(bot)
    for _ in range(3):
        hand = await until(lambda: pending_hand(fake, HOST))
        fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])

        def prompt_done(hand: Stored = hand) -> bool:  # bound now: the loop moves on
            return not hand.buttons()

        await until(prompt_done)
        async with bot.tables.sessions[table.table_id].lock:  # between moves
            [record] = await bot.store.load_unfinished()
            assert record.scenario["moves"] == table.moves and record.scenario["seed"] == table.seed
            assert table.game is not None
            assert run(record.scenario)["points"] == table.game.summary()["points"]
            assert set(record.meta["deadlines"]) == set(table.deadlines)
