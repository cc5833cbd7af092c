"""D69 at the table, through the real dispatch: the lobby commits to a secret, Start derives the
seed from it and the recorded Join/Start ids, the end reveals it, and ``/table verify`` checks the
stored record, after a restart too, and refuses a tampered one in plain words."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import JanpoBot
from bot.config import Config
from bot.storage import Store
from engine.fairness import RULES_VERSION, derive_seed
from engine.verify import main as verify_main
from engine.verify import verify as engine_verify
from tests.bot.harness import (
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    Stored,
    TableOptions,
    lobby_action,
    log_in,
    play_out,
    table_of,
    until,
)

GUEST = 500_000_000_000_000_003
HOLDEM: TableOptions = {"game": "holdem", "stack": 1000, "big_blind": 200}
OPTIONS = {"blinds": [100, 200], "stacks": 1000}


@pytest.fixture
async def fair_bot(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[Callable[..., Awaitable[JanpoBot]]]:
    """Bots as deployed: no fixed seeds, so every table is dealt by the fair shuffle; each call
    opens the same database file anew (a restart)."""
    bots: list[JanpoBot] = []
    stores: list[Any] = []

    async def start(**kw: Any) -> JanpoBot:
        store = await Store.open(str(tmp_path / "janpo.sqlite3"))
        stores.append(store)
        bot = JanpoBot(Config(token="fake-token"), store=store, clock=fake.clock, **kw)
        await log_in(bot)
        bots.append(bot)
        return bot

    yield start
    for bot in bots:
        await bot.tables.close()
        await bot.http.close()
    for store in stores:
        await store.close()


def interaction_id(fake: FakeDiscord, token: str) -> int:
    """The snowflake of the interaction sent with ``token`` (from the bot's answer to it)."""
    for call in fake.calls:
        if m := re.fullmatch(rf"/interactions/(\d+)/{re.escape(token)}/callback", call.path):
            return int(m[1])
    raise AssertionError(f"interaction {token} was never answered")


def quoted_after(text: str, label: str) -> str:
    m = re.search(rf"{label}: `([0-9a-f]+)`", text)
    assert m, f"no {label} in {text!r}"
    return m[1]


async def open_lobby(fake: FakeDiscord, bot: JanpoBot) -> tuple[Stored, list[int]]:
    """``/table new`` by the host, then a Join by the guest: the lobby and both interaction ids."""
    token = fake.slash(bot, HOST, "table new", seating="join", **HOLDEM)
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    join = fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    return lobby, [interaction_id(fake, token), interaction_id(fake, join)]


def everything_sent(fake: FakeDiscord, calls: list[Any]) -> str:
    return "\n".join(json.dumps(c.payload, ensure_ascii=False) for c in calls) + "\n".join(
        blob.hex() + repr(blob) for c in calls for _, blob in c.files)


async def test_commitment_seed_and_reveal_follow_the_recorded_ids(fake: FakeDiscord, fair_bot: StartBot) -> None:
    """The lobby shows SHA-256 of the secret the end reveals; the seed is derived from the host's
    /table new, the guest's Join and the Start ids (a different Start id gives another seed); a
    second Start changes nothing; no message says the secret before the game is over."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    bot = await fair_bot()
    lobby, joins = await open_lobby(fake, bot)
    commitment = quoted_after(lobby.text(), "Commitment")
    seen, start_button = fake.as_seen(lobby), lobby_action(lobby, "start")
    start = fake.click(bot, HOST, lobby, start_button)
    await fake.settle()
    table = table_of(bot)
    assert table.fairness is not None and table.fairness["commitment"] == commitment
    secret = bytes.fromhex(table.fairness["secret"])
    entropy = [*joins, interaction_id(fake, start)]
    assert table.fairness["entropy"] == entropy
    assert table.seed == derive_seed(secret, entropy, "holdem", OPTIONS, RULES_VERSION)
    assert table.seed != derive_seed(secret, [*joins, entropy[-1] + 1], "holdem", OPTIONS, RULES_VERSION)
    assert commitment in fake.table_message().text()  # the table in play shows the same commitment

    seed, moves = table.seed, len(table.moves)
    fake.click(bot, HOST, seen, start_button)  # a second Start, from the lobby as the host saw it
    await fake.settle()
    assert "nothing was changed" in fake.last_reply(HOST).text()
    assert (table.seed, table.fairness["entropy"]) == (seed, entropy) and len(table.moves) >= moves

    for command in ("table status", "table verify"):  # private answers during play: the commitment only
        fake.slash(bot, GUEST, command)
        await fake.settle()
        assert commitment in fake.last_reply(GUEST).text()
    await play_out(fake, bot)
    ended = next(i for i, c in enumerate(fake.calls) if secret.hex() in everything_sent(fake, [c]))
    assert secret.hex() not in everything_sent(fake, fake.calls[:ended])  # public or private, text or file
    assert fake.calls[ended].public and "The game is over." in json.dumps(fake.calls[ended].payload)
    revealed = quoted_after(fake.channel_messages()[-1].text() + "\n" + "\n".join(
        m.text() for m in fake.channel_messages()), "Secret")
    assert hashlib.sha256(bytes.fromhex(revealed)).hexdigest() == commitment
    stored = (await bot.store.history(GUILD_ID))[0]
    game = await bot.store.get_game(stored.game_id, GUILD_ID)
    assert game is not None and game.scenario["fairness"]["secret"] == revealed
    assert engine_verify(game.scenario).startswith("verified")  # the stored record is the verify file


async def test_verify_passes_after_a_restart_and_by_game_number(fake: FakeDiscord, fair_bot: StartBot) -> None:
    """The secret drawn at the lobby survives a restart before Start and one during play; after
    the game a new bot over the same store verifies it from the stored record, by channel and by
    game number."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    bot = await fair_bot()
    lobby, _ = await open_lobby(fake, bot)
    commitment = quoted_after(lobby.text(), "Commitment")
    await bot.tables.close()

    bot = await fair_bot()  # the lobby comes back with its secret; its buttons work again
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    fairness = table_of(bot).fairness
    assert fairness is not None and fairness["commitment"] == commitment
    fake.slash(bot, HOST, "table verify")
    await fake.settle()
    assert "still running" in fake.last_reply(HOST).text() and commitment in fake.last_reply(HOST).text()
    dms = len(fake.dms(HOST))
    await bot.tables.close()

    bot = await fair_bot()  # a restart mid-game: the table resumes with its secret and ids
    fairness = table_of(bot).fairness
    assert fairness is not None and fairness["commitment"] == commitment and len(fairness["entropy"]) == 3
    await until(lambda: len(fake.dms(HOST)) > dms)  # the hand is sent again
    for old in fake.dms(HOST)[:dms]:  # the prompt sent before the restart keeps its (stale) buttons:
        old.data["components"] = []  # play_out answers the new one only
    await play_out(fake, bot)
    await bot.tables.close()

    bot = await fair_bot()
    fake.slash(bot, HOST, "table verify")
    await fake.settle()
    reply = fake.last_reply(HOST).text()
    game_id = (await bot.store.history(GUILD_ID))[0].game_id
    assert f"Game #{game_id} verified" in reply and commitment in reply
    assert "has SHA-256" in reply and "3 Discord ids" in reply and "moves replay" in reply
    fake.slash(bot, GUEST, "table verify", game=game_id)
    await fake.settle()
    assert f"Game #{game_id} verified" in fake.last_reply(GUEST).text()
    fake.slash(bot, GUEST, "table verify", game=game_id + 1)
    await fake.settle()
    assert f"No finished game #{game_id + 1}" in fake.last_reply(GUEST).text()


def tamper(db: Path, change: Callable[[dict[str, Any]], None]) -> None:
    with sqlite3.connect(db, timeout=10) as con:
        game_id, text = con.execute("SELECT game_id, scenario FROM games ORDER BY game_id DESC").fetchone()
        scenario = json.loads(text)
        change(scenario)
        con.execute("UPDATE games SET scenario = ? WHERE game_id = ?", (json.dumps(scenario), game_id))


def flip_secret(s: dict[str, Any]) -> None:
    secret = s["fairness"]["secret"]
    s["fairness"]["secret"] = ("1" if secret[0] == "0" else "0") + secret[1:]


def shift_join_id(s: dict[str, Any]) -> None:
    s["fairness"]["entropy"][1] += 1


def drop_last_move(s: dict[str, Any]) -> None:
    s["moves"] = s["moves"][:-1]


@pytest.mark.parametrize(("change", "reason"), [
    (flip_secret, "not to the commitment"),
    (shift_join_id, "is not the seed"),
    (drop_last_move, "fairness.outcome.finished: the replay gives false"),
])
async def test_verify_fails_plainly_on_a_tampered_record(fake: FakeDiscord, fair_bot: StartBot, tmp_path: Path,
                                                         change: Callable[[dict[str, Any]], None],
                                                         reason: str) -> None:
    """The stored secret, a recorded Join id or the moves changed after the game: verify says the
    game did NOT verify and which check failed."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    bot = await fair_bot()
    lobby, _ = await open_lobby(fake, bot)
    fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    await play_out(fake, bot)
    fake.slash(bot, HOST, "table verify")
    await fake.settle()
    assert "verified" in fake.last_reply(HOST).text()
    tamper(tmp_path / "janpo.sqlite3", change)
    fake.slash(bot, HOST, "table verify")
    await fake.settle()
    reply = fake.last_reply(HOST).text()
    assert "did NOT verify" in reply and reason in reply, reply


async def test_leave_drops_the_join_id_and_export_gives_the_verify_file(fake: FakeDiscord, fair_bot: StartBot,
                                                                        tmp_path: Path) -> None:
    """A player who leaves the lobby is taken out of the ids and their new Join counts (D70); the
    /export scenario file is the verify file ``python -m engine.verify`` accepts (exit 0)."""
    fake.add_user(HOST, "Alice")
    fake.add_user(GUEST, "Bob")
    bot = await fair_bot()
    lobby, (opened, first_join) = await open_lobby(fake, bot)
    fake.click(bot, GUEST, lobby, lobby_action(lobby, "leave"))
    await fake.settle()
    again = fake.click(bot, GUEST, lobby, lobby_action(lobby, "join"))
    await fake.settle()
    start = fake.click(bot, HOST, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    entropy = [opened, interaction_id(fake, again), interaction_id(fake, start)]
    fairness = table_of(bot).fairness
    assert fairness is not None and first_join not in entropy and fairness["entropy"] == entropy
    await play_out(fake, bot)

    game_id = (await bot.store.history(GUILD_ID))[0].game_id
    fake.slash(bot, GUEST, "export", game=game_id)
    await fake.settle()
    reply = fake.last_reply(GUEST)
    assert "python -m engine.verify" in reply.text()
    path = tmp_path / "exported.json"
    path.write_bytes(dict(reply.files)[f"game-{game_id}.json"])
    assert verify_main([str(path)]) == 0
    assert json.loads(path.read_bytes())["fairness"]["entropy"] == entropy
