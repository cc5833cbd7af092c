"""Material for newcomers: the example hands of the beginner's guide and the guided first hand.

``examples`` holds the hands the guide draws (one per yaku, Five category and poker rank), so
tests can score each with the engine; ``pictures`` draws them with the renderer; ``script`` is
the text of the guided first hand, in every language; ``lesson`` plays that hand against CPUs
and finds the script's moments; ``screen`` turns a lesson into words, pictures and buttons for
the ``/learn`` command (:mod:`bot.cogs.learn`).
"""
