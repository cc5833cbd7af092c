"""Ranked queue from the players' side (docs/RULES.md D77-D79): /queue join in several channels,
Ready prompts by DM, a table in a new thread of the ranked channel, timeouts, restarts, faults."""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.client import JanpoBot
from bot.storage.ranked import RankedSettings
from tests.bot.harness import GUILD_ID, FakeDiscord, StartBot, Stored

RANKED = 700_000_000_000_000_001  # the ranked channel
USERS = [600_000_000_000_000_000 + n for n in range(1, 7)]
CHANNELS = [710_000_000_000_000_000 + n for n in range(1, 7)]  # each player joins from their own channel


async def ranked_bot(fake: FakeDiscord, start_bot: StartBot, **kw: Any) -> JanpoBot:
    for n, user in enumerate(USERS):
        fake.add_user(user, f"P{n + 1}")
    bot = await start_bot(**kw)
    await bot.store.set_ranked_settings(RankedSettings(GUILD_ID, RANKED))
    return bot


async def join(fake: FakeDiscord, bot: JanpoBot, n: int, game: str = "riichi", **options: Any) -> str:
    """Player ``n`` (0-based) runs /queue join from their own channel; their private answer."""
    token = fake.slash(bot, USERS[n], "queue join", channel_id=CHANNELS[n], game=game, **options)
    await fake.answered(token)
    return fake.last_reply(USERS[n]).content


def told(fake: FakeDiscord, user: int, words: str) -> bool:
    return any(words in m.content for m in fake.dms(user))


def ready_prompt(fake: FakeDiscord, user: int) -> Stored | None:
    for message in reversed(fake.dms(user)):
        if any(b["custom_id"].startswith("jp:q:") for b in message.buttons()):
            return message
    return None


async def press_ready(fake: FakeDiscord, bot: JanpoBot, user: int) -> str:
    prompt = await fake.until(lambda: ready_prompt(fake, user), what="a Ready prompt")
    token = fake.click(bot, user, prompt, prompt.button(prefix="jp:q:")["custom_id"])
    await fake.answered(token)
    return token


async def test_four_joins_in_different_channels_make_one_thread_table_and_a_fifth_waits(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D78, D79
    bot = await ranked_bot(fake, start_bot)
    bot.tables.seeds = None  # the fair shuffle, as in production
    for n in range(5):
        assert "ranked Riichi mahjong queue" in await join(fake, bot, n)
    shown = []
    for user in USERS[:4]:
        prompt = await fake.until(partial(ready_prompt, fake, user), what="a Ready prompt")
        assert "SHA-256" in prompt.content and "P1, P2, P3, P4" in prompt.content
        shown.append(prompt.content)
    assert ready_prompt(fake, USERS[4]) is None
    for user in USERS[:4]:
        await press_ready(fake, bot, user)
    [(thread, (parent, name))] = await fake.until(lambda: list(fake.threads.items()), what="a thread")
    assert parent == RANKED and name == "Riichi mahjong · P1, P2, P3, P4"
    table = await fake.until(lambda: bot.tables.table_in(thread), what="the table in the thread")
    assert sorted(s.user_id for s in table.seats) == sorted(USERS[:4])
    assert table.purpose is not None and table.purpose["kind"] == "ranked" and table.purpose["ranked"]
    assert [s.name.split(" · ")[1] for s in table.seats] == ["10k"] * 4  # the rank badge by the name
    assert table.options == {"length": "south"}
    assert table.fairness is not None and len(table.fairness["joins"]) == 4  # the Ready clicks (D69)
    assert all(table.fairness["commitment"] in text for text in shown)  # shown before anyone pressed Ready
    await fake.until(lambda: fake.find_table_message(thread), what="the table picture in the thread")
    fifth = await bot.store.queue_entry(USERS[4])
    assert fifth is not None and fifth.status == "waiting"
    token = fake.slash(bot, USERS[4], "queue status", channel_id=CHANNELS[4])
    await fake.answered(token)
    assert "Riichi mahjong: 1 waiting" in fake.last_reply(USERS[4]).content
    assert "Median wait of the last hour's matches" in fake.last_reply(USERS[4]).content
    assert [e.user_id for e in await bot.store.queue_of_guild(GUILD_ID)] == [USERS[4]]


async def test_a_ready_timeout_sends_the_silent_player_out_and_the_others_keep_the_front(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D79
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    joined = {e.user_id: e.joined_at for e in await bot.store.queue_of_guild(GUILD_ID)}
    for user in USERS[:3]:
        await press_ready(fake, bot, user)
    await fake.run_for(31)
    silent = USERS[3]
    await fake.until(lambda: any("did not press Ready" in m.content for m in fake.dms(silent)))
    assert await bot.store.queue_entry(silent) is None
    back = await bot.store.queue_of_guild(GUILD_ID)
    assert [(e.user_id, e.status, e.joined_at) for e in back] == [(u, "waiting", joined[u]) for u in USERS[:3]]
    assert all(any("front" in m.content for m in fake.dms(u)) for u in USERS[:3])
    # a late press of the old prompt changes nothing
    old = ready_prompt(fake, silent)
    assert old is not None
    token = fake.click(bot, silent, old, old.button(prefix="jp:q:")["custom_id"])
    await fake.answered(token)
    assert "no longer waiting" in fake.last_reply(silent).content
    # the next player to join plays with the three who kept their place
    await join(fake, bot, 4)
    for user in [*USERS[:3], USERS[4]]:
        await fake.until(partial(ready_prompt, fake, user))
    assert ready_prompt(fake, USERS[4]) is not None


async def test_a_restart_keeps_the_queue(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await ranked_bot(fake, start_bot)
    for n in range(2):
        await join(fake, bot, n)
    await fake.settle()
    await bot.tables.close()
    again = await start_bot()
    assert [e.user_id for e in await again.store.queue_of_guild(GUILD_ID)] == USERS[:2]
    for n in (2, 3):
        await join(fake, again, n)
    for user in USERS[:4]:
        await press_ready(fake, again, user)
    thread = await fake.until(lambda: next(iter(fake.threads), None), what="a thread")
    table = await fake.until(lambda: again.tables.table_in(thread))
    assert sorted(s.user_id for s in table.seats) == sorted(USERS[:4])


async def test_bad_input_gets_one_clear_line_and_changes_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await ranked_bot(fake, start_bot)
    await bot.store.set_ranked_settings(RankedSettings(GUILD_ID, None))
    assert "Ranked play is off" in await join(fake, bot, 0)
    await bot.store.set_ranked_settings(RankedSettings(GUILD_ID, RANKED))
    assert "You are in the ranked Janpo queue" in await join(fake, bot, 0, game="janpo")
    assert "already wait in the Janpo queue" in await join(fake, bot, 0, game="riichi")
    [entry] = await bot.store.queue_of_guild(GUILD_ID)
    assert entry.game == "janpo" and entry.length == "east"
    token = fake.slash(bot, USERS[0], "queue status", channel_id=CHANNELS[0])
    await fake.answered(token)
    status = fake.last_reply(USERS[0]).content
    assert "Janpo: 1 waiting" in status and "You wait for Janpo" in status and "No match in the last hour" in status
    token = fake.slash(bot, USERS[0], "queue leave", channel_id=CHANNELS[0])
    await fake.answered(token)
    assert "You left the Janpo queue" in fake.last_reply(USERS[0]).content
    token = fake.slash(bot, USERS[0], "queue leave", channel_id=CHANNELS[0])
    await fake.answered(token)
    assert "not in a ranked queue" in fake.last_reply(USERS[0]).content


async def test_a_refused_thread_undoes_the_match_and_everyone_keeps_the_front(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D79
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    joined = {e.user_id: e.joined_at for e in await bot.store.queue_of_guild(GUILD_ID)}
    fake.fail("POST", r"/channels/\d+/threads", 403, code=50001)
    for user in USERS[:4]:
        await press_ready(fake, bot, user)
    for user in USERS[:4]:
        await fake.until(partial(told, fake, user, "would not open"))
    assert fake.threads == {} and not bot.tables.tables
    back = await bot.store.queue_of_guild(GUILD_ID)
    assert {(e.user_id, e.joined_at) for e in back} >= {(u, joined[u]) for u in USERS[:4]}


async def test_a_ready_pressed_twice_is_told_once(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    prompt = fake.as_seen(await fake.until(lambda: ready_prompt(fake, USERS[0])))  # a double click
    custom_id = prompt.button(prefix="jp:q:")["custom_id"]
    first = fake.click(bot, USERS[0], prompt, custom_id)
    await fake.answered(first)
    assert "Waiting for the others" in fake.dms(USERS[0])[-1].content
    second = fake.click(bot, USERS[0], prompt, custom_id)
    await fake.answered(second)
    assert "already marked ready" in fake.last_reply(USERS[0]).content
    stranger = fake.click(bot, USERS[5], prompt, custom_id)
    await fake.answered(stranger)
    assert "another player" in fake.last_reply(USERS[5]).content


async def test_a_seated_player_and_a_player_who_left_the_server(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    for user in USERS[:4]:
        await press_ready(fake, bot, user)
    await fake.until(lambda: bot.tables.table_in(next(iter(fake.threads), None)))
    assert "seated at a table in play" in await join(fake, bot, 0)
    assert await bot.store.queue_entry(USERS[0]) is None
    await join(fake, bot, 4)
    await bot.queue.member_left(GUILD_ID, USERS[4])  # what on_raw_member_remove runs
    assert await bot.store.queue_entry(USERS[4]) is None


async def test_a_deleted_thread_stops_the_table_unranked(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    for user in USERS[:4]:
        await press_ready(fake, bot, user)
    thread = await fake.until(lambda: next(iter(fake.threads), None))
    table = await fake.until(lambda: bot.tables.table_in(thread))
    bot.tables.gone(thread)  # what on_thread_delete runs
    await fake.until(lambda: bot.tables.table_in(thread) is None)
    await fake.settle()
    assert await bot.store.table_in_channel(thread) is None
    assert [a.table_id for a in await bot.store.aborted_games(GUILD_ID)] == [table.table_id]
    assert await bot.store.unapplied_ranked_games() == []
    assert "ranked Riichi mahjong queue" in await join(fake, bot, 0)  # free to queue again


async def play_all(fake: FakeDiscord, bot: JanpoBot, users: list[int], channel: int, limit: int = 400) -> None:
    """Every player answers their prompts with the first preferred button until the table ends."""
    from tests.bot.harness import PREFERENCE, answer_prompt, pending_hand

    def someone() -> tuple[int, Stored] | bool:
        for user in users:
            hand = pending_hand(fake, user)
            if hand is not None:
                return user, hand
        return bot.tables.table_in(channel) is None

    for _ in range(limit):
        found = await fake.until(someone, what="a prompt or the end")
        if found is True:
            await fake.settle()
            return
        assert isinstance(found, tuple)
        user, hand = found
        labels = [b["label"] for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        words = [label.split(" ")[0] for label in labels]
        label = next((w for w in PREFERENCE if w in words), labels[0])
        chosen = labels[words.index(label)] if label in words else label
        await answer_prompt(fake, bot, user, hand, hand.button(chosen)["custom_id"])
    raise AssertionError("the game did not end")


async def test_a_finished_ranked_game_moves_ranks_as_the_table_says(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D74, D75, D77
    """Heads-up hold'em after a minute's wait (D78): the winner counts as 1st, the loser as 4th;
    both at 2 dan (upper room, East table): +40 and -40. The winner sits 30 points under 3 dan, the
    loser 30 points above 0: one is promoted, the other demoted, each to their new rank's base."""
    bot = await ranked_bot(fake, start_bot)
    a, b = USERS[:2]
    for user, points in ((a, 30), (b, 770)):
        await bot.store._rows("INSERT INTO ranked_players (guild_id, mode, user_id, level, points, games) "
                              "VALUES (?, 'holdem', ?, 11, ?, 5)", GUILD_ID, user, points)
    await join(fake, bot, 0, game="holdem")
    await join(fake, bot, 1, game="holdem")
    await fake.run_for(61)
    for user in (a, b):
        await press_ready(fake, bot, user)
    thread = await fake.until(lambda: next(iter(fake.threads), None))
    table = await fake.until(lambda: bot.tables.table_in(thread))
    assert [s.name.split(" · ")[1] for s in table.seats] == ["2d", "2d"]
    await play_all(fake, bot, [a, b], thread)
    [game] = await bot.store.history(GUILD_ID)
    changes = {c.user_id: c for c in await bot.store.rank_changes_of_game(game.game_id)}
    winner = next(s.user_id for s in game.seats if s.rank == 1)
    assert winner == b  # the test's fixed seed deals P2 the winning hand
    assert changes[b].delta == 40 and changes[a].delta == -40
    rows = await bot.store.ranked_standings(GUILD_ID, "holdem", [a, b])
    assert (rows[b].level, rows[b].points, rows[b].games) == (12, 600, 6)  # 810 >= 800: 3 dan, at its base
    assert (rows[a].level, rows[a].points, rows[a].games) == (10, 200, 6)  # -10 < 0: 1 dan, at its base
    standings = await fake.until(lambda: next((m for m in fake.channel_messages(thread) if any(
        name == "standings.png" for name, _ in m.files)), None))
    assert standings.content.splitlines()[1:3] == [
        "P2 2 dan 770 → 3 dan 600 / 1,200, promoted", "P1 2 dan 30 → 1 dan 200 / 400, demoted"]
    assert await bot.store.apply_ranked_game(game.game_id) == await bot.store.rank_changes_of_game(game.game_id)
    assert (await bot.store.ranked_standings(GUILD_ID, "holdem", [b]))[b].points == 600  # counted once
    token = fake.slash(bot, b, "stats", game="holdem")
    await fake.answered(token)
    stats = str(fake.last_reply(b).embeds)
    assert "3 dan" in stats and "600 / 1,200 points (600 to the next rank), 6 ranked games" in stats
    token = fake.slash(bot, a, "leaderboard", game="holdem", order="rank")
    await fake.answered(token)
    ladder = fake.channel_messages()[-1].content.splitlines()
    assert ladder[1:] == [f"1. <@{b}>: 3 dan (600 / 1,200), 6 games", f"2. <@{a}>: 1 dan (200 / 400), 6 games"]


async def test_a_ranked_game_stored_but_not_counted_before_a_crash_is_counted_at_start(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D77
    from bot.storage.ranked import QueueEntry
    from tests.bot.storage.storage_games import make_game

    bot = await ranked_bot(fake, start_bot)
    store = bot.store
    for n, user in enumerate(USERS[:4]):
        await store.queue_join(QueueEntry(user, GUILD_ID, "riichi", "south", float(n), f"P{n + 1}"))
    [match] = await store.claim_matches(GUILD_ID, "riichi", "south", 10.0, 30.0, lambda w, now: [w])
    await store.match_table(match.match_id, "crashed")
    await store.match_opened(match.match_id, 1)
    seats: list[tuple[int | None, int]] = list(zip(USERS[:4], [40000, 30000, 20000, 10000], strict=True))
    game_id = await store.finish_game("crashed", make_game(seats, guild_id=GUILD_ID))  # ... and the process died
    assert await store.unapplied_ranked_games() == [game_id]
    await bot.tables.close()
    again = await start_bot()
    assert await again.store.unapplied_ranked_games() == []
    assert [c.delta for c in await again.store.rank_changes_of_game(game_id)] == [30, 15, 0, 0]


async def test_cpus_fill_a_small_servers_table_after_its_wait_unranked(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D77, D78
    bot = await ranked_bot(fake, start_bot)
    await bot.store.set_ranked_settings(RankedSettings(GUILD_ID, RANKED, cpu_fill_minutes=2))
    await join(fake, bot, 0, game="janpo")
    await fake.run_for(100)
    assert ready_prompt(fake, USERS[0]) is None  # not yet: the server said two minutes
    await fake.run_for(30)
    prompt = await fake.until(partial(ready_prompt, fake, USERS[0]))
    assert "not ranked" in prompt.content and "3 CPU players" in prompt.content
    await press_ready(fake, bot, USERS[0])
    thread = await fake.until(lambda: next(iter(fake.threads), None))
    table = await fake.until(lambda: bot.tables.table_in(thread))
    assert [s.user_id for s in table.seats].count(None) == 3 and table.purpose is not None
    assert table.purpose["ranked"] is False
    await fake.until(partial(told_in, fake, thread, "not ranked: CPUs filled this table"))


def told_in(fake: FakeDiscord, channel: int, words: str) -> bool:
    return any(words in m.content for m in fake.channel_messages(channel))


async def test_a_ranked_players_badge_shows_in_a_hand_opened_lobby(fake: FakeDiscord, start_bot: StartBot) -> None:
    from tests.bot.harness import CHANNEL_ID

    bot = await ranked_bot(fake, start_bot)
    await bot.store._rows("INSERT INTO ranked_players (guild_id, mode, user_id, level, points, games) "
                          "VALUES (?, 'riichi', ?, 12, 700, 9)", GUILD_ID, USERS[1])
    fake.slash(bot, USERS[0], "table new", game="riichi")
    await fake.settle()
    lobby = next(m for m in fake.channel_messages() if any(b["custom_id"].startswith("jp:l:") for b in m.buttons()))
    join_id = lobby.button(prefix="jp:l:")["custom_id"].rsplit(":", 1)[0] + ":join"
    fake.click(bot, USERS[1], lobby, join_id)
    await fake.settle()
    table = bot.tables.table_in(CHANNEL_ID)
    assert table is not None and [s.name for s in table.seats] == ["P1", "P2 · 3d"]  # never ranked: no badge
    assert "P2 · 3d" in str(fake.channel_messages()[-1].embeds)


async def test_closed_dms_get_the_ready_button_privately_or_in_the_channel_they_joined_from(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D79
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    bot.queue.joins.pop(USERS[0])  # P1's join is too old to answer privately (15 minutes)
    fake.fail("POST", r"/channels/\d+/messages", 403, code=50007, times=4)  # every Ready DM is refused
    here = await fake.until(lambda: next((m for m in fake.channel_messages(CHANNELS[0]) if any(
        b["custom_id"].startswith("jp:q:") for b in m.buttons())), None))
    assert f"<@{USERS[0]}>" in here.content and "DMs are closed" in here.content
    for user in USERS[1:4]:  # the others' joins are recent: a private follow-up
        private = await fake.until(lambda u=user: next((m for m in fake.ephemerals(u) if any(  # type: ignore[misc]
            b["custom_id"].startswith("jp:q:") for b in m.buttons())), None))
        assert "Press **Ready**" in private.content
    stranger = fake.click(bot, USERS[5], here, here.button(prefix="jp:q:")["custom_id"])
    await fake.answered(stranger)
    assert "another player" in fake.last_reply(USERS[5]).content
    token = fake.click(bot, USERS[0], here, here.button(prefix="jp:q:")["custom_id"])
    await fake.answered(token)
    match = await bot.store.queue_entry(USERS[0])
    assert match is not None and match.ready_id is not None


async def test_a_waiting_player_who_sits_down_elsewhere_is_not_matched_meanwhile(
        fake: FakeDiscord, start_bot: StartBot) -> None:  # D78
    from tests.bot.harness import CHANNEL_ID, open_table

    bot = await ranked_bot(fake, start_bot)
    await join(fake, bot, 0, game="janpo")
    await open_table(fake, bot, user=USERS[0], cpus=3, game="riichi")  # then sits down by hand
    assert bot.tables.table_in(CHANNEL_ID) is not None
    for n in (1, 2, 3):
        await join(fake, bot, n, game="janpo")
    await fake.run_for(5)
    assert all(ready_prompt(fake, u) is None for u in USERS[:4])  # three free players are not a table
    await join(fake, bot, 4, game="janpo")
    for user in USERS[1:5]:
        await fake.until(partial(ready_prompt, fake, user))
    assert ready_prompt(fake, USERS[0]) is None
    entry = await bot.store.queue_entry(USERS[0])
    assert entry is not None and entry.status == "waiting"  # keeps their place until their game ends


async def test_a_restart_during_ready_still_times_the_match_out(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await ranked_bot(fake, start_bot)
    for n in range(4):
        await join(fake, bot, n)
    await fake.until(partial(ready_prompt, fake, USERS[0]))
    await press_ready(fake, bot, USERS[0])
    await bot.tables.close()
    again = await start_bot()
    await fake.run_for(45)
    assert [(e.user_id, e.status) for e in await again.store.queue_of_guild(GUILD_ID)] == [(USERS[0], "waiting")]
    await fake.until(partial(told, fake, USERS[1], "did not press Ready"))


def settings_ranked(fake: FakeDiscord, bot: JanpoBot, user: int, channel: int | None, cpu_fill: int | None) -> str:
    """``/settings ranked channel:#… cpu_fill:…`` as Discord sends it (a channel option is resolved)."""
    options: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    if channel is not None:
        options.append({"name": "channel", "type": 7, "value": str(channel)})
        resolved = {"channels": {str(channel): {"id": str(channel), "type": 0, "name": "ranked", "permissions": "0",
                                                "guild_id": str(GUILD_ID)}}}
    if cpu_fill is not None:
        options.append({"name": "cpu_fill", "type": 4, "value": cpu_fill})
    payload = fake._base(2, user, "en-US", CHANNELS[0], dm=False)
    payload["data"] = {"id": str(fake.next_id()), "name": "settings", "type": 1, "resolved": resolved,
                       "options": [{"name": "ranked", "type": 1, "options": options}]}
    state: Any = bot._connection
    state.parse_interaction_create(payload)
    return str(payload["token"])


async def test_settings_ranked_needs_manage_server_and_turns_ranked_play_on_and_off(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    import discord

    bot = await ranked_bot(fake, start_bot)
    await bot.sync_commands(None)
    sent = next(c.payload for c in fake.calls if c.method == "PUT")
    group = next(c for c in sent if c["name"] == "settings")
    ranked = next(o for o in group["options"] if o["name"] == "ranked")
    assert [o.get("channel_types") for o in ranked["options"] if o["name"] == "channel"] == [[0]]  # text only
    await bot.store.set_ranked_settings(RankedSettings(GUILD_ID))
    await fake.answered(settings_ranked(fake, bot, USERS[0], RANKED, 5))
    assert (await bot.store.get_ranked_settings(GUILD_ID)).channel_id is None  # not a server manager
    fake.member_permissions = discord.Permissions(manage_guild=True).value
    await fake.answered(settings_ranked(fake, bot, USERS[0], RANKED, 5))
    reply = fake.last_reply(USERS[0]).content
    assert f"threads of <#{RANKED}>" in reply and "After 5 minutes" in reply
    assert await bot.store.get_ranked_settings(GUILD_ID) == RankedSettings(GUILD_ID, RANKED, 5)
    await fake.answered(settings_ranked(fake, bot, USERS[0], None, None))
    assert "Ranked play is off" in fake.last_reply(USERS[0]).content
    assert "Ranked play is off" in await join(fake, bot, 1)
