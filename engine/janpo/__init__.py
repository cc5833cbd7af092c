"""Janpo: riichi mahjong and no-limit hold'em at once, one points stack (RULES.md section J)."""
