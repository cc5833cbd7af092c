"""The same games exported to both formats tell the same story.

The Tenhou log is read back from the tenhou.net/6 field layout alone (not with the exporter's
code): per kyoku ``[round, honba, sticks]``, scores, dora, ura, then per seat its haipai, its
"draws" (tiles, or call strings ``c``/``p``/``m``) and its "discards" (tiles, 60 = tsumogiri,
``r`` = riichi, ``a`` = closed kan, ``k`` = added kan, 0 after an open kan), then the result. The
turn order is rebuilt the way tenhou.net/6 readers do it: after a discard, a seat whose next
"draw" is a call on that tile from that seat calls it; otherwise the next seat draws. The events
read back are compared one by one with the mjai stream of the same game.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

from bot.results.mjai import game_events
from bot.results.tenhou import log_of
from tests.bot.exports import played, seeded_games

HONORS = "ESWNPFC"
Event = tuple[Any, ...]


def tile(n: int) -> str:
    """A tenhou.net/6 tile number in mjai notation (11-19 m, 21-29 p, 31-39 s, 41-47 honors, 51-53 red)."""
    if n >= 51:
        return f"5{'mps'[n - 51]}r"
    suit, rank = divmod(n, 10)
    return HONORS[rank - 1] if suit == 4 else f"{rank}{'mps'[suit - 1]}"


def _groups(text: str) -> tuple[list[int], int, str]:
    """A call string's tile numbers, the index of the marked one and the marker letter."""
    numbers: list[int] = []
    marked, marker, i = -1, "", 0
    while i < len(text):
        if text[i].isalpha():
            marked, marker = len(numbers), text[i]
            i += 1
        numbers.append(int(text[i:i + 2]))
        i += 2
    return numbers, marked, marker


def _source(seat: int, text: str) -> int:
    """Whom an open call took from: chi from the left; p/m by where the marker sits."""
    if text.startswith("c"):
        return (seat + 3) % 4
    numbers, marked, _ = _groups(text)
    return (seat + {0: 3, 1: 2}.get(marked, 1)) % 4


def tenhou_events(entry: list[Any]) -> list[Event]:
    head = entry[0]
    dealer = head[0] % 4
    draws = [deque(entry[5 + 3 * s]) for s in range(4)]
    discards = [deque(entry[6 + 3 * s]) for s in range(4)]
    out: list[Event] = [("start", head[1], head[2], tuple(entry[1]), tuple(sorted(tile(t) for t in entry[4 + 3 * s])
                                                                    for s in range(4)))]
    turn, drawing = dealer, True
    held: list[int | None] = [None] * 4
    while True:
        if drawing:
            if not draws[turn]:
                break
            item = draws[turn].popleft()
            if isinstance(item, int):
                held[turn] = item
                out.append(("tsumo", turn, tile(item)))
                drawing = False
                continue
            numbers, marked, marker = _groups(item)
            called = numbers[marked]
            own = sorted(tile(t) for i, t in enumerate(numbers) if i != marked)
            kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[marker]
            out.append((kind, turn, _source(turn, item), tile(called), tuple(own)))
            if kind == "daiminkan":
                assert discards[turn].popleft() == 0
            drawing = kind == "daiminkan"
            continue
        if not discards[turn]:
            break
        item = discards[turn].popleft()
        if isinstance(item, str) and ("a" in item or "k" in item):
            numbers, marked, marker = _groups(item)
            if marker == "a":
                out.append(("ankan", turn, tuple(sorted(tile(t) for t in numbers))))
            else:
                out.append(("kakan", turn, tile(numbers[marked])))
            drawing = True
            continue
        riichi = isinstance(item, str)
        number = int(item[1:]) if isinstance(item, str) else item
        tsumogiri = number == 60
        if tsumogiri:
            assert held[turn] is not None
            number = held[turn]
        if riichi:
            out.append(("reach", turn))
        out.append(("dahai", turn, tile(number), tsumogiri))
        held[turn] = None
        caller = next((s for s in range(4) if s != turn and draws[s] and isinstance(draws[s][0], str)
                       and _source(s, draws[s][0]) == turn
                       and tile(_groups(draws[s][0])[0][_groups(draws[s][0])[1]]) == tile(number)), None)
        turn = caller if caller is not None else (turn + 1) % 4
        drawing = True
    result = entry[-1]
    if result[0] == "和了":
        winner, source = result[2][0], result[2][1]
        out.append(("hora", winner, source, tuple(result[1])))
    else:
        out.append(("ryukyoku", tuple(result[1]) if len(result) > 1 else (0, 0, 0, 0)))
    return out


def mjai_story(events: list[dict[str, Any]]) -> list[list[Event]]:
    """The same facts from the mjai stream (reach_accepted and dora are checked separately)."""
    kyokus: list[list[Event]] = []
    for e in events:
        kind = e["type"]
        if kind == "start_kyoku":
            kyokus.append([("start", e["honba"], e["kyotaku"], tuple(e["scores"]),
                            tuple(sorted(h) for h in e["tehais"]))])
        elif kind == "tsumo":
            kyokus[-1].append(("tsumo", e["actor"], e["pai"]))
        elif kind == "dahai":
            kyokus[-1].append(("dahai", e["actor"], e["pai"], e["tsumogiri"]))
        elif kind == "reach":
            kyokus[-1].append(("reach", e["actor"]))
        elif kind in ("chi", "pon", "daiminkan"):
            kyokus[-1].append((kind, e["actor"], e["target"], e["pai"], tuple(sorted(e["consumed"]))))
        elif kind == "ankan":
            kyokus[-1].append(("ankan", e["actor"], tuple(sorted(e["consumed"]))))
        elif kind == "kakan":
            kyokus[-1].append(("kakan", e["actor"], e["pai"]))
        elif kind == "hora":
            kyokus[-1].append(("hora", e["actor"], e["target"], tuple(e["deltas"])))
        elif kind == "ryukyoku":
            kyokus[-1].append(("ryukyoku", tuple(e["deltas"])))
    return kyokus


def _doras(events: list[dict[str, Any]]) -> list[list[str]]:
    out: list[list[str]] = []
    for e in events:
        if e["type"] == "start_kyoku":
            out.append([e["dora_marker"]])
        elif e["type"] == "dora":
            out[-1].append(e["dora_marker"])
    return out


@pytest.mark.parametrize(("kind", "seed"), seeded_games())
def test_the_tenhou_log_and_the_mjai_stream_tell_the_same_story(kind: str, seed: int) -> None:
    game = played(kind, seed)
    log = log_of(game, "", "", None, "south" if kind == "south" else "east")["log"]
    events = list(game_events(game))
    story = mjai_story(events)
    assert len(log) == len(story)
    for entry, told in zip(log, story, strict=True):
        assert tenhou_events(entry) == told
    assert [[tile(t) for t in entry[2]] for entry in log] == _doras(events)
    assert [[tile(t) for t in entry[3]] for entry in log] == [
        e["ura_markers"] if e["type"] == "hora" else [] for e in events if e["type"] in ("hora", "ryukyoku")]

    kinds = {e[0] for entry in log for e in tenhou_events(entry)}
    assert {"tsumo", "dahai"} <= kinds and kinds & {"hora", "ryukyoku"}
    if kind == "cpu":
        assert kinds & {"reach", "hora"}  # the reader is not trivially agreeing: wins and riichi occur
    if kind == "chi_first":
        assert "chi" in kinds
