"""League input that must change nothing (one private line each), the organiser's force and
correction, a game stored but not counted before a crash, and a table settled at the deadline."""

from __future__ import annotations

from typing import Any

import pytest

from bot.league import rounds as league_rounds
from bot.league.service import parse_points
from tests.bot.harness import GUILD_ID, HOST, FakeDiscord, StartBot
from tests.bot.test_league_flow import MANAGE_GUILD, ready_all, ready_messages, reply, signup

FOUR = [HOST + n for n in range(4)]


class UserOption(int):
    """A user picked in a slash command's user option (type 6; Discord sends its id)."""


@pytest.fixture(autouse=True)
def user_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.bot import fake_discord
    plain = fake_discord._option_type
    monkeypatch.setattr(fake_discord, "_option_type", lambda v: 6 if isinstance(v, UserOption) else plain(v))
STRANGER = HOST + 99


async def _bot(fake: FakeDiscord, start_bot: StartBot, **kw: Any) -> Any:
    for n, user in enumerate([*FOUR, HOST + 4, STRANGER]):
        fake.add_user(user, f"P{n}")
    return await start_bot(cpu_pause=0.0, **kw)


async def _new(fake: FakeDiscord, bot: Any, name: str = "Cup", **options: Any) -> None:
    fake.member_permissions = MANAGE_GUILD
    fake.slash(bot, HOST, "league new", name=name, game="riichi", length="east", rounds=2, timer=10, **options)
    await fake.settle()


async def _join(fake: FakeDiscord, bot: Any, users: list[int], action: str = "join") -> None:
    message = signup(fake)
    for user in users:
        fake.click(bot, user, fake.messages[message.id], f"{message.button(prefix='jp:lg:')['custom_id'][:-4]}{action}")
        await fake.settle()


async def test_bad_input_gets_one_private_line_and_changes_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await _bot(fake, start_bot)
    fake.member_permissions = 0
    fake.slash(bot, STRANGER, "league new", name="Cup", game="riichi", rounds=2)
    await fake.settle()
    assert reply(fake, STRANGER) == "Only a league organiser (Manage Server, or the league role) may do that."
    assert await bot.store.find_league(GUILD_ID, "Cup") is None
    await _new(fake, bot)
    await _new(fake, bot, name="cup")
    assert reply(fake, HOST) == "This server already has a league named cup. Nothing was opened."
    await _join(fake, bot, FOUR[:3])
    await _join(fake, bot, FOUR[:1])
    assert reply(fake, FOUR[0]) == "You are already in this league."
    fake.slash(bot, HOST, "league start", name="Cup")
    await fake.settle()
    assert reply(fake, HOST) == "A league needs at least four players to start; 3 signed up."
    await _join(fake, bot, FOUR[3:])
    fake.member_permissions = 0
    fake.slash(bot, FOUR[1], "league start", name="Cup")
    await fake.settle()
    assert reply(fake, FOUR[1]).startswith("Only a league organiser")
    fake.member_permissions = MANAGE_GUILD
    fake.slash(bot, HOST, "league start", name="Cup")
    await fake.settle()
    await _join(fake, bot, [HOST + 4])
    assert reply(fake, HOST + 4) == "Sign-up for this league is closed."
    league = await bot.store.find_league(GUILD_ID, "Cup")
    assert league is not None and len(await bot.store.league_players(league.league_id)) == 4

    fake.slash(bot, HOST, "league round", name="Cup")
    await fake.settle()
    ready = ready_messages(fake, 1)[0]
    fake.click(bot, STRANGER, ready, ready.button(prefix="jp:ly:")["custom_id"])
    await fake.settle()
    assert reply(fake, STRANGER) == "You do not sit at this table."
    fake.slash(bot, HOST, "league round", name="Cup")
    await fake.settle()
    assert reply(fake, HOST) == ("Round 1 has 1 tables still playing. Wait for them, or seat the next round with "
                                 "force.")
    assert len(await bot.store.league_rounds(league.league_id)) == 1
    fake.slash(bot, HOST, "league fix", name="Cup", game=424242, player=UserOption(FOUR[0]), points="+1.0", reason="typo")
    await fake.settle()
    assert reply(fake, HOST) == "Game 424242 is not a game of Cup. Nothing was changed."
    assert await bot.store.league_fixes(league.league_id) == []

    # the organiser's force: round 2 seated while round 1 plays; the standings say so (D85)
    fake.slash(bot, HOST, "league round", name="Cup", force=True)
    await fake.settle()
    rounds = await bot.store.league_rounds(league.league_id)
    assert [(r.round, r.forced) for r in rounds] == [(1, False), (2, True)]
    fake.slash(bot, FOUR[2], "league standings", name="Cup")
    await fake.settle()
    card = next(m for m in reversed(fake.channel_messages()) if any(n == "league.png" for n, _ in m.files))
    assert card.content.splitlines()[-1] == ("Round 2 was seated before the round before it had finished (the "
                                             "organiser's force).")


def test_points_typed_for_a_correction() -> None:
    assert [parse_points(s) for s in ("+12.3", "-0.5", "\u22127", "40", "1.25", "x", "٣", "")] == [
        123, -5, -70, 400, None, None, None, None]


async def test_a_game_stored_but_not_counted_is_counted_at_start_up_and_corrected(
        fake: FakeDiscord, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash between storing the game and counting it: the start-up sweep counts it once; then
    an organiser's correction is kept with who and why."""
    bot = await _bot(fake, start_bot)
    await _new(fake, bot)
    await _join(fake, bot, FOUR)
    fake.slash(bot, HOST, "league start", name="Cup")
    await fake.settle()
    league = await bot.store.find_league(GUILD_ID, "Cup")
    assert league is not None
    real = league_rounds.record_game

    async def crash(*args: Any) -> bool:
        raise RuntimeError("the process died between the two writes")

    monkeypatch.setattr(league_rounds, "record_game", crash)
    fake.slash(bot, HOST, "league round", name="Cup")
    await fake.settle()
    await ready_all(fake, bot, 1)
    await fake.until(lambda: not bot.tables.sessions and not bot.tables.ending, what="the game over")
    table = (await bot.store.league_tables(league.league_id))[0]
    assert table.status == "playing" and table.game_id is None
    monkeypatch.setattr(league_rounds, "record_game", real)
    await bot.tables.close()
    await bot.outbox.close(drain=False)
    await bot.http.close()
    again = await start_bot(cpu_pause=0.0, seed=77)
    table = (await again.store.league_tables(league.league_id))[0]
    assert table.status == "finished" and table.game_id is not None
    game = await again.store.get_game(table.game_id, GUILD_ID)
    assert game is not None and sorted(table.results) == sorted(str(u) for u in FOUR)

    fake.slash(again, HOST, "league fix", name="Cup", game=table.game_id, player=UserOption(FOUR[1]), points="-3.5",
               reason="chombo")
    await fake.settle()
    fixes = await again.store.league_fixes(league.league_id)
    assert len(fixes) == 1 and (fixes[0].by_user, fixes[0].reason) == (HOST, "chombo")
    assert (await again.store.league_tables(league.league_id))[0].results[str(FOUR[1])]["tenths"] == -35


async def test_a_table_not_finished_by_the_deadline_is_settled(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D83, D84: nobody presses Ready, the table starts after 10 minutes; the 10-minute deadline
    stops it there: kept with its moves as an aborted game, 0.0 for each player."""
    bot = await _bot(fake, start_bot)
    await _new(fake, bot, deadline=10)
    await _join(fake, bot, FOUR)
    fake.slash(bot, HOST, "league start", name="Cup")
    await fake.settle()
    fake.slash(bot, HOST, "league round", name="Cup")
    await fake.settle()
    league = await bot.store.find_league(GUILD_ID, "Cup")
    assert league is not None
    await fake.until(lambda: any("were settled" in m.content for m in fake.channel_messages()), what="settled")
    table = (await bot.store.league_tables(league.league_id))[0]
    assert table.status == "settled" and table.game_id is None
    assert table.results == {str(u): {"tenths": 0, "place": None} for u in FOUR}
    aborted = await bot.store.aborted_games(GUILD_ID)
    assert len(aborted) == 1 and aborted[0].table_id == table.table_id and aborted[0].scenario["seed"] is not None


async def test_five_players_cpu_seats_then_a_playoff_of_four(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D80: five players make two tables topped up with CPU seats; D86: the top four then play a
    playoff table carrying half their points, listed above the regular standings."""
    bot = await _bot(fake, start_bot)
    five = [*FOUR, HOST + 4]
    await _new(fake, bot, playoff=4, carry=50)
    await _join(fake, bot, five)
    fake.slash(bot, HOST, "league start", name="Cup")
    await fake.settle()
    league = await bot.store.find_league(GUILD_ID, "Cup")
    assert league is not None
    for round_no in (1, 2, 3):  # two regular rounds, then the playoff
        fake.slash(bot, HOST, "league round", name="Cup")
        await fake.settle()
        await ready_all(fake, bot, round_no)
        done = f"Round {round_no} of **Cup** has finished"
        await fake.until(lambda: any(done in m.content for m in fake.channel_messages()),  # noqa: B023 (awaited)
                         what="round over")
    fake.slash(bot, HOST, "league round", name="Cup")
    await fake.settle()
    assert reply(fake, HOST) == "Every round of Cup has been seated."
    tables = await bot.store.league_tables(league.league_id)
    first = [t for t in tables if t.round == 1]
    assert sorted(t.seats.count(None) for t in first) == [1, 2]
    assert all(t.status == "finished" for t in tables)
    rounds = await bot.store.league_rounds(league.league_id)
    assert [(r.round, r.playoff) for r in rounds] == [(1, False), (2, False), (3, True)]
    regular: dict[int, int] = {}
    for t in tables:
        for u, r in t.results.items():
            if t.round < 3:
                regular[int(u)] = regular.get(int(u), 0) + int(r["tenths"])
    final = [t for t in tables if t.round == 3][0]
    playing = {u for u in final.seats if u is not None}
    left_out = set(regular) - playing
    assert len(playing) == 4 and len(left_out) == 1
    assert min(regular[u] for u in playing) >= regular[left_out.pop()]
    fake.slash(bot, HOST, "league standings", name="Cup")
    await fake.settle()
    card = next(m for m in reversed(fake.channel_messages()) if any(n == "league.png" for n, _ in m.files))
    lines = card.content.splitlines()
    assert lines[1] == "Playoff" and lines[6] == "Regular rounds" and len(lines) == 12
