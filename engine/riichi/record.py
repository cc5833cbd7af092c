"""The record of a kyoku: what happened, in the order it happened, as the table saw it resolve.

The moves list of a scenario is the order in which players *answered*; claims may be answered in
any order and a chi or pon only takes effect once every answer that matters is in (R4). Readers
that need the story of the hand (game logs for review tools, replays) read this record instead:
each event is appended by the kyoku (engine/riichi/kyoku.py and the modules of its flow of play)
at the moment it takes effect.

Kinds (``seat`` is the actor, tiles are 0..135 ids):

- ``draw``: ``seat`` draws ``tile``; ``rinshan`` when it comes from the dead wall after a kan.
- ``riichi``: ``seat`` declares riichi; its ``discard`` follows at once.
- ``discard``: ``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn,
  ``riichi`` when it is the riichi declaration tile.
- ``riichi_accepted``: the declaration stands (nobody won on its tile); the deposit is paid.
- ``chi``, ``pon``, ``minkan``: ``seat`` calls ``tile`` discarded by ``source`` with its own
  ``tiles``.
- ``ankan``: ``seat`` declares a closed kan of ``tiles``.
- ``kakan``: ``seat`` adds ``tile`` to its pon (robbable until ``dora``/``draw`` follow).
- ``dora``: a new dora indicator ``tile`` is turned (at once for every kan, R9).
- ``win``: ``seat`` wins on ``tile``, from ``source`` (None on tsumo).
- ``exhaustive_draw``: the wall is exhausted (who was tenpai is in the kyoku's result).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("draw", "riichi", "discard", "riichi_accepted", "chi", "pon", "minkan", "ankan", "kakan",
         "dora", "win", "exhaustive_draw")


@dataclass(frozen=True, slots=True)
class Event:
    """One resolved event of a kyoku (see the module docstring for the kinds)."""

    kind: str
    seat: int | None = None
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    source: int | None = None
    tsumogiri: bool = False
    riichi: bool = False
    rinshan: bool = False
