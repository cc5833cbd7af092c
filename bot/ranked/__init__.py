"""Ranked play: a queue per server and game that fills tables across channels, and a dan ladder.

Pure parts are plain functions over plain data (:mod:`bot.ranked.ladder`, :mod:`bot.ranked.matching`);
the queue service (:mod:`bot.ranked.service`) polls the store, sends Ready prompts through the
outbox and opens each match's table in a thread through :mod:`bot.play.seated`.
"""
