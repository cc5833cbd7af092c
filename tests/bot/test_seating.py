"""F9 (and every game): seats drawn from the table's seed at Start, or in join order; kept on restart."""

from __future__ import annotations

from engine.rng import derive
from tests.bot.harness import HOST, FakeDiscord, StartBot, lobby_action, open_table, table_of, until

GUEST = 500_000_000_000_000_004


async def test_random_seating_is_drawn_from_the_seed(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D61: the seats are shuffled at Start with the seed's "seats" stream."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(seed=5)
    await open_table(fake, bot, game="riichi", seating="random")
    table = table_of(bot)
    joined = ["Alice", "CPU 2", "CPU 3", "CPU 4"]
    expected = list(joined)
    assert table.seed is not None
    derive(table.seed, "seats").shuffle(expected)
    assert [s.name for s in table.seats] == expected
    assert expected != joined  # this seed moves the host: the draw really happened
    assert table.seat_of(HOST) == "ABCD"[expected.index("Alice")]
    assert table.scenario()["players"] == ["A", "B", "C", "D"]


async def test_seating_survives_a_restart(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D61: the seating drawn at Start is the table's for good."""
    fake.add_user(HOST, "Alice")
    first = await start_bot(seed=5)
    await open_table(fake, first, game="holdem", stack=100_000, big_blind=200, seating="random")
    table = table_of(first)
    order = [s.name for s in table.seats]
    await first.tables.close()
    second = await start_bot()
    resumed = await until(lambda: second.tables.tables and table_of(second))
    assert [s.name for s in resumed.seats] == order and resumed.seating == "random"


async def test_join_order_keeps_the_first_to_join_east_in_five(fake: FakeDiscord, start_bot: StartBot) -> None:
    """F9, D61: the host may seat players in join order; in Mahjong Five East deals the whole game (F3)."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bora")
    bot = await start_bot(seed=5)
    fake.slash(bot, HOST, "table new", game="five", seating="join")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    assert "Seats: in join order; the first to join is East and deals the whole game" in lobby.text()
    fake.click(bot, HOST, lobby, lobby_action(lobby, "cpu"))
    await fake.settle()
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    assert "A. Alice\nB. CPU 2 (CPU, normal)\nC. Bora" in lobby.text()  # the letters are the seats
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    table = table_of(bot)
    assert [s.name for s in table.seats] == ["Alice", "CPU 2", "Bora", "CPU 4"]
    assert table.game is not None
    assert table.seat_of(HOST) == "A" and table.game.public_view()["dealer"] == "A"


async def test_random_is_the_default_and_shown_in_the_lobby(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D61: random seating unless the host chooses join order."""
    fake.add_user(HOST, "Alice")
    fake.guild_locale = "ko"  # the public lobby speaks the server's language
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="janpo", locale="ko")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    assert table_of(bot).seating == "random"
    assert "자리: 게임을 시작할 때 무작위로 정합니다" in lobby.text() and "• Alice" in lobby.text()
