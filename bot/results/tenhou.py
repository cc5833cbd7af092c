"""A finished riichi game as a tenhou.net/6 JSON log, the format review tools read.

The log is rebuilt from the scenario: the moves are replayed through the engine and each kyoku is
written from the engine's record of what took effect (engine/riichi/record.py), so a call is
written where it happened whatever order the claims were answered in. The subset produced:

- ``title`` ([title, date]), ``name`` (the four players' names), ``rule`` (``disp`` "般東喰赤" or
  "般南喰赤"; ``aka``/``aka51``/``aka52``/``aka53`` 1 with red fives, else 0; ``rules``: the rules
  the game followed, in words — M.League's, which differ from Tenhou's: riichi with 1–3 tiles left).
- ``sc``: once the game is over, the final points and the M.League score of each seat, in seat order
  (``[points, score, points, score, …]``), after leftover deposits went to first place (R11).
- ``log``: one array per kyoku: ``[round, honba, deposit sticks]`` (round 0 = E1 … 4 = S1),
  the four scores at the start, dora indicators, ura indicators (only when a riichi winner reveals
  them), then for each seat in order its haipai, draws and discards, then the result.
- Tiles: 11–19 man, 21–29 pin, 31–39 sou, 41–47 east south west north haku hatsu chun,
  51/52/53 red fives (sorted with the fives, before the plain ones, in the starting hands).
- Draws: a tile, or a call: chi ``"c"`` + called tile + the two own tiles; pon ``"p"`` and open
  kan ``"m"`` with the marker before the called tile, placed by where it came from (first from
  the left player, in the middle from across, last from the right player).
- Discards: a tile; 60 for tsumogiri; ``"r"`` + tile (``"r60"``) for the riichi discard; 0 after an
  open kan; a closed kan ``"a"`` before its last tile (``"424242a42"``); an added kan the pon
  string with ``"k"`` + the added tile in place of ``"p"``.
- Result: ``["和了", deltas, [winner, from (the winner on tsumo), liable (the winner if none),
  "30符2飜2000点" or "満貫8000点" (tsumo "300-500点", dealer tsumo "1000点∀"), "立直(1飜)", …]]``;
  each yaku with its own han (``"混一色(3飜)"``, dora as ``"ドラ(2飜)"``). An exhaustive draw (the
  only draw there is: R5) is ``["流局", deltas]``, or ``["全員聴牌"]`` / ``["全員不聴"]`` when every
  seat or none was tenpai. Yakuman are written "(役満)"; kazoe yakuman does not exist here (R6), so
  13 han and more is sanbaiman.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.results.played import RULES_NOTE, PlayedGame, replay
from engine.riichi.game import mleague_scores
from engine.riichi.kyoku import Kyoku
from engine.tiles import tile_name

SUITS = {"m": 10, "p": 20, "s": 30, "z": 40}
RED = {"m": 51, "p": 52, "s": 53}
TSUMOGIRI = 60
ROUND_WINDS = "ESWN"

YAKU_JA: dict[str, str] = {
    "Menzen Tsumo": "門前清自摸和", "Riichi": "立直", "Ippatsu": "一発", "Chankan": "槍槓",
    "Rinshan Kaihou": "嶺上開花", "Haitei Raoyue": "海底摸月", "Houtei Raoyui": "河底撈魚", "Pinfu": "平和",
    "Tanyao": "断幺九", "Iipeiko": "一盃口",
    "Yakuhai (seat wind east)": "自風 東", "Yakuhai (seat wind south)": "自風 南",
    "Yakuhai (seat wind west)": "自風 西", "Yakuhai (seat wind north)": "自風 北",
    "Yakuhai (round wind east)": "場風 東", "Yakuhai (round wind south)": "場風 南",
    "Yakuhai (round wind west)": "場風 西", "Yakuhai (round wind north)": "場風 北",
    "Yakuhai (haku)": "役牌 白", "Yakuhai (hatsu)": "役牌 發", "Yakuhai (chun)": "役牌 中",
    "Double Riichi": "両立直", "Chiitoitsu": "七対子", "Chantai": "混全帯幺九", "Ittsu": "一気通貫",
    "Sanshoku Doujun": "三色同順", "Sanshoku Doukou": "三色同刻", "San Kantsu": "三槓子", "Toitoi": "対々和",
    "San Ankou": "三暗刻", "Shou Sangen": "小三元", "Honroutou": "混老頭", "Ryanpeikou": "二盃口",
    "Junchan": "純全帯幺九", "Honitsu": "混一色", "Chinitsu": "清一色", "Tenhou": "天和", "Chiihou": "地和",
    "Daisangen": "大三元", "Suu Ankou": "四暗刻", "Suu Ankou Tanki": "四暗刻単騎", "Tsuu Iisou": "字一色",
    "Ryuuiisou": "緑一色", "Chinroutou": "清老頭", "Chuuren Poutou": "九蓮宝燈",
    "Daburu Chuuren Poutou": "純正九蓮宝燈", "Kokushi Musou": "国士無双",
    "Kokushi Musou Juusanmen Matchi": "国士無双１３面", "Shousuushii": "小四喜", "Dai Suushii": "大四喜",
    "Suu Kantsu": "四槓子", "Dora": "ドラ", "Ura Dora": "裏ドラ", "Aka Dora": "赤ドラ",
}
LIMITS = {"mangan": ("満貫", 2000), "haneman": ("跳満", 3000), "baiman": ("倍満", 4000),
          "sanbaiman": ("三倍満", 6000), "yakuman": ("役満", 8000)}


def tile_id(tile: str) -> int:
    """Tenhou's number for a tile in the engine's notation.

    >>> tile_id("1m"), tile_id("9s"), tile_id("5z"), tile_id("0p")
    (11, 39, 45, 52)
    """
    n, suit = int(tile[0]), tile[1]
    return RED[suit] if n == 0 else SUITS[suit] + n


def _ids(tiles: Sequence[str]) -> str:
    return "".join(str(tile_id(t)) for t in tiles)


def call_string(meld: Mapping[str, Any], offset: int, marker: str) -> str:
    """A chi, pon or kan as tenhou writes it; ``offset`` is (source seat − own seat) mod 4.

    >>> call_string({"type": "chi", "tiles": ["4m", "5m", "6m"], "called": "5m"}, 3, "c")
    'c151416'
    >>> call_string({"type": "pon", "tiles": ["3z", "3z", "3z"], "called": "3z"}, 2, "p")
    '43p4343'
    """
    tiles = list(meld["tiles"])
    called = meld["called"]
    tiles.remove(called)
    own = _ids(tiles[:2]) if marker == "c" else _ids(tiles)
    if marker == "c":
        return f"c{tile_id(called)}{own}"
    tagged = f"{marker}{tile_id(called)}"
    parts = [str(tile_id(t)) for t in tiles]
    slot = {3: 0, 2: 1, 1: len(parts)}.get(offset, 0)
    parts.insert(slot, tagged)
    return "".join(parts)


def _points_text(result: Mapping[str, Any], dealer: bool) -> str:
    han, fu = int(result.get("han") or 0), result.get("fu")
    limit = result.get("limit")
    if limit in LIMITS:
        label, base = LIMITS[str(limit)]
        head = label
    else:
        base = min(int(fu or 0) * 2 ** (han + 2), 2000)
        head = f"{fu}符{han}飜"
        if base == 2000:
            head = "満貫"
    if result.get("result") == "ron":
        return f"{head}{_up(base * (6 if dealer else 4))}点"
    if dealer:
        return f"{head}{_up(base * 2)}点∀"
    return f"{head}{_up(base)}-{_up(base * 2)}点"


def _up(points: int) -> int:
    return -(-points // 100) * 100


def _yaku_text(entry: str, han: int, yakuman: bool) -> str:
    """One yaku as tenhou writes it, with its own han (``yaku_han`` of the result).

    >>> _yaku_text("Honitsu", 3, False), _yaku_text("Dora 2", 2, False), _yaku_text("Tsuu Iisou", 13, True)
    ('混一色(3飜)', 'ドラ(2飜)', '字一色(役満)')
    """
    head, _, tail = entry.rpartition(" ")
    name = head if head and tail.isdigit() else entry
    ja = YAKU_JA.get(name, name)
    if yakuman:
        return f"{ja}(役満)"
    return f"{ja}({han}飜)"


def result_entry(result: Mapping[str, Any], players: Sequence[str], dealer: str) -> list[Any]:
    deltas = [int(result.get("deltas", {}).get(p, 0)) for p in players]
    if result.get("result") == "draw":
        tenpai = len(result.get("tenpai", []))
        if tenpai in (0, len(players)):
            return ["全員不聴" if tenpai == 0 else "全員聴牌"]
        return ["流局", deltas]
    winner = players.index(result["winner"])
    source = players.index(result["from"]) if result.get("from") in players else winner
    liable = players.index(result["liable"]) if result.get("liable") in players else winner
    yakuman = result.get("limit") == "yakuman"
    names = list(result.get("yaku") or [])
    hans = list(result.get("yaku_han") or [])
    hans += [1] * (len(names) - len(hans))
    yaku = [_yaku_text(y, int(h), yakuman) for y, h in zip(names, hans, strict=False)]
    return ["和了", deltas, [winner, source, liable, _points_text(result, result["winner"] == dealer), *yaku]]



def haipai_key(tile: int) -> tuple[int, int]:
    """Tenhou's order of a starting hand: a red five with the fives, before the plain ones.

    >>> sorted([15, 51, 14, 16], key=haipai_key)
    [14, 51, 15, 16]
    """
    if tile in RED.values():
        return (SUITS["mps"[tile - 51]] + 5, 0)
    return (tile, 1)


def _id(k: Kyoku, tile: int) -> int:
    return tile_id(tile_name(tile, k.rules.red_fives))


def _offset(seat: int, source: int) -> int:
    return (source - seat) % 4


def _open_call(k: Kyoku, seat: int, marker: str, called: int, own: Sequence[int], source: int) -> str:
    """A chi, pon or open kan from the record, written by :func:`call_string`."""
    names = [tile_name(t, k.rules.red_fives) for t in sorted(own)]
    meld = {"tiles": [*names, tile_name(called, k.rules.red_fives)], "called": tile_name(called, k.rules.red_fives)}
    return call_string(meld, _offset(seat, source), marker)


def kyoku_entry(k: Kyoku, result: Mapping[str, Any], players: Sequence[str]) -> list[Any]:
    """One kyoku of the ``log`` array, written from the engine's record of it."""
    draws: list[list[Any]] = [[] for _ in players]
    discards: list[list[Any]] = [[] for _ in players]
    riichi = [False] * 4
    pons: dict[tuple[int, int], tuple[int, tuple[int, ...], int]] = {}  # (seat, kind) -> called, own, source
    for e in k.record:
        seat = e.seat if e.seat is not None else -1
        if e.kind == "draw":
            assert e.tile is not None
            draws[seat].append(_id(k, e.tile))
        elif e.kind == "riichi":
            riichi[seat] = True
        elif e.kind == "discard":
            assert e.tile is not None
            tile: int | str = TSUMOGIRI if e.tsumogiri else _id(k, e.tile)
            if e.riichi:
                tile = f"r{tile}"
            discards[seat].append(tile)
        elif e.kind in ("chi", "pon", "minkan"):
            assert e.tile is not None and e.source is not None
            marker = {"chi": "c", "pon": "p", "minkan": "m"}[e.kind]
            draws[seat].append(_open_call(k, seat, marker, e.tile, e.tiles, e.source))
            if e.kind == "pon":
                pons[(seat, e.tile // 4)] = (e.tile, e.tiles, e.source)
            if e.kind == "minkan":
                discards[seat].append(0)
        elif e.kind == "ankan":
            ids = [str(_id(k, t)) for t in e.tiles]
            discards[seat].append("".join(ids[:3]) + "a" + ids[3])
        elif e.kind == "kakan":
            assert e.tile is not None
            called, own, source = pons[(seat, e.tile // 4)]
            parts = [str(_id(k, t)) for t in sorted(own)]
            slot = {3: 0, 2: 1, 1: len(parts)}[_offset(seat, source)]
            parts.insert(slot, f"k{_id(k, e.tile)}{_id(k, called)}")
            discards[seat].append("".join(parts))
    label = k.label
    head = [ROUND_WINDS.index(label[0]) * 4 + int(label[1:]) - 1, k.honba, k.start_deposits]
    dora = [_id(k, t) for t in k.dora_indicators]
    ura = [tile_id(t) for t in result.get("ura_indicators", [])]
    out: list[Any] = [head, list(k.start_points), dora, ura]
    for s in range(len(players)):
        hand = sorted((_id(k, t) for t in k.wall.hands[s]), key=haipai_key)
        out += [hand, draws[s], discards[s]]
    out.append(result_entry(result, players, players[k.dealer]))
    return out


def tenhou_log(scenario: Mapping[str, Any], title: str = "", date: str = "",
               names: Sequence[str] | None = None) -> dict[str, Any]:
    """The tenhou.net/6 JSON of a riichi scenario (finished or not: only ended kyoku are written);
    ``names`` are shown for the seats (default: the scenario's player names)."""
    if scenario.get("game") != "riichi":
        raise ValueError("only riichi games have a Tenhou log")
    played = replay(scenario)
    return log_of(played, title, date, names, str((scenario.get("options") or {}).get("length", "south")))


def log_of(played: PlayedGame, title: str, date: str, names: Sequence[str] | None, length: str) -> dict[str, Any]:
    players = list(played.players)
    red = 1 if played.red_fives else 0
    south = length != "east"
    out: dict[str, Any] = {
        "title": [title, date],
        "name": list(names) if names else players,
        "rule": {"disp": "般南喰赤" if south else "般東喰赤", "aka": red, "aka51": red, "aka52": red, "aka53": red,
                 "rules": RULES_NOTE["riichi"]},
        "log": [kyoku_entry(pk.kyoku, pk.result, players) for pk in played.kyoku],
    }
    if played.finished:
        score = mleague_scores(players, played.final_points)
        out["sc"] = [x for p, pts in zip(players, played.final_points, strict=True) for x in (pts, score[p])]
    return out
