"""Images of hands, tables and results, drawn with Pillow from plain records (``model``).

Each ``render_*`` returns a PIL image; :func:`to_png` encodes it with its game kind's fixed
palette. Rendering is CPU work: ``bot.render.jobs`` has the same pictures as top-level functions of
picklable records returning PNG bytes, and ``bot.render.pool.RenderPool`` runs them in warmed
worker processes so the event loop never draws. Sprites and palettes come from ``assets/`` (drawn
by ``make_assets``).
"""

from bot.render.chart import render_tile_chart
from bot.render.draw import to_png
from bot.render.hand import render_hand
from bot.render.holdem import render_holdem_table, render_showdown
from bot.render.legend import render_legend
from bot.render.results import render_five_result, render_kyoku_result, render_standings
from bot.render.table import render_table
from bot.render.texts import DEFAULT_TEXTS

__all__ = [
    "DEFAULT_TEXTS",
    "render_five_result",
    "render_hand",
    "render_holdem_table",
    "render_kyoku_result",
    "render_legend",
    "render_showdown",
    "render_standings",
    "render_table",
    "render_tile_chart",
    "to_png",
]
