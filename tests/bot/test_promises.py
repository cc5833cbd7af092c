"""Tables keep their promises (issue 16 items 1-9), through the real dispatch on the test clock.

``fake.latency`` gives each request a network round trip on the clock, which opens the windows in
which two clicks meet; ``fake.watch`` looks at the store at the instant a message reaches Discord.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.client import JanpoBot
from bot.play.images import Job
from bot.render.model import HandImage
from bot.render.palette import Kind
from engine.scenario import replay
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    Stored,
    lobby_action,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)

GUEST = 500_000_000_000_000_021
THIRD = 500_000_000_000_000_022
OTHER_CHANNEL = 700_000_000_000_000_009


async def lobby_with(fake: FakeDiscord, bot: JanpoBot, game: str, *guests: int, **options: Any) -> Stored:
    fake.slash(bot, HOST, "table new", game=game, seating="join", **options)
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    for guest in guests:
        fake.click(bot, guest, lobby, lobby_action(lobby, "join"))
        await fake.settle()
    return lobby


def users(fake: FakeDiscord) -> None:
    for uid, name in ((HOST, "Alice"), (GUEST, "Bob"), (THIRD, "Cho")):
        fake.add_user(uid, name)


async def stored_table(bot: JanpoBot) -> Any:
    [record] = await bot.store.load_unfinished()
    return record


# ---- 1. the lobby race ---------------------------------------------------------------------------

async def test_leave_pressed_during_start_changes_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    lobby = await lobby_with(fake, bot, "riichi", GUEST, THIRD)
    fake.latency = 0.03
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "leave"))  # while Start is under way
    await fake.settle()
    table = table_of(bot)
    assert table.game is not None and len(table.seats) == len(table.game.players) == 4
    assert table.seat_of(GUEST) == "B"  # still seated: Start came first
    assert "earlier move" in fake.last_reply(GUEST).text()
    record = await stored_table(bot)
    assert len(record.meta["seats"]) == 4 and list(replay(record.scenario).players) == ["A", "B", "C", "D"]


async def test_a_second_start_deals_once(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot(seed=7)
    lobby = await lobby_with(fake, bot, "riichi")
    fake.latency = 0.03
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    table = table_of(bot)
    assert table.seed == 7  # one seed drawn: the second Start found a game, not a lobby
    digests = {d for c in fake.public_calls() for d in re.findall(r"SHA-256[^`]*`([0-9a-f]{16,})", str(c.payload))}
    assert len(digests) == 1
    assert len([m for m in fake.dms(HOST) if m.files]) <= 1


async def test_join_during_start_of_a_holdem_table_is_refused(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    lobby = await lobby_with(fake, bot, "holdem")
    fake.latency = 0.03
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))  # fills the second seat with a CPU
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    table = table_of(bot)
    assert table.game is not None
    assert len(table.seats) == len(table.game.players) == 2 and table.seat_of(GUEST) is None
    assert len((await stored_table(bot)).meta["seats"]) == 2


# ---- 2. a move is stored before anyone is told it was played --------------------------------------

async def test_played_is_said_only_once_the_move_is_stored(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    told: list[tuple[int, int]] = []  # (moves of A the table has, moves of A stored) when "Played" is said

    async def watch(method: str, path: str, payload: Any, files: Any) -> None:
        if method == "PATCH" and "/webhooks/" in path and str((payload or {}).get("content", "")).startswith("Played"):
            record = await stored_table(bot)
            table = table_of(bot)
            told.append((sum(m[0] == "A" for m in table.moves), sum(m[0] == "A" for m in record.scenario["moves"])))

    fake.watch.append(watch)
    for _ in range(4):
        hand = await until(lambda: pending_hand(fake, HOST))
        fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])

        def prompt_done(hand: Stored = hand) -> bool:  # bound now: the loop moves on
            return hand.content.startswith("Played")

        await until(prompt_done)
    assert len(told) == 4 and all(stored == played for played, stored in told)


# ---- 3. one player's failing DM does not hold the table --------------------------------------------

async def test_a_stalled_dm_does_not_hold_the_other_seats(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    lobby = await lobby_with(fake, bot, "holdem", GUEST, stack=100_000, big_blind=200)
    guest_dm = fake.dm_of.setdefault(GUEST, fake.next_id())
    fake.fail("POST", rf"^/channels/{guest_dm}/messages$", 429, retry_after=25.0, times=100)  # slow, not refused
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle(within=0.5)
    assert fake.clock is not None
    start = fake.clock.now()
    fake.slash(bot, HOST, "table status")  # anything else at the table goes on meanwhile
    await until(lambda: fake.ephemerals(HOST) and fake.last_reply(HOST).embeds)
    fake.slash(bot, HOST, "table leave")
    await until(lambda: any("You left the table" in m.text() for m in fake.ephemerals(HOST)))
    assert fake.clock.now() - start < 1.0  # not after the guest's 25 s


async def test_a_long_rate_limit_leaves_the_hand_on_my_hand(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    fake.fail("POST", r"^/channels/(?!700000000000000001)\d+/messages$", 429, retry_after=120.0, times=1)
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    await fake.settle()
    table = table_of(bot)
    assert "A" in table.prompts and not fake.dms(HOST)  # RateLimited: handled, nothing stalled
    message = fake.table_message()
    fake.click(bot, HOST, message, message.button("My hand")["custom_id"])
    mine = await until(lambda: fake.ephemerals(HOST) and fake.last_reply(HOST).buttons() and fake.last_reply(HOST))
    fake.click(bot, HOST, mine, mine.button("Call")["custom_id"])
    await until(lambda: ["A", "call"] in table.moves)


# ---- 4. a channel or server that is gone closes the table ---------------------------------------

async def test_a_deleted_channel_closes_the_table_and_nothing_retries(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.fail("PATCH", rf"^/channels/{CHANNEL_ID}/", 404, code=10003, times=10_000)
    fake.fail("POST", rf"^/channels/{CHANNEL_ID}/", 404, code=10003, times=10_000)
    fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])
    await fake.until(lambda: bot.tables.table_in(CHANNEL_ID) is None, within=5.0)
    await fake.run_for(120)
    assert await bot.store.load_unfinished() == [] and table.status == "gone"
    failed = len([c for c in fake.calls if c.status == 404])
    await fake.run_for(600)
    assert len([c for c in fake.calls if c.status == 404]) == failed  # no retry loop
    assert bot.tables.sessions == {} and not bot.tables.ending


async def test_removed_from_the_server_closes_its_tables(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="riichi", length="east")
    await until(lambda: pending_hand(fake, HOST))
    bot.dispatch("guild_remove", type("Guild", (), {"id": GUILD_ID})())
    await fake.until(lambda: bot.tables.table_in(CHANNEL_ID) is None, within=0.5)  # at once, no game played out
    await fake.settle()
    assert await bot.store.load_unfinished() == []


# ---- 5. withdrawn prompts lose their buttons -----------------------------------------------------

async def test_a_dm_hand_loses_its_buttons_when_played_from_my_hand(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    dm = await until(lambda: pending_hand(fake, HOST))
    message = fake.table_message()
    fake.click(bot, HOST, message, message.button("My hand")["custom_id"])
    mine = await until(lambda: fake.ephemerals(HOST) and fake.last_reply(HOST).buttons() and fake.last_reply(HOST))
    fake.click(bot, HOST, mine, mine.button("Call")["custom_id"])
    await until(lambda: mine.content == "Played: call.")
    await until(lambda: dm.buttons() == [])


# ---- 6. options are checked at /table new by the engine's rule -----------------------------------

async def test_holdem_options_the_engine_refuses_are_refused_at_table_new(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="holdem", small_blind=150, big_blind=300, stack=1050)
    await fake.settle()
    reply = fake.last_reply(HOST)
    assert reply.ephemeral and "These options cannot make a game" in reply.text()
    assert bot.tables.table_in(CHANNEL_ID) is None and await bot.store.load_unfinished() == []
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)  # the channel is free
    assert table_of(bot).status == "playing"


# ---- 7. amounts are ASCII digits ------------------------------------------------------------------

def test_amounts_are_ascii_digits_or_the_k_shorthand() -> None:
    from bot.play.amounts import parse_amount

    assert [parse_amount(s) for s in ("1200", "1,200", " 2 000 ", "2.5k", "3K", "0.1k")] == [
        1200, 1200, 2000, 2500, 3000, 100]
    assert [parse_amount(s) for s in ("²", "①", "١٠٠٠", "12.5", "1e3", "-100", "", "k", "2.5555k")] == [None] * 9


async def test_odd_digits_in_the_bet_modal_get_the_bad_amount_answer(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    assert table.game is not None
    low, high = next(m[2] for m in table.game.legal_moves("A") if m[1] == "raise")
    moves = list(table.moves)
    for bad in ("²", "①", "١٠٠٠"):
        fake.click(bot, HOST, hand, hand.button("Raise…")["custom_id"])
        await fake.settle()
        fake.submit_modal(bot, HOST, hand, bad)
        await fake.settle()
        assert f"multiple of 100 from {low:,} to {high:,}" in fake.last_reply(HOST).text()
        assert table.moves == moves
    fake.click(bot, HOST, hand, hand.button("Raise…")["custom_id"])
    await fake.settle()
    fake.submit_modal(bot, HOST, hand, "2.5k")
    await until(lambda: ["A", "raise", 2500] in table.moves)


# ---- 8. limits -------------------------------------------------------------------------------------

async def test_one_open_lobby_per_user_and_a_cap_per_server(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot(guild_cap=2)
    await lobby_with(fake, bot, "riichi")
    fake.slash(bot, HOST, "table new", game="five", channel_id=OTHER_CHANNEL)
    await fake.settle()
    assert "already have an open lobby" in fake.last_reply(HOST).text()
    fake.slash(bot, GUEST, "table new", game="five", channel_id=OTHER_CHANNEL)
    await fake.settle()
    fake.slash(bot, THIRD, "table new", game="five", channel_id=OTHER_CHANNEL + 1)
    await fake.settle()
    assert "already has 2 tables open" in fake.last_reply(THIRD).text()
    assert len(bot.tables.sessions) == 2


async def test_a_lobby_nobody_starts_expires_after_15_minutes(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    lobby = await lobby_with(fake, bot, "riichi")
    await fake.run_for(14 * 60)
    assert bot.tables.table_in(CHANNEL_ID) is not None
    await fake.run_for(61)
    assert bot.tables.table_in(CHANNEL_ID) is None and "within 15 minutes" in lobby.content
    assert lobby.buttons() == [] and await bot.store.load_unfinished() == []


async def test_a_repeated_my_hand_reuses_the_picture(fake: FakeDiscord, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.play import images

    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=100_000, big_blind=200)
    await until(lambda: pending_hand(fake, HOST))
    await fake.run_for(10.0)  # the DM's picture is older than the reuse window
    drawn: list[str] = []
    hand_job = images.hand_job

    def counted(*a: Any) -> tuple[Job, HandImage, Kind]:
        drawn.append("x")
        return hand_job(*a)

    monkeypatch.setattr(images, "hand_job", counted)
    message = fake.table_message()
    for _ in range(3):
        fake.click(bot, HOST, message, message.button("My hand")["custom_id"])
        await fake.run_for(1.0)
    assert len(drawn) == 1 and len([m for m in fake.ephemerals(HOST) if m.files]) == 3


async def test_a_finished_table_leaves_nothing_behind(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    table = table_of(bot)
    await play_out(fake, bot)
    await fake.table_idle(bot, table.table_id)
    assert table.status == "finished"
    assert bot.tables.sessions == {} and not bot.tables.ending and bot.tables.by_channel == {}


# ---- 9. the finished game is stored before the standings are posted --------------------------------

async def test_standings_are_posted_after_the_game_is_stored(fake: FakeDiscord, start_bot: StartBot) -> None:
    users(fake)
    bot = await start_bot()
    seen: list[int] = []

    async def watch(method: str, path: str, payload: Any, files: list[tuple[str, bytes]]) -> None:
        if any(name == "standings.png" for name, _ in files):
            seen.append(len(await bot.store.load_unfinished()))
            seen.append(len((await bot.store.history(GUILD_ID, HOST)) or []))

    fake.watch.append(watch)
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    await play_out(fake, bot)
    assert seen == [0, 1]  # no live table left, and the game is in the history
