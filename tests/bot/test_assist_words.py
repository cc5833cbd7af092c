"""Assist lines in the player's words: the poker hand class and the call price, in English and
Korean, from the player's own view; switches as names; nothing with assist off."""

from __future__ import annotations

from bot.comfort import UserSettings
from bot.comfort.words import hand_marks
from engine.assist import assist
from engine.games import new_game


def test_holdem_lines_in_both_languages() -> None:
    game = new_game({"game": "holdem", "players": ["A", "B"], "seed": 1, "options": {"blinds": [100, 200],
                                                                                    "stacks": 20000}})
    player = game.waiting_on()[0]
    view, legal = game.view(player), game.legal_moves(player)
    hint = assist(view, legal).poker
    assert hint is not None and hint.to_call > 0
    en = hand_marks("en", "holdem", view, legal, True, UserSettings(auto_win=True))
    ko = hand_marks("ko", "holdem", view, legal, True, None)
    assert en["switches"] == ("Auto-win",) and "switches" not in ko
    assert en["assist_lines"][0].startswith("Assist: " + {"Pair": "Pair", "High Card": "High card"}[hint.hand_class])
    assert f"a call costs {hint.to_call:,}" in en["assist_lines"][1]
    assert ko["assist_lines"][0].startswith("도우미: " + {"Pair": "원페어", "High Card": "하이카드"}[hint.hand_class])
    assert hand_marks("en", "holdem", view, legal, False, None) == {}
