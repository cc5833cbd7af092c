"""A finished riichi game as a tenhou.net/6 JSON log, the format review tools read.

The log is rebuilt from the scenario alone: the moves are replayed through the engine and each
kyoku is written down from the players' views (their starting hands and draws) and the moves
(discards and calls). The subset produced:

- ``title`` ([title, date]), ``name`` (the four players' names), ``rule`` (``disp`` "般東喰赤" or
  "般南喰赤"; ``aka``/``aka51``/``aka52``/``aka53`` 1 with red fives, else 0).
- ``log``: one array per kyoku: ``[round, honba, deposit sticks]`` (round 0 = E1 … 4 = S1),
  the four scores at the start, dora indicators, ura indicators (only when a riichi winner reveals
  them), then for each seat in order its haipai, draws and discards, then the result.
- Tiles: 11–19 man, 21–29 pin, 31–39 sou, 41–47 east south west north haku hatsu chun,
  51/52/53 red fives.
- Draws: a tile, or a call: chi ``"c"`` + called tile + the two own tiles; pon ``"p"`` and open
  kan ``"m"`` with the marker before the called tile, placed by where it came from (first from
  the left player, in the middle from across, last from the right player).
- Discards: a tile; 60 for tsumogiri; ``"r"`` + tile (``"r60"``) for the riichi discard; 0 after an
  open kan; a closed kan ``"a"`` before its last tile (``"424242a42"``); an added kan the pon
  string with ``"k"`` + the added tile in place of ``"p"``.
- Result: ``["和了", deltas, [winner, from (the winner on tsumo), liable (the winner if none),
  "30符2飜2000点" or "満貫8000点" (tsumo "300-500点", dealer tsumo "1000点∀"), "立直(1飜)", …]]``;
  an exhaustive draw is ``["流局", deltas]`` whoever was tenpai (the only draw there is: R5).
  Yakuman are written "(役満)"; kazoe yakuman does not exist here (R6), so 13 han and more is
  sanbaiman.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.games import new_game

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


def _ankan(tiles: Sequence[str]) -> str:
    ids = [str(tile_id(t)) for t in tiles]
    return "".join(ids[:3]) + "a" + ids[3]


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


def _yaku_text(entry: str, yakuman: bool) -> str:
    head, _, tail = entry.rpartition(" ")
    name, han = (head, int(tail)) if head and tail.isdigit() else (entry, 0)
    ja = YAKU_JA.get(name, name)
    if yakuman:
        return f"{ja}(役満)"
    return f"{ja}({han or 1}飜)"


def result_entry(result: Mapping[str, Any], players: Sequence[str], dealer: str) -> list[Any]:
    deltas = [int(result.get("deltas", {}).get(p, 0)) for p in players]
    if result.get("result") == "draw":
        return ["流局", deltas]
    winner = players.index(result["winner"])
    source = players.index(result["from"]) if result.get("from") in players else winner
    liable = players.index(result["liable"]) if result.get("liable") in players else winner
    yakuman = result.get("limit") == "yakuman"
    yaku = [_yaku_text(y, yakuman) for y in result.get("yaku", [])]
    return ["和了", deltas, [winner, source, liable, _points_text(result, result["winner"] == dealer), *yaku]]


class _Kyoku:
    """One kyoku being written down."""

    def __init__(self, public: Mapping[str, Any], players: Sequence[str], hands: list[list[str]]) -> None:
        label = str(public.get("round", "E1"))
        self.round = ROUND_WINDS.index(label[0]) * 4 + int(label[1:]) - 1
        self.honba = int(public.get("honba", 0))
        self.sticks = int(public.get("deposits", 0))
        self.scores = [int(s.get("points", 0)) for s in public.get("seats", [])]
        self.dealer = str(public.get("dealer", players[0]))
        self.haipai = [sorted(tile_id(t) for t in hand) for hand in hands]
        self.draws: list[list[Any]] = [[] for _ in players]
        self.discards: list[list[Any]] = [[] for _ in players]
        self.drawn: list[str | None] = [None] * len(players)

    def entry(self, result: Mapping[str, Any], players: Sequence[str]) -> list[Any]:
        dora = [tile_id(t) for t in result.get("dora_indicators", [])]
        ura = [tile_id(t) for t in result.get("ura_indicators", [])]
        out: list[Any] = [[self.round, self.honba, self.sticks], self.scores, dora, ura]
        for s in range(len(players)):
            out += [self.haipai[s], self.draws[s], self.discards[s]]
        out.append(result_entry(result, players, self.dealer))
        return out


def tenhou_log(scenario: Mapping[str, Any], title: str = "", date: str = "",
               names: Sequence[str] | None = None) -> dict[str, Any]:
    """The tenhou.net/6 JSON of a riichi scenario (finished or not: only ended kyoku are written);
    ``names`` are shown for the seats (default: the scenario's player names)."""
    if scenario.get("game") != "riichi":
        raise ValueError("only riichi games have a Tenhou log")
    game = new_game(dict(scenario))
    players = list(game.players)
    options = scenario.get("options") or {}
    red = 1 if options.get("red_fives", True) else 0
    south = options.get("length", "south") != "east"
    log: list[list[Any]] = []
    kyoku = _start(game, players)
    ended = 0
    dora_seen: list[str] = []
    for move in scenario.get("moves", []):
        who = players.index(move[0])
        before = game.public_view()
        dora_seen = list(before.get("dora_indicators", []))
        game.play(list(move))
        public = game.public_view()
        _record(kyoku, move, who, players, public if len(game.summary()["kyoku_results"]) == ended else before)
        results = game.summary()["kyoku_results"]
        if len(results) > ended:
            result = dict(results[-1])
            result.setdefault("dora_indicators", dora_seen)
            log.append(kyoku.entry(result, players))
            ended = len(results)
            if not game.finished:
                kyoku = _start(game, players)
            continue
        _draws(kyoku, game, players, {who, players.index(str(public["turn"]))} if public.get("turn") in players
               else {who}, move)
    return {
        "title": [title, date],
        "name": list(names) if names else players,
        "rule": {"disp": "般南喰赤" if south else "般東喰赤", "aka": red, "aka51": red, "aka52": red, "aka53": red},
        "log": log,
    }


def _start(game: Any, players: Sequence[str]) -> _Kyoku:
    views = [game.view(p) for p in players]
    kyoku = _Kyoku(game.public_view(), players, [list(v.get("hand", [])) for v in views])
    for s, v in enumerate(views):
        if v.get("drawn"):
            kyoku.draws[s].append(tile_id(v["drawn"]))
            kyoku.drawn[s] = v["drawn"]
    return kyoku


def _draws(kyoku: _Kyoku, game: Any, players: Sequence[str], seats: set[int], move: Sequence[Any]) -> None:
    """Note a new drawn tile of the seats that may have drawn (the mover after a kan, the next seat)."""
    for s in sorted(seats):
        drawn = game.view(players[s]).get("drawn")
        rinshan = s == players.index(move[0]) and move[1] in ("ankan", "kakan", "kan")
        if drawn and (kyoku.drawn[s] is None or rinshan):
            kyoku.draws[s].append(tile_id(drawn))
        kyoku.drawn[s] = drawn


def _record(kyoku: _Kyoku, move: Sequence[Any], who: int, players: Sequence[str], public: Mapping[str, Any]) -> None:
    """Write the mover's discard or call into its draws/discards."""
    verb = move[1]
    if verb == "tsumogiri":
        kyoku.discards[who].append(TSUMOGIRI)
    elif verb == "discard":
        kyoku.discards[who].append(tile_id(move[2]))
    elif verb == "riichi":
        kyoku.discards[who].append("r60" if move[2] == "tsumogiri" else f"r{tile_id(move[2])}")
    elif verb in ("chi", "pon", "kan", "ankan", "kakan"):
        melds = public["seats"][who].get("melds", [])
        if not melds:
            return
        meld = melds[-1]
        if verb == "kakan":
            same = [m for m in melds if m.get("type") == "kakan" and _kind(move[2]) in map(_kind, m["tiles"])]
            meld = same[0] if same else meld
        offset = (players.index(meld["from"]) - who) % 4 if meld.get("from") in players else 0
        if verb == "ankan":
            kyoku.discards[who].append(_ankan(meld["tiles"]))
        elif verb == "kakan":
            kyoku.discards[who].append(_kakan(meld, offset, move[2]))
        else:
            kyoku.draws[who].append(call_string(meld, offset, {"chi": "c", "pon": "p", "kan": "m"}[verb]))
            if verb == "kan":
                kyoku.discards[who].append(0)
        kyoku.drawn[who] = None


def _kind(tile: str) -> str:
    return f"5{tile[1]}" if tile[0] == "0" else tile


def _kakan(meld: Mapping[str, Any], offset: int, added: str) -> str:
    """The pon string with ``k`` + added tile before the called tile (tenhou's added-kan form)."""
    called = meld["called"]
    tiles = list(meld["tiles"])
    tiles.remove(called)
    tiles.remove(added) if added in tiles else tiles.pop()
    parts = [str(tile_id(t)) for t in tiles]
    slot = {3: 0, 2: 1, 1: len(parts)}.get(offset, 0)
    parts.insert(slot, f"k{tile_id(added)}{tile_id(called)}")
    return "".join(parts)
