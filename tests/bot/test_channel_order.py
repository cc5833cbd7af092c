"""The channel tells the game in order and on time, and nothing reaches Discord after ``close()``.

Two humans at hold'em who answer every prompt the moment it arrives (the fastest players there
are): the end of their game is posted within the channel's normal pacing of its last move, not
behind the clean-up of their old hand DMs; a table's results keep the order of the hands even when
the channel's calls back up; and a click whose acknowledgement is still on its way when the bot
closes is waited for, so nothing is sent after ``close()`` returns.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.outbox import CHANNEL_LIMIT
from bot.play import images
from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    Call,
    FakeDiscord,
    StartBot,
    Stored,
    lobby_action,
    open_table,
    pending_hand,
    play_out,
    table_of,
)

GUEST = 500_000_000_000_000_004
CHECK_DOWN = ("Check", "Call", "Pass")  # every hand goes to a showdown


def _choice(hand: Stored, preference: tuple[str, ...]) -> str:
    buttons = [b for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    words = [b["label"].split(" ")[0] for b in buttons]
    word = next((w for w in preference if w in words), words[0])
    return str(buttons[words.index(word)]["custom_id"])


async def _two_humans(fake: FakeDiscord, bot: object, stack: int, big_blind: int) -> None:
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    fake.slash(bot, HOST, "table new", game="holdem", seating="join", stack=stack, big_blind=big_blind)
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()


class Players:
    """Both humans click their chosen button as soon as a prompt shows (no thinking time)."""

    def __init__(self, fake: FakeDiscord, bot: object, preference: tuple[str, ...]) -> None:
        self.fake, self.bot, self.preference = fake, bot, preference
        self.clicked: set[tuple[int, str]] = set()
        self.last_click = 0.0

    def ready(self) -> list[tuple[int, Stored]]:
        found = []
        for user in (HOST, GUEST):
            hand = pending_hand(self.fake, user)
            if hand is not None and (hand.id, _choice(hand, self.preference)) not in self.clicked:
                found.append((user, hand))
        return found

    def click(self, user: int, hand: Stored) -> None:
        custom_id = _choice(hand, self.preference)
        self.clicked.add((hand.id, custom_id))
        assert self.fake.clock is not None
        self.last_click = self.fake.clock.now()
        self.fake.click(self.bot, user, hand, custom_id)

    async def play(self, done: Callable[[], bool], limit: int = 3000) -> None:
        """Answer every prompt at once until ``done()`` is true."""
        for _ in range(limit):
            ready = await self.fake.until(lambda: done() or self.ready())
            if ready is True:
                return
            for user, hand in ready:
                self.click(user, hand)
        raise AssertionError("the game went on too long")


def _posts(fake: FakeDiscord, name: str) -> list[Call]:
    return [c for c in fake.calls if c.method == "POST" and c.channel_id == CHANNEL_ID and c.status == 200
            and any(n == name for n, _ in c.files)]


async def test_a_fast_games_end_is_posted_within_the_channels_pacing(fake: FakeDiscord,
                                                                     start_bot: StartBot) -> None:
    """Issue: after the last hand the standings and the final picture came a minute late, behind
    the deletion of every old hand DM (sent at the lowest priority only while the DM channel has
    room, which prompts back to back never leave). They wait for the game's own posts only."""
    bot = await start_bot()
    await _two_humans(fake, bot, stack=1000, big_blind=200)
    players = Players(fake, bot, CHECK_DOWN)
    await players.play(lambda: bot.tables.table_in(CHANNEL_ID) is None)
    assert players.last_click > 0
    ended = players.last_click  # the click that ended the game (the rest is the bot's)
    await fake.until(lambda: fake.find_table_message() is None, what="the final picture")
    [standings] = _posts(fake, "standings.png")
    final = next(c for c in reversed(fake.calls) if c.method == "PATCH" and c.channel_id == CHANNEL_ID
                 and c.where == "channel" and c.status == 200)
    results = _posts(fake, "result.png")
    assert sum(len(r.files) for r in results) >= 3 and all(r.at <= standings.at for r in results)
    last = max(ended, results[-1].at)
    gap = CHANNEL_LIMIT.period / CHANNEL_LIMIT.count
    assert standings.at - last <= 2 * gap + 0.5, standings.at - last  # at most one picture edit between
    assert final.at - standings.at <= gap + 0.5, final.at - standings.at
    await fake.settle()
    assert fake.dms(HOST) == [] and fake.dms(GUEST) == []  # the old hands were still cleaned up


async def test_a_tables_results_keep_the_order_of_its_hands(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue: hand 34's showdown was posted before hand 32's (the outbox sends a table's work
    newest click first). With the channel held up by a long rate limit, the showdowns of the
    hands played meanwhile still come out in the order they were played."""
    bot = await start_bot()
    await _two_humans(fake, bot, stack=100_000, big_blind=200)
    players = Players(fake, bot, CHECK_DOWN)

    def showdowns() -> list[int]:
        return [int(n) for c in fake.calls if c.method == "POST" and c.channel_id == CHANNEL_ID
                and c.status == 200 for n in re.findall(r"^Showdown, hand (\d+)$", (c.payload or {}).get("content")
                                                        or "", re.M)]

    await players.play(lambda: len(showdowns()) >= 1)
    # the next message posted in the channel waits 20 s for a rate limit (as discord.py waits one out)
    fake.fail("POST", rf"^/channels/{CHANNEL_ID}/messages$", 429, retry_after=20.0)
    await players.play(lambda: len(showdowns()) >= 5)
    seen = showdowns()
    assert seen == sorted(seen) and len(set(seen)) == len(seen), seen


async def test_a_click_whose_acknowledgement_is_on_its_way_is_waited_for_by_close(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue: a click whose ``defer()`` was still in flight when the bot closed was not yet the
    table's work, so ``close()`` returned without it and the click then answered "That button
    belongs to an earlier move" through the webhook. Now ``close()`` waits for it: the move is
    played and stored and answered before ``close()`` returns, and nothing is sent after."""
    bot = await start_bot()
    await _two_humans(fake, bot, stack=100_000, big_blind=200)
    hand = await fake.until(lambda: pending_hand(fake, HOST) or pending_hand(fake, GUEST))
    user = HOST if hand.user_id == HOST else GUEST
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None
    moves = len(table.moves)
    await fake.settle()
    fake.latency = 0.5  # every request takes half a second to reach Discord
    token = fake.click(bot, user, hand, _choice(hand, CHECK_DOWN))
    await asyncio.sleep(0)  # the handler runs: its defer is on its way
    await fake.until(lambda: fake.clock is not None and fake.clock.next_deadline() is not None)
    assert not fake.hits[token].answered
    closing = asyncio.ensure_future(bot.close())
    await fake.until(closing.done, what="close() returned")
    calls = len(fake.calls)
    await fake.run_for(60)
    assert fake.calls[calls:] == []  # nothing reached Discord after close() returned
    hit = fake.hits[token]
    answers = [c for c in fake.calls if c.path.startswith("/webhooks/") and token in c.path]
    assert hit.answered and answers and all("earlier move" not in str(c.payload) for c in answers)
    [record] = await bot.store.load_unfinished()
    assert len(record.scenario["moves"]) > moves  # the click's move was played and stored


async def test_every_kyoku_result_is_in_the_channel_before_a_picture_of_the_next(
        fake: FakeDiscord, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table picture is drawn from the game as it is at its turn; it is drawn only once every
    kyoku result of the game so far is in the channel, so no picture of the next kyoku comes
    before the result of the last."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    drawn: list[tuple[int, int]] = []  # (kyoku results in the game, result lines in the channel) per picture
    table_job = images.table_job

    def recording(game: str, view: dict[str, Any], names: dict[str, str] | None = None) -> Any:
        assert table.game is not None
        ended = len(table.game.summary()["kyoku_results"])
        posted = sum(line.startswith("Result of ") for c in fake.calls if c.method == "POST"
                     and c.channel_id == CHANNEL_ID and c.status == 200
                     for line in ((c.payload or {}).get("content") or "").split("\n"))
        drawn.append((ended, posted))
        return table_job(game, view, names)

    monkeypatch.setattr(images, "table_job", recording)
    await play_out(fake, bot, limit=2000)
    assert table.game is not None and len(table.game.summary()["kyoku_results"]) >= 3
    assert sum(1 for ended, _ in drawn if ended >= 1) >= 3  # pictures of later kyoku were drawn
    assert all(posted >= ended for ended, posted in drawn), drawn
