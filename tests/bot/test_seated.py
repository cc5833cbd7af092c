"""Tables whose players are chosen before they open (bot.play.seated): a thread of their own,
dealt at once through the table layer, their purpose kept across a restart, and the game's end
told to what it counts for."""

from __future__ import annotations

import pytest

from bot.play import seated
from bot.play.table import Seat, Table
from engine import fairness
from tests.bot.harness import CHANNEL_ID, GUILD_ID, HOST, FakeDiscord, StartBot, pending_hand, play_out, until

OTHERS = (HOST + 1, HOST + 2, HOST + 3)
RANKED = {"kind": "ranked", "match": "m1"}


def _seats(users: tuple[int, ...]) -> list[Seat]:
    return [Seat(user, f"P{n}") for n, user in enumerate(users)]


async def test_a_seated_table_opens_in_a_new_thread_and_deals_to_its_players(fake: FakeDiscord,
                                                                             start_bot: StartBot) -> None:
    users = (HOST, *OTHERS)
    for n, user in enumerate(users):
        fake.add_user(user, f"P{n}")
    bot = await start_bot()
    thread = await seated.open_thread(bot.tables, CHANNEL_ID, "Riichi · P0, P1, P2, P3")
    assert fake.threads[thread] == (CHANNEL_ID, "Riichi · P0, P1, P2, P3")
    table = seated.seated_table(bot.tables, guild_id=GUILD_ID, channel_id=thread, game="riichi", seats=_seats(users),
                                host_id=HOST, options={"length": "east"}, purpose=RANKED)
    session = await seated.open_seated(bot.tables, table, start_id=123)
    assert session is not None and table.status == "playing" and table.game is not None
    assert sorted(s.user_id for s in table.seats if s.user_id) == sorted(users)
    dealer = table.seat(table.game.waiting_on()[0]).user_id
    assert dealer is not None
    await until(lambda: pending_hand(fake, dealer))  # the first to act has their hand by DM
    await until(lambda: fake.find_table_message(thread))  # and the table picture is in the thread
    assert fake.find_table_message(CHANNEL_ID) is None
    stored = await bot.store.load_table(table.table_id)
    assert stored is not None and stored.meta["purpose"] == RANKED
    # A second table in the same thread is refused, and nothing is stored for it.
    again = seated.seated_table(bot.tables, guild_id=GUILD_ID, channel_id=thread, game="riichi", seats=_seats(users),
                                host_id=HOST)
    assert await seated.open_seated(bot.tables, again, start_id=124) is None
    assert await bot.store.load_table(again.table_id) is None


async def test_the_purpose_survives_a_restart(fake: FakeDiscord, start_bot: StartBot) -> None:
    users = (HOST, *OTHERS)
    for n, user in enumerate(users):
        fake.add_user(user, f"P{n}")
    bot = await start_bot()
    table = seated.seated_table(bot.tables, guild_id=GUILD_ID, channel_id=CHANNEL_ID, game="five",
                                seats=_seats(users), host_id=HOST, purpose=RANKED)
    assert await seated.open_seated(bot.tables, table, start_id=5) is not None
    await fake.settle()
    await bot.tables.close()
    second = await start_bot(seed=50)
    resumed: Table | None = second.tables.table_in(CHANNEL_ID)
    assert resumed is not None and resumed.purpose == RANKED and resumed.moves == table.moves


async def test_a_refused_thread_raises_and_opens_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot()
    fake.fail("POST", r"/channels/\d+/threads", 403, code=50001)
    with pytest.raises(seated.ThreadRefused, match="50001"):
        await seated.open_thread(bot.tables, CHANNEL_ID, "Janpo")
    assert fake.threads == {}


async def test_the_end_of_a_seated_game_is_counted_and_said_under_the_standings(fake: FakeDiscord,
                                                                                start_bot: StartBot) -> None:
    """m.on_finished hears of the stored game id; its lines follow the standings' first line."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    heard: list[tuple[str, int]] = []

    async def count(table: Table, game_id: int) -> list[str]:
        heard.append((table.table_id, game_id))
        assert (await bot.store.get_game(game_id, GUILD_ID)) is not None  # stored before it is told
        return [f"counted {table.purpose}"]

    async def broken(table: Table, game_id: int) -> list[str]:
        raise RuntimeError("a failing counter never stops the table's end")

    bot.tables.on_finished += [broken, count]
    seats = [Seat(HOST, "Alice"), Seat(None, "CPU 2"), Seat(None, "CPU 3")]
    table = seated.seated_table(bot.tables, guild_id=GUILD_ID, channel_id=CHANNEL_ID, game="holdem", seats=seats,
                                host_id=HOST, options={"blinds": [100, 200], "stacks": 1000}, purpose=RANKED)
    assert await seated.open_seated(bot.tables, table, start_id=9) is not None
    await play_out(fake, bot)
    assert len(heard) == 1 and heard[0][0] == table.table_id
    standings = await until(lambda: next((m for m in fake.channel_messages() if any(
        name == "standings.png" for name, _ in m.files)), None))
    assert standings.content.splitlines()[1] == f"counted {RANKED}"


async def test_a_seated_deal_derives_its_seed_from_the_shown_secret_and_the_ready_clicks(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    """D69 for seated tables: the secret the players were shown a commitment of, then their Ready
    interaction ids in the order given, then the start id."""
    users = (HOST, *OTHERS)
    bot = await start_bot()
    bot.tables.seeds = None  # the fair shuffle, as in production
    secret = bytes(range(32))
    joins = [(user, 7_000 + n) for n, user in enumerate(users)]
    table = seated.seated_table(bot.tables, guild_id=GUILD_ID, channel_id=CHANNEL_ID, game="janpo",
                                seats=_seats(users), host_id=HOST, secret=secret, joins=joins)
    assert table.fairness is not None and table.fairness["commitment"] == fairness.commitment(secret)
    assert await seated.open_seated(bot.tables, table, start_id=9_999) is not None
    assert table.fairness["entropy"] == [7_000, 7_001, 7_002, 7_003, 9_999]
    assert table.seed == fairness.derive_seed(secret, [7_000, 7_001, 7_002, 7_003, 9_999], "janpo", {},
                                              fairness.RULES_VERSION)
