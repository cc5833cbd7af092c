"""A finished game as an mjai event stream (JSON lines), the format Mortal-based reviewers read.

Written from the engine's record of each kyoku (engine/riichi/record.py), for riichi games and for
the mahjong part of Janpo and Mahjong Five. One JSON object a line:

- ``start_game`` (``names``, ``aka_flag``; ``game`` and ``rules``: which rules the game followed —
  M.League's for riichi, which let riichi be declared with 1–3 tiles left where Tenhou's do not).
- ``start_kyoku`` (``bakaze``, ``kyoku``, ``honba``, ``kyotaku``, ``oya``, ``scores``,
  ``dora_marker``, ``tehais``), then as they took effect: ``tsumo`` (``actor``, ``pai``),
  ``dahai`` (``pai``, ``tsumogiri``), ``reach`` then the riichi ``dahai`` then ``reach_accepted``
  (with ``deltas``/``scores`` once the deposit is paid), ``chi``/``pon``/``daiminkan``
  (``target``, ``pai``, ``consumed``), ``ankan`` (``consumed``), ``kakan`` (``pai``,
  ``consumed``: the pon's tiles), ``dora`` (``dora_marker``: at once for every kan, R9), and
  ``hora`` (``target`` = the winner on tsumo, ``pai``, ``deltas``, ``ura_markers``, ``scores``,
  ``han``, ``fu``, ``yaku`` as ``[name, han]``) or ``ryukyoku`` (``deltas``, ``scores``,
  ``tenpai``), then ``end_kyoku``; ``end_game`` (``scores``: the final points) when the game is over.
- Tiles: ``1m``…``9m``, ``1p``…, ``1s``…, ``E S W N P F C`` for the honors, ``5mr``/``5pr``/``5sr``
  for red fives.

Janpo: a reader sees nothing of the poker. ``start_kyoku.scores`` are the table's points as the
kyoku was dealt (so they include every poker hand played before it); the ``scores`` after
``reach_accepted``, ``hora`` and ``ryukyoku`` count the kyoku's mahjong payments only, so the chips
poker moved during a kyoku show as the difference between that kyoku's last ``scores`` and the next
``start_kyoku.scores`` (or ``end_game.scores``).

A seat's own view (``seat=``) shows that seat's hand and draws and masks every other concealed
tile as ``"?"`` (others' starting hands and draws); discards, calls, closed kans, dora and results
are public, as the table showed them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot.results.played import RULES_NOTE, PlayedGame, PlayedKyoku, replay, riichi_cost
from engine.riichi.kyoku import WINDS, Kyoku
from engine.tiles import tile_name

HONORS = "ESWNPFC"
HIDDEN = "?"


def mjai_tile(name: str) -> str:
    """The mjai name of a tile in the engine's notation.

    >>> [mjai_tile(t) for t in ("1m", "0p", "5s", "1z", "5z", "7z")]
    ['1m', '5pr', '5s', 'E', 'P', 'C']
    """
    n, suit = name[0], name[1]
    if suit == "z":
        return HONORS[int(n) - 1]
    return f"5{suit}r" if n == "0" else name


def _pai(k: Kyoku, tile: int) -> str:
    return mjai_tile(tile_name(tile, k.rules.red_fives))


def _pais(k: Kyoku, tiles: Sequence[int]) -> list[str]:
    return [_pai(k, t) for t in sorted(tiles)]


def kyoku_events(pk: PlayedKyoku, seat: int | None = None) -> Iterator[dict[str, Any]]:
    """The events of one ended kyoku; ``seat`` masks what that seat could not see."""
    k, result = pk.kyoku, pk.result
    scores = list(k.start_points)
    hands = [_pais(k, h) if seat is None or s == seat else [HIDDEN] * len(h) for s, h in enumerate(k.wall.hands)]
    yield {"type": "start_kyoku", "bakaze": WINDS[k.round_wind], "kyoku": k.dealer + 1, "honba": k.honba,
           "kyotaku": k.start_deposits, "oya": k.dealer, "scores": list(scores),
           "dora_marker": _pai(k, k.wall.dora[0]), "tehais": hands}
    pons: dict[tuple[int, int], list[int]] = {}
    for e in k.record:
        actor = e.seat if e.seat is not None else -1
        if e.kind == "draw":
            assert e.tile is not None
            shown = seat is None or seat == actor
            yield {"type": "tsumo", "actor": actor, "pai": _pai(k, e.tile) if shown else HIDDEN}
        elif e.kind == "riichi":
            yield {"type": "reach", "actor": actor}
        elif e.kind == "discard":
            assert e.tile is not None
            yield {"type": "dahai", "actor": actor, "pai": _pai(k, e.tile), "tsumogiri": e.tsumogiri}
        elif e.kind == "riichi_accepted":
            deltas = [0] * 4
            deltas[actor] = -riichi_cost(k)
            scores[actor] -= riichi_cost(k)
            yield {"type": "reach_accepted", "actor": actor, "deltas": deltas, "scores": list(scores)}
        elif e.kind in ("chi", "pon", "minkan"):
            assert e.tile is not None and e.source is not None
            if e.kind == "pon":
                pons[(actor, e.tile // 4)] = [e.tile, *e.tiles]
            kind = "daiminkan" if e.kind == "minkan" else e.kind
            yield {"type": kind, "actor": actor, "target": e.source, "pai": _pai(k, e.tile),
                   "consumed": _pais(k, e.tiles)}
        elif e.kind == "ankan":
            yield {"type": "ankan", "actor": actor, "consumed": _pais(k, e.tiles)}
        elif e.kind == "kakan":
            assert e.tile is not None
            yield {"type": "kakan", "actor": actor, "pai": _pai(k, e.tile),
                   "consumed": _pais(k, pons[(actor, e.tile // 4)])}
        elif e.kind == "dora":
            assert e.tile is not None
            yield {"type": "dora", "dora_marker": _pai(k, e.tile)}
        elif e.kind == "win":
            yield _hora(k, result, actor, e.source, e.tile, scores)
        elif e.kind == "exhaustive_draw":
            assert k.result is not None
            deltas = list(k.result.deltas)
            yield {"type": "ryukyoku", "reason": "exhaustive", "deltas": deltas,
                   "scores": [p + d for p, d in zip(scores, deltas, strict=True)],
                   "tenpai": [bool(x) for x in (k.result.tenpai or [False] * 4)]}
    yield {"type": "end_kyoku"}


def _hora(k: Kyoku, result: Mapping[str, Any], actor: int, source: int | None, tile: int | None,
          scores: list[int]) -> dict[str, Any]:
    assert k.result is not None and tile is not None
    deltas = list(k.result.deltas)
    out: dict[str, Any] = {"type": "hora", "actor": actor, "target": actor if source is None else source,
                           "pai": _pai(k, tile), "deltas": deltas,
                           "ura_markers": [mjai_tile(t) for t in result.get("ura_indicators", [])],
                           "scores": [p + d for p, d in zip(scores, deltas, strict=True)]}
    han, fu = result.get("han"), result.get("fu")
    if isinstance(han, int):
        out["han"] = han
    if isinstance(fu, int):
        out["fu"] = fu
    names = list(result.get("yaku") or [])
    hans = list(result.get("yaku_han") or [])
    if names and len(hans) == len(names):
        out["yaku"] = [[_yaku_name(n), int(h)] for n, h in zip(names, hans, strict=True)]
    return out


def _yaku_name(entry: str) -> str:
    """``"Dora 2"`` → ``"Dora"`` (the count is the han beside it)."""
    head, _, tail = entry.rpartition(" ")
    return head if head and tail.isdigit() else entry


def game_events(played: PlayedGame, names: Sequence[str] | None = None,
                seat: int | None = None) -> Iterator[dict[str, Any]]:
    start: dict[str, Any] = {"type": "start_game", "names": list(names) if names else list(played.players),
                             "aka_flag": played.red_fives, "game": played.game, "rules": RULES_NOTE[played.game]}
    if seat is not None:
        start["seat"] = seat
    yield start
    for pk in played.kyoku:
        yield from kyoku_events(pk, seat)
    if played.finished:
        yield {"type": "end_game", "scores": list(played.final_points)}


def mjai_events(scenario: Mapping[str, Any], names: Sequence[str] | None = None,
                seat: int | None = None) -> list[dict[str, Any]]:
    """The mjai events of a riichi, Janpo or Five scenario (only ended kyoku are written);
    ``seat`` (0–3, the scenario's player order) gives that seat's own view."""
    if seat is not None and not 0 <= seat < 4:
        raise ValueError("seat must be 0-3")
    return list(game_events(replay(scenario), names, seat))


def mjai_text(events: Sequence[Mapping[str, Any]]) -> str:
    """JSON lines, one event a line (``.mjson``)."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)
