"""The lobby and the table commands (issue 8 item 2): seats, host rights, cancel, abort, leave."""

from __future__ import annotations

from typing import Any

from bot.client import JanpoBot
from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    FakeDiscord,
    StartBot,
    Stored,
    lobby_action,
    open_table,
    pending_hand,
    until,
)

GUEST = 500_000_000_000_000_004
OTHER = 500_000_000_000_000_005


async def new_lobby(fake: FakeDiscord, bot: JanpoBot, game: str = "riichi", **options: Any) -> Stored:
    fake.slash(bot, HOST, "table new", game=game, **options)
    await fake.settle()
    return fake.channel_messages()[-1]


async def test_join_leave_and_host_rights(fake: FakeDiscord, start_bot: StartBot) -> None:
    for uid, name in ((HOST, "Alice"), (GUEST, "Bob"), (OTHER, "Cho")):
        fake.add_user(uid, name)
    bot = await start_bot()
    lobby = await new_lobby(fake, bot, red_fives=False, timer=45, cpu="easy")
    assert lobby.labels() == ["Join", "Leave", "Add CPU", "Start", "Cancel"]
    assert "Seats (1/4)" in lobby.text() and "Red fives: off" in lobby.text() and "45 s" in lobby.text()

    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    assert "Seats (2/4)" in lobby.text() and "• Bob" in lobby.text()  # seats are drawn at Start (F9)
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    assert "already have a seat" in fake.last_reply(GUEST).text()
    for who in (GUEST, OTHER):  # only the host starts, adds CPUs or cancels
        for name in ("start", "cpu", "cancel"):
            fake.click(bot, who, lobby, lobby_action(lobby, name))
            await fake.settle()
            assert "Only the host" in fake.last_reply(who).text()
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "leave"))
    await fake.settle()
    assert "Seats (1/4)" in lobby.text() and "Bob" not in lobby.text()
    fake.click(bot, HOST, lobby, lobby_action(lobby, "leave"))
    await fake.settle()
    assert "press Cancel" in fake.last_reply(HOST).text()

    for _ in range(3):
        fake.click(bot, HOST, lobby, lobby_action(lobby, "cpu"))
        await fake.settle()
    assert "CPU 4 (CPU, easy)" in lobby.text()
    fake.click(bot, OTHER, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    assert "table is full" in fake.last_reply(OTHER).text()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None
    assert table.options == {"red_fives": False} and table.timer == 45

    fake.click(bot, HOST, lobby, lobby_action(lobby, "cancel"))
    await fake.settle()
    assert lobby.content == "The table was cancelled." and lobby.buttons() == []
    assert bot.tables.table_in(CHANNEL_ID) is None and await bot.store.load_unfinished() == []


async def test_a_korean_server_gets_a_korean_lobby(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Also D56: hold'em's default blinds and stacks."""
    fake.add_user(HOST, "Alice")
    fake.guild_locale = "ko"
    bot = await start_bot()
    lobby = await new_lobby(fake, bot, game="holdem")
    assert "텍사스 홀덤: 새 테이블" in lobby.text() and lobby.labels() == ["참가", "나가기", "CPU 추가", "시작", "취소"]
    assert "블라인드 100/200, 스택 20,000" in lobby.text()


async def test_status_leave_and_abort_during_play(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D56: two players at hold'em get no CPU; D54: /table leave hands the seat to a CPU."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="holdem", stack=100_000, big_blind=200)
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None
    assert [s.user_id for s in table.seats] == [HOST, GUEST]  # two players: no CPU added (P1)

    fake.slash(bot, GUEST, "table status")
    await fake.settle()
    status = fake.last_reply(GUEST)
    assert status.ephemeral and "Points" in status.text() and "SHA-256" in status.text()

    fake.slash(bot, GUEST, "table abort")
    await fake.settle()
    assert "Only the host" in fake.last_reply(GUEST).text()
    fake.slash(bot, GUEST, "table leave")
    await fake.settle()
    assert "a CPU player has taken your seat" in fake.last_reply(GUEST).text()
    assert table.seats[1].user_id is None
    await until(lambda: pending_hand(fake, HOST))

    fake.slash(bot, HOST, "table abort")
    await fake.settle()
    assert any("was stopped" in m.content for m in fake.channel_messages())
    assert fake.messages[lobby.id].buttons() == []
    assert bot.tables.table_in(CHANNEL_ID) is None and await bot.store.load_unfinished() == []
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.buttons()[0]["custom_id"])  # the aborted table's buttons are dead
    await fake.settle()
    assert "earlier move" in fake.last_reply(HOST).text()


async def test_im_back_when_not_away(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem")
    message = await until(fake.find_table_message)
    fake.click(bot, HOST, message, message.button("I'm back")["custom_id"])
    await fake.settle()
    assert "not marked as away" in fake.last_reply(HOST).text()


async def test_a_lobby_survives_a_restart(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    first = await start_bot()
    lobby = await new_lobby(fake, first, game="holdem")
    await first.tables.close()
    second = await start_bot()  # same database, new bot: its buttons answer again
    fake.click(second, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    assert "• Bob" in lobby.text()
    fake.click(second, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    assert await until(lambda: pending_hand(fake, HOST) or pending_hand(fake, GUEST))
