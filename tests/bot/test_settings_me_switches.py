"""The comfort switches at a real table, through the real dispatch (issue 20): a seat whose player
turned switches on is answered by them exactly where :func:`bot.comfort.auto_move` answers, every
such move goes through the engine and into the stored game, the player is told, and the prompts
show nothing a switch hid. The game is then replayed independently from its seed to check every
one of the player's moves against the switches."""

from __future__ import annotations

from typing import Any

from bot.comfort import UserSettings, auto_move
from engine.games import new_game
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, play_out, table_of

ALL_ON = UserSettings(auto_win=True, no_calls=True, auto_tsumogiri=True)
CALL_WORDS = {"Chi", "Pon", "Kan"}


def replay_counts(table: Any, settings: UserSettings) -> dict[str, int]:
    """Replays the stored moves; every move of seat A where the switches answer must be their move.
    Returns how many of A's moves each switch made, and how many A was asked for."""
    game = new_game({"game": table.game_name, "players": table.players, "seed": table.seed,
                     "options": table.options})
    counts = {"asked": 0, "ron": 0, "tsumo": 0, "pass": 0, "tsumogiri": 0}
    for move in table.moves:
        if move[0] == "A":
            legal = game.legal_moves("A")
            wanted = auto_move(settings, game.view("A"), legal)
            if wanted is None:
                counts["asked"] += 1
            else:
                assert move == wanted, (move, wanted)
                counts[str(move[1])] += 1
        game.play(move)
    return counts


def sent_hand_texts(fake: FakeDiscord) -> list[str]:
    return [str(c.payload.get("content") or "") for c in fake.calls
            if c.where == "dm" and c.method == "POST" and isinstance(c.payload, dict) and c.payload.get("content")]


def move_labels(message: Any) -> list[str]:
    return [b["label"].split(" ")[0] for b in message.buttons() if b["custom_id"].startswith("jp:m:")]


async def play_with(fake: FakeDiscord, start_bot: StartBot, settings: UserSettings, seed: int,
                    **options: Any) -> tuple[Any, int]:
    fake.add_user(HOST, "Ann")
    bot = await start_bot(seed=seed)
    await bot.store.set_user_settings(HOST, settings.to_json())
    await open_table(fake, bot, **options)
    table = table_of(bot)
    clicks = await play_out(fake, bot)
    return table, clicks


async def test_all_switches_at_a_riichi_table(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D71: every switch move is in the stored game, where the switches answer and nowhere else."""
    table, clicks = await play_with(fake, start_bot, ALL_ON, 1, game="riichi", length="east")
    counts = replay_counts(table, ALL_ON)
    assert counts["asked"] == clicks  # every other move of A's was a switch's, none was a click
    assert counts["pass"] > 0 and counts["tsumogiri"] > 0
    hands = fake.dms(HOST)
    for hand in hands:
        labels = move_labels(hand)
        assert not CALL_WORDS & set(labels), labels  # no calls: never a chi, pon or kan prompt
        if "Ron" in labels:
            assert set(labels) == {"Ron", "Pass"}  # a ron is still asked, with nothing else
    texts = sent_hand_texts(fake)  # as sent: an answered hand is edited to say what was played
    assert texts and any("Your switches answered for you: Played: tsumogiri." in t for t in texts)
    assert all("Switches on: Auto-win, No calls, Auto-tsumogiri (/settings me)" in t for t in texts)


async def test_switches_off_change_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    table, clicks = await play_with(fake, start_bot, UserSettings(), 1, game="riichi", length="east")
    assert replay_counts(table, UserSettings())["asked"] == clicks == sum(1 for m in table.moves if m[0] == "A")
    texts = sent_hand_texts(fake)
    assert texts and not any("Switches on" in t or "answered for you" in t for t in texts)


async def test_janpo_poker_actions_are_never_played_by_a_switch(fake: FakeDiscord, start_bot: StartBot) -> None:
    table, clicks = await play_with(fake, start_bot, ALL_ON, 2, game="janpo")
    counts = replay_counts(table, ALL_ON)
    assert counts["asked"] == clicks and counts["pass"] + counts["tsumogiri"] > 0
    poker = {"check", "call", "bet", "raise", "allin", "fold"}
    game = new_game({"game": "janpo", "players": table.players, "seed": table.seed, "options": table.options})
    for move in table.moves:
        if move[0] == "A" and auto_move(ALL_ON, game.view("A"), game.legal_moves("A")) is not None:
            assert not poker & set(map(str, move[1:])) or move[1:] == ["tsumo", "check"], move  # J7c, J15
        game.play(move)
