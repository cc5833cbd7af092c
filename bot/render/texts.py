"""Every caption drawn on an image, by key, in English: the message catalog replaces them per language.

Renderers take ``texts``, a mapping from these keys to format strings; missing keys fall back to
English so a partial catalog still draws.
"""

from __future__ import annotations

from collections.abc import Mapping

DEFAULT_TEXTS: dict[str, str] = {
    # hand
    "waits": "Waits",
    "wait_count": "×{n}",
    "furiten": "FURITEN",
    "riichi": "RIICHI",
    "shanten": "{n}-shanten",
    "tenpai": "Tenpai",
    "complete": "Complete hand",
    "drawn": "Drawn",
    "hole_cards": "Hole cards",
    "board": "Board",
    "dora": "Dora indicator",  # the tile drawn is the indicator; the dora is the next tile
    "ura": "Ura",
    "kuikae": "Greyed tiles can't be discarded this turn",
    "to_call": "To call {n}",
    "behind": "You have {n}",
    # table
    "round": "{wind}{kyoku}",
    "honba": "{n} honba",
    "deposits": "×{n}",
    "wall": "{n} tiles left",
    "pot": "Pot {n}",
    "pot_note": "this round's bets included",
    "main_pot": "Main pot {n}",
    "side_pot": "Side pot {i}: {n}",
    "bet": "Bet {n}",
    "stack": "{n}",
    # One badge vocabulary: the mahjong seat to play is "TO DISCARD" ("TURN" is a poker street),
    # the poker seat to bet is "TO ACT", and a Janpo player out of poker (J12) is "MAHJONG ONLY".
    "to_act": "TO ACT",
    "folded": "FOLDED",
    "all_in": "ALL-IN",
    "busted": "BUSTED",
    "out_of_poker": "MAHJONG ONLY",
    "turn": "TO DISCARD",
    "co": "CO",
    "blinds": "Blinds {sb}/{bb}",
    "hand_no": "Hand #{n}",
    "wind_E": "E",
    "wind_S": "S",
    "wind_W": "W",
    "wind_N": "N",
    # results
    "ron": "{winner} wins by ron from {loser}",
    "tsumo": "{winner} wins by tsumo",
    "draw": "Exhaustive draw",
    "tenpai_players": "Tenpai: {names}",
    "noten_all": "Nobody tenpai",
    "han": "{n} han",
    "han_fu": "{han} han {fu} fu",
    "points": "{n}",
    "total_han": "Total",
    "base_score": "Base score",
    "score_change": "score {delta}",
    "standings": "Final standings",
    "points_column": "Points",
    "mleague": "M.League",
    "rank": "{n}.",
    "showdown": "Showdown",
    "wins_pot": "{names} win {pot}",
    "wins_pot_one": "{names} wins {pot}",
    # legend (bot/render/legend.py)
    "legend_title": "What the table shows",
    "legend_winds": "Seat wind; red marks the dealer",
    "legend_turn": "Gold frame: this seat is to draw and discard",
    "legend_riichi": "Riichi declared: 1,000 points put on the table",
    "legend_riichi_tile": "The sideways discard is the one riichi was declared with",
    "legend_called": "Darkened discard: another seat called it",
    "legend_last": "Gold ring: the latest discard, still open to calls",
    "legend_meld": "A called set: the sideways tile came from the seat on that side",
    "legend_kuikae": "Greyed in your hand: may not be discarded this turn (kuikae)",
    "legend_dora": "Dora indicator: the dora is the next tile in order",
    "legend_index": "Corner number: the tile's number; winds show E S W N",
    "legend_to_act": "This player must check, call, bet, raise or fold",
    "legend_positions": "Button, small blind, big blind, cutoff",
    "legend_folded": "Gave up this poker hand",
    "legend_all_in": "Every point or chip is in the pot",
    "legend_bet": "Put in during this betting round",
    "legend_pot": "Pot: every chip in the middle, this round's bets included; main and side pots: "
                  "chips from earlier rounds, by who can win them",
    "legend_out_of_poker": "Had 0 points or less when a poker hand began: plays mahjong only from then on",
    "legend_busted": "Out of chips: out of the game",
    "legend_button": "Dealer button: acts last after the flop",
    # tile chart (bot/render/chart.py)
    "chart_title": "The tiles",
    "chart_man": "Characters (man) 1–9",
    "chart_pin": "Dots (pin) 1–9",
    "chart_sou": "Bamboo (sou) 1–9",
    "chart_honors": "Winds E S W N, dragons",
    "chart_red": "Red fives",
    "chart_sideways": "Sideways: called or riichi",
}


def text(texts: Mapping[str, str] | None, key: str, **values: object) -> str:
    """The caption for ``key``, filled in; the English default when the catalog lacks it."""
    template = (texts or {}).get(key) or DEFAULT_TEXTS[key]
    return template.format(**values) if values else template


def signed(n: int) -> str:
    """``+20`` / ``−20`` with a real minus sign: the score change wording of F9."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")
