"""/leaderboard, /stats, /history, /replay and /export through the real discord.py dispatch, offline.

Games are stored straight into the bot's store (real scenarios played by CPUs, or hand-made seats
where only the numbers matter), then the commands are used as a player would.
"""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from PIL import Image

from bot.client import JanpoBot
from bot.demo import DemoGame, play
from bot.storage import FinishedGame, SeatResult
from bot.storage.counters import seat_counters
from bot.storage.standings import final_ranks
from engine.scenario import replay
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    Stored,
    open_table,
    play_out,
    until,
)

ANN, BEN, CAT = 500_000_000_000_000_101, 500_000_000_000_000_102, 500_000_000_000_000_103
OTHER_GUILD = 800_000_000_000_000_999
NAMES = ["Aoi", "Bora", "Chen", "Dara"]
NOW = datetime.now(UTC).replace(microsecond=0)
SHOWN = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}


@cache
def scenario(game: str) -> dict[str, Any]:
    options: dict[str, Any] = {"length": "east"} if game in ("riichi", "janpo") else {}
    if game == "holdem":
        options = {"blinds": [100, 200], "stacks": 4000, "hands": 12}
    return play(DemoGame(game, game, NAMES, options, 4), 2026, "normal", True).spec


def finished(spec: dict[str, Any], users: list[int | None], guild: int = GUILD_ID,
             when: datetime = NOW) -> FinishedGame:
    """A real game as the table manager stores it: ranks and counters from the scenario."""
    summary = replay(spec).summary()
    ranks = final_ranks(spec["game"], summary)
    counters = seat_counters(spec)
    seats = [SeatResult(player=p, user_id=u, name=SHOWN.get(u, f"CPU {p}") if u else f"CPU {p}", points=summary["points"][p],
                        rank=ranks[p], cpu_level=None if u else "normal", stats=counters[p])
             for p, u in zip(spec["players"], users, strict=True)]
    return FinishedGame(guild_id=guild, channel_id=CHANNEL_ID, game=spec["game"], options=spec.get("options", {}),
                        started_at=when - timedelta(minutes=30), finished_at=when, seed=spec["seed"], scenario=spec,
                        seats=seats, kyoku_results=summary["kyoku_results"], poker_results=summary["poker_results"])


def quick(users_points: list[tuple[int | None, int]], guild: int = GUILD_ID, game: str = "five",
          when: datetime = NOW) -> FinishedGame:
    """A hand-made result: only seats and points, for rankings."""
    names = "ABCD"
    return FinishedGame(
        guild_id=guild, channel_id=CHANNEL_ID, game=game, options={}, started_at=when - timedelta(minutes=30),
        finished_at=when, seed=1, scenario={"game": game, "players": list(names), "seed": 1, "moves": []},
        seats=[SeatResult(player=names[i], user_id=u, name=SHOWN.get(u, f"user{u}") if u else "CPU", points=p,
                          cpu_level=None if u else "normal") for i, (u, p) in enumerate(users_points)])


def slash(fake: FakeDiscord, bot: Any, user: int, command: str, locale: str = "en-US",
          target: int | None = None, **options: Any) -> None:
    """A slash command, with a ``user`` option resolved the way Discord sends it."""
    opts: list[dict[str, Any]] = [{"name": k, "type": 4 if isinstance(v, int) else 3, "value": v}
                                  for k, v in options.items()]
    payload = fake._base(2, user, locale, CHANNEL_ID, dm=False)
    payload["data"] = {"id": str(fake.next_id()), "name": command, "type": 1, "options": opts}
    if target is not None:
        opts.append({"name": "user", "type": 6, "value": str(target)})
        payload["data"]["resolved"] = {"users": {str(target): fake.users[target]}}
    bot._connection.parse_interaction_create(payload)


async def answered(fake: FakeDiscord, user: int, count: int | None = None) -> Stored:
    """The user's next private answer: waits out work done off the event loop (replays, charts)."""
    seen = len(fake.ephemerals(user)) if count is None else count
    await until(lambda: len([m for m in fake.ephemerals(user) if m.data]) > seen)
    await fake.settle()
    return fake.last_reply(user)


async def ask(fake: FakeDiscord, bot: JanpoBot, user: int, command: str, **kw: Any) -> Stored:
    """A slash command and its private answer."""
    count = len(fake.ephemerals(user))
    slash(fake, bot, user, command, **kw)
    return await answered(fake, user, count)


async def press(fake: FakeDiscord, bot: JanpoBot, user: int, message: Stored, label: str) -> Stored:
    """Click a button; the message it turned in place, or the clicker's new private answer."""
    count, before = len(fake.ephemerals(user)), json.dumps(message.data, sort_keys=True)
    fake.click(bot, user, message, message.button(label)["custom_id"])
    await until(lambda: json.dumps(fake.messages[message.id].data, sort_keys=True) != before
                or len(fake.ephemerals(user)) > count)
    await fake.settle()
    return fake.messages[message.id] if len(fake.ephemerals(user)) == count else fake.last_reply(user)


async def start(fake: FakeDiscord, start_bot: StartBot) -> JanpoBot:
    for uid, name in ((ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")):
        fake.add_user(uid, name)
    return await start_bot()


def message_with_button(fake: FakeDiscord, custom_id: str, user: int | None = None) -> Stored:
    """A message carrying one button: discord.py only runs buttons that are on the message clicked."""
    button = {"type": 2, "style": 2, "label": "Next", "custom_id": custom_id}
    return fake._store(CHANNEL_ID, "channel", user is not None, user, {"components": [
        {"type": 1, "components": [button]}]})


def png_size(blob: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(blob))
    assert image.format == "PNG"
    return image.size


# ---- /leaderboard --------------------------------------------------------------------------------


async def test_leaderboard_orders_by_rating_pages_and_leaves_cpus_and_other_guilds_out(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    """D65: posted in the channel, ten players a page, anyone turns the pages; D40: no CPU listed."""
    bot = await start(fake, start_bot)
    players = [600_000_000_000_000_000 + i for i in range(12)]
    for i, uid in enumerate(players):  # player i beats player i+1 (and a CPU) i+1 times
        for _ in range(i + 1):
            await bot.store.finish_game(None, quick([(uid, 60), (None, 50), (players[(i + 1) % 12], 40),
                                                     (None, 30)]))
    await bot.store.finish_game(None, quick([(ANN, 90), (None, 10), (None, 0), (None, 0)], guild=OTHER_GUILD))
    slash(fake, bot, ANN, "leaderboard", game="five")
    await fake.settle()
    board = fake.channel_messages()[-1]
    assert not board.ephemeral  # posted for the channel
    text = board.text()
    expected = await bot.store.leaderboard(GUILD_ID, "five", limit=12)
    assert [r.user_id for r in expected][:3] == [players[11], players[10], players[9]]
    lines = [line for line in text.split("\n") if line.startswith("**")]
    assert len(lines) == 10 and lines[0].startswith(f"**1.** <@{players[11]}>")
    assert "CPU" not in "".join(lines) and str(ANN) not in text
    assert "Page 1 of 2 · 12 players" in text
    assert board.labels() == ["Previous", "Next"] and board.buttons()[0].get("disabled")
    fake.click(bot, BEN, board, board.button("Next")["custom_id"])  # anyone may turn the page
    await fake.settle()
    page2 = fake.messages[board.id]
    assert "Page 2 of 2" in page2.text() and f"**11.** <@{expected[10].user_id}>" in page2.text()
    assert page2.buttons()[1].get("disabled") and not page2.buttons()[0].get("disabled")


async def test_leaderboard_period_counts_recent_games_only(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D42: the period decides who appears."""
    bot = await start(fake, start_bot)
    await bot.store.finish_game(None, quick([(ANN, 60), (BEN, 40), (None, 0), (None, 0)],
                                            when=NOW - timedelta(days=40)))
    await bot.store.finish_game(None, quick([(BEN, 60), (CAT, 40), (None, 0), (None, 0)],
                                            when=NOW - timedelta(days=2)))
    slash(fake, bot, ANN, "leaderboard", game="five", period="week")
    await fake.settle()
    week = fake.channel_messages()[-1].text()
    assert "last 7 days" in week and f"<@{ANN}>" not in week and f"<@{BEN}>" in week and f"<@{CAT}>" in week
    assert fake.channel_messages()[-1].buttons() == []  # one page: no buttons
    slash(fake, bot, ANN, "leaderboard", game="five", period="all")
    await fake.settle()
    assert f"<@{ANN}>" in fake.channel_messages()[-1].text()
    slash(fake, bot, ANN, "leaderboard", game="riichi")
    await fake.settle()
    assert "No rated games of Riichi mahjong" in fake.channel_messages()[-1].text()


async def test_leaderboard_button_of_another_guild_is_refused(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    for _ in range(11):
        await bot.store.finish_game(None, quick([(ANN, 60), (None, 0), (None, 0), (None, 0)], guild=OTHER_GUILD))
    slash(fake, bot, ANN, "leaderboard", game="five")
    await fake.settle()
    board = fake.channel_messages()[-1]
    assert "No rated games" in board.text()
    foreign = message_with_button(fake, f"jp:lb:{OTHER_GUILD}:five:all:1")  # another server's board's button
    fake.click(bot, ANN, foreign, f"jp:lb:{OTHER_GUILD}:five:all:1")
    await fake.settle()
    assert fake.messages[foreign.id].embeds == []  # nothing of the other server was shown
    assert "per server" in fake.last_reply(ANN).text() and fake.last_reply(ANN).ephemeral


async def test_leaderboard_in_the_servers_language(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D65: the server's language, whatever the language of the one who asked."""
    bot = await start(fake, start_bot)
    await bot.store.finish_game(None, quick([(ANN, 60), (BEN, 40), (None, 0), (None, 0)]))
    await bot.store.set_guild_language(GUILD_ID, "ko")
    slash(fake, bot, ANN, "leaderboard", game="five", period="month")
    await fake.settle()
    text = fake.channel_messages()[-1].text()
    assert "마작 파이브 리더보드 · 최근 30일" in text and "레이팅 **1,516**" in text and "2게임" not in text


# ---- /stats --------------------------------------------------------------------------------------


async def test_stats_of_a_riichi_player_with_chart(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    spec = scenario("riichi")
    game = finished(spec, [ANN, None, BEN, None])
    await bot.store.finish_game(None, game)
    mine = game.seats[0].stats
    reply = await ask(fake, bot, BEN, "stats", target=ANN, game="riichi")
    assert reply.ephemeral
    text = reply.text()
    rate = 100 * mine.get("wins", 0) / mine["kyoku_played"]
    assert "userAnn" not in text and "Ann: Riichi mahjong" in text
    assert f"Kyoku played: {mine['kyoku_played']}" in text and f"Win rate: {rate:.1f}%" in text
    assert f"Riichi rate: {100 * mine.get('riichi', 0) / mine['kyoku_played']:.1f}%" in text
    assert "Poker" not in text  # riichi has no poker part
    names, blobs = zip(*reply.files, strict=True)
    assert names == ("rating.png",) and png_size(blobs[0]) == (800, 380)
    points = await bot.store.rating_history(GUILD_ID, ANN, "riichi")  # issue 39: the chart in words
    assert reply.alts()["rating.png"] == (f"Rating after each game: Riichi mahjong from {round(points[0].rating_before):,}"
                                          f" to {round(points[-1].rating):,}, lowest "
                                          f"{round(min(points[0].rating_before, *(p.rating for p in points))):,}, "
                                          f"highest {round(max(points[0].rating_before, *(p.rating for p in points))):,}.")


async def test_stats_janpo_in_korean_with_poker_and_choices(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    game = finished(scenario("janpo"), [ANN, BEN, None, None])
    await bot.store.finish_game(None, game)
    mine = game.seats[0].stats
    text = (await ask(fake, bot, ANN, "stats", locale="ko", game="janpo")).text()
    assert "Ann: 잔포" in text and "화료율" in text and "VPIP" in text and "칩 손익" in text
    assert f"포커 액션이 걸린 츠모 차례 {mine.get('combined_moves', 0)}번 중" in text
    assert f"플레이한 핸드: {mine['poker_hands']}" in text


async def test_stats_of_someone_without_games(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    await bot.store.finish_game(None, quick([(ANN, 60), (None, 0), (None, 0), (None, 0)], guild=OTHER_GUILD))
    reply = await ask(fake, bot, ANN, "stats")
    assert "Ann has no finished games on this server yet." in reply.text()


# ---- /history ------------------------------------------------------------------------------------


async def test_history_lists_this_servers_games_newest_first(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    first = await bot.store.finish_game(None, quick([(ANN, 60), (None, 40), (None, 0), (None, 0)],
                                                    when=NOW - timedelta(hours=2)))
    second = await bot.store.finish_game(None, quick([(BEN, 70), (CAT, 30), (None, 0), (None, 0)],
                                                     game="riichi", when=NOW - timedelta(hours=1)))
    hidden = await bot.store.finish_game(None, quick([(ANN, 50), (None, 0), (None, 0), (None, 0)],
                                                     guild=OTHER_GUILD))
    reply = await ask(fake, bot, ANN, "history")
    text = reply.text()
    assert reply.ephemeral and text.index(f"**#{second}**") < text.index(f"**#{first}**")
    assert f"#{hidden}**" not in text
    assert f"**#{second}** Riichi mahjong" in text and "1. Ben 70 · 2. Cat 30 · 3. CPU (CPU) 0 · 3. CPU (CPU) 0" in text
    mine = (await ask(fake, bot, CAT, "history", target=ANN, locale="ko")).text()
    assert "Ann 님의 최근 게임" in mine and f"#{first}**" in mine and f"#{second}**" not in mine


# ---- /replay -------------------------------------------------------------------------------------


def replay_buttons(message: Stored) -> list[str]:
    return [b["custom_id"] for b in message.buttons()]


async def test_replay_steps_with_buttons_and_kyoku_jumps(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D64: answered to the asker alone; step 0 is the first deal, a step is one move, every hand open."""
    bot = await start(fake, start_bot)
    spec = scenario("riichi")
    game_id = await bot.store.finish_game(None, finished(spec, [ANN, None, None, None]))
    page = await ask(fake, bot, ANN, "replay", game=game_id)
    total = len(spec["moves"])
    assert page.ephemeral and f"E1, honba 0 · move 0 of {total}" in page.text() and "every hand" in page.text()
    assert page.labels() == ["« Kyoku", "Previous", "Next", "Kyoku »"]
    assert [b.get("disabled", False) for b in page.buttons()] == [True, True, False, False]
    width, height = png_size(page.files[0][1])
    assert page.files[0][0] == "replay.png" and width > 800 and height > 700  # the table and four open hands
    words = page.alts()["replay.png"]  # issue 39: read aloud, every hand open as on the picture
    assert words.startswith(f"Every hand open. {spec['players'][0]}. Hand: "), words
    assert words.count("Hand: ") == 4 and words.count("Dora indicators") == 1 and "East 1," in words
    page = await press(fake, bot, ANN, page, "Next")  # turned in place
    first = " ".join(str(x) for x in spec["moves"][0])
    assert f"move 1 of {total}" in page.text() and f"Last move: `{first}`" in page.text()
    page = await press(fake, bot, ANN, page, "Kyoku »")
    kyoku = replay(spec).summary()["kyoku_results"]
    assert f"{kyoku[1]['kyoku']}, honba {kyoku[1]['honba']}" in page.text()
    last = await ask(fake, bot, ANN, "replay", game=game_id, kyoku=len(kyoku))
    assert f"{kyoku[-1]['kyoku']}, honba {kyoku[-1]['honba']}" in last.text()
    end = await press(fake, bot, ANN, last, "Kyoku »")
    assert f"move {total} of {total}" in end.text() and "The end of the game." in end.text()
    assert [b.get("disabled", False) for b in end.buttons()] == [False, False, True, True]
    reply = await ask(fake, bot, ANN, "replay", game=game_id, kyoku=len(kyoku) + 1)
    assert f"from 1 to {len(kyoku)}" in reply.text()


async def test_a_strangers_replay_click_gets_a_private_copy(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D64: anyone else pressing a replay's buttons gets a private copy of that page."""
    bot = await start(fake, start_bot)
    game_id = await bot.store.finish_game(None, finished(scenario("holdem"), [ANN, BEN, None, None]))
    page = await ask(fake, bot, ANN, "replay", game=game_id, kyoku=2)
    before = page.text()
    assert "Hand 2 ·" in before and page.labels() == ["« Hand", "Previous", "Next", "Hand »"]
    copy = await press(fake, bot, BEN, page, "Next")
    assert fake.messages[page.id].text() == before  # the owner's message is untouched
    assert copy.id != page.id and copy.ephemeral and copy.user_id == BEN and "your own copy" in copy.text()
    assert all(f":{BEN}:" in cid for cid in replay_buttons(copy))  # the copy's buttons are Ben's own
    step = int(before.split("move ")[1].split(" ")[0]) + 1
    assert f"move {step} of" in copy.text()
    turned = await press(fake, bot, BEN, copy, "Next")  # Ben now pages his copy in place
    assert turned.id == copy.id and f"move {step + 1} of" in turned.text()
    assert fake.messages[page.id].text() == before


async def test_replay_and_export_refuse_another_servers_game(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    theirs = await bot.store.finish_game(None, finished(scenario("riichi"), [ANN, None, None, None],
                                                        guild=OTHER_GUILD))
    for command in ("replay", "export"):
        reply = await ask(fake, bot, ANN, command, game=theirs)
        assert reply.text() == f"There is no finished game #{theirs} on this server." and not reply.files
    foreign = message_with_button(fake, f"jp:rp:{theirs}:3:{ANN}:c", ANN)
    count = len(fake.ephemerals(ANN))
    fake.click(bot, ANN, foreign, f"jp:rp:{theirs}:3:{ANN}:c")
    reply = await answered(fake, ANN, count)
    assert "no finished game" in reply.text() and not reply.files and not fake.messages[foreign.id].files
    reply = await ask(fake, bot, ANN, "replay", locale="ko", game=theirs)
    assert reply.text() == f"이 서버에는 끝난 게임 #{theirs}이(가) 없습니다."


# ---- /export -------------------------------------------------------------------------------------


# /export is tested in test_export_command.py.


async def test_commands_are_registered_with_korean_names(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start(fake, start_bot)
    await bot.sync_commands(None)
    sent = {c["name"]: c for c in next(c.payload for c in fake.calls if c.method == "PUT")}
    expect = {"leaderboard": "리더보드", "stats": "통계", "history": "기록", "replay": "리플레이", "export": "내보내기"}
    for name, korean in expect.items():
        assert sent[name]["name_localizations"]["ko"] == korean
        assert sent[name].get("contexts") in (None, [0])  # server channels only
    options = {o["name"]: o for o in sent["leaderboard"]["options"]}
    assert [c["value"] for c in options["period"]["choices"]] == ["all", "month", "week"]
    assert options["period"]["name_localizations"]["ko"] == "기간"


async def test_a_table_played_to_the_end_shows_in_history_replay_and_export(fake: FakeDiscord,
                                                                            start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start(fake, start_bot)
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    await play_out(fake, bot)
    games = await bot.store.history(GUILD_ID)
    assert len(games) == 1
    game_id = games[0].game_id
    text = (await ask(fake, bot, HOST, "history")).text()
    assert f"**#{game_id}** Texas Hold'em" in text and "Alice" in text and text.count("(CPU)") == 3
    reply = await ask(fake, bot, HOST, "export", game=game_id)
    spec = json.loads(dict(reply.files)[f"game-{game_id}.json"])
    points = replay(spec).summary()["points"]
    assert {s.name: s.points for s in games[0].seats} == {
        s.name: points[s.player] for s in games[0].seats}  # the export replays to the stored points
    page = await ask(fake, bot, HOST, "replay", game=game_id)
    assert f"move 0 of {len(spec['moves'])}" in page.text() and page.files
    record = await bot.store.player_stats(GUILD_ID, HOST, "holdem")
    assert record.games == 1 and record.poker_hands > 0  # the table stored its counters
    text = (await ask(fake, bot, HOST, "stats", game="holdem")).text()
    assert f"Hands played: {record.poker_hands}" in text and f"Net chips: {record.net_chips:,}" in text
