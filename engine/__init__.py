"""The game engine: pure rules, no I/O, deterministic given a seed.

Games: ``riichi`` (M.League riichi mahjong), ``holdem`` (no-limit hold'em), ``janpo`` (the fusion)
and ``five`` (Mahjong Five). Every game follows the protocol in :mod:`engine.base` and can be
written down and replayed as a scenario (:mod:`engine.scenario`).
"""
