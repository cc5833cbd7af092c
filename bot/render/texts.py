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
}


def text(texts: Mapping[str, str] | None, key: str, **values: object) -> str:
    """The caption for ``key``, filled in; the English default when the catalog lacks it."""
    template = (texts or {}).get(key) or DEFAULT_TEXTS[key]
    return template.format(**values) if values else template


def signed(n: int) -> str:
    """``+20`` / ``−20`` with a real minus sign: the score change wording of F9."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")
