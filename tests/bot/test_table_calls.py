"""D67: the table message (and /table status, which shows the same embed) never names who may
claim a discard: over whole random games it says only that calls are pending."""

from __future__ import annotations

from bot.play import messages
from bot.play.table import Seat, Table
from engine.games import new_game
from engine.randomplay import play_out
from engine.riichi.kyoku import Phase
from tests.bot.harness import HOST

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_table_message_says_calls_are_pending_and_names_nobody() -> None:
    for game_name in ("riichi", "janpo"):
        table = Table("t1", 1, 2, game_name, HOST, status="playing", seed=3,
                      seats=[Seat(HOST + i, name) for i, name in enumerate(NAMES)])
        game = new_game({"game": game_name, "players": table.players, "seed": 3, "options": {"length": "east"}
                         if game_name == "riichi" else {}})
        table.game = game
        seen = {"calls": 0, "turns": 0}

        def check(g: object, _move: object, table: Table = table, seen: dict[str, int] = seen) -> None:
            assert table.game is not None
            waiting = [] if table.game.finished else table.game.waiting_on()
            table.deadlines = {p: 1_000_000 + i for i, p in enumerate(waiting)}  # as the prompts set them
            text = messages.table_embed("en", table, table.game.summary(), waiting).description or ""
            kyoku = table.game.mj.kyoku if hasattr(table.game, "mj") else table.game.kyoku  # type: ignore[attr-defined]
            if waiting and kyoku.phase in (Phase.CLAIMS, Phase.CHANKAN):
                seen["calls"] += 1
                last = 1_000_000 + len(waiting) - 1
                assert text == f"Waiting for calls on the discard: time runs out <t:{last}:R>."
                assert not any(name in text for name in NAMES)
            elif waiting:
                seen["turns"] += 1
                assert text.startswith("Waiting for ") and "calls" not in text

        play_out(game, seed=3, on_move=check)
        assert seen["calls"] > 0 and seen["turns"] > 0
