"""Mahjong Five (RULES.md section F): the family variant's own small yaku set and its scoring.

:mod:`engine.five.scoring` values a winning hand, :mod:`engine.five.tenpai` finds the waits that
count at an exhaustive draw, and :mod:`engine.five.yaku` holds one small module per yaku category.
"""
