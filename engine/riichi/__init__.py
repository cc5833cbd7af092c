"""Riichi mahjong, M.League rules (RULES.md section R): wall, kyoku state machine, scoring, game."""
