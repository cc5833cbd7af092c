"""The guided first hand (``/learn game:<…>``): what to say, and when, in every language.

This module is only the script. A tutorial table plays an ordinary game against CPU players and,
at each moment listed in :data:`MOMENTS`, shows the player the steps of its game with that moment,
in order, once each. Moments are read from what the engine already gives the player (their view
and legal moves), never decided here, so the script cannot disagree with the rules.

Placeholders (``{tile}``, ``{waits}``, ``{shanten}``) are filled by the caller in the reader's
language; every translation of a step uses the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("en", "ko")

MOMENTS: dict[str, str] = {
    "start": "the tutorial table has been dealt; before the first move",
    "first_turn": "the player's first draw turn",
    "discard_hint": "a draw turn where assist suggests a discard ({tile}: the suggested tile)",
    "shanten": "the player's shanten got better after a discard ({shanten}: the new count, 1 or more)",
    "tenpai": "the player became tenpai ({waits}: the waiting tiles)",
    "can_riichi": "a riichi move is among the player's legal moves for the first time",
    "riichi_declared": "the player's riichi discard passed",
    "can_call": "the player is offered chi, pon or kan on a discard for the first time",
    "furiten": "the player is furiten for the first time",
    "kuikae": "after a call, some tiles in hand are greyed (may not be discarded)",
    "can_win": "tsumo or ron is among the player's legal moves",
    "kyoku_end": "the first kyoku (or hold'em hand) of the tutorial has ended",
    "poker_to_act": "Janpo: the poker action is on the player on this draw turn, for the first time",
    "tada_jan": "Janpo: the player draws while the poker action is on someone else, for the first time",
    "chip_action": "Janpo: the player picked call, bet, raise or all-in, so the discard is tsumogiri",
    "preflop": "hold'em: the player's first decision before the flop",
    "flop": "hold'em: the first flop of the tutorial is dealt",
    "showdown": "hold'em or Janpo: the first showdown the player sees",
    "game_end": "the tutorial game is over",
}
"""Every moment a step may be tied to, with when the tutorial table reaches it."""


@dataclass(frozen=True)
class Step:
    """One explanation: a stable id (for tests and for remembering what a player has seen), the
    moment it belongs to, and its text by language."""

    id: str
    moment: str
    text: dict[str, str]

    def say(self, lang: str, **values: object) -> str:
        """The text in ``lang`` (English if missing), placeholders filled."""
        template = self.text.get(lang) or self.text["en"]
        return template.format(**values) if values else template


def _s(step_id: str, moment: str, en: str, ko: str) -> Step:
    return Step(step_id, moment, {"en": en, "ko": ko})


_MAHJONG_BASICS: tuple[Step, ...] = (
    _s("tiles", "start",
       "Mahjong tiles come in three suits numbered 1 to 9 (characters, dots, bamboo) and honors "
       "(four winds, three dragons). There are four of each tile.",
       "마작 패는 1부터 9까지의 숫자 패 세 종류(만수, 통수, 삭수)와 글자 패(바람패 넷, 삼원패 셋)로 되어 "
       "있고, 같은 패가 네 장씩 있습니다."),
    _s("sets", "first_turn",
       "Your goal is four sets and a pair. A set is three in a row of one suit (3-4-5 of dots) or three "
       "identical tiles (three Red dragons). A pair is two identical tiles.",
       "목표는 몸통 넷과 머리 하나입니다. 몸통은 한 수트의 연속 숫자 셋(통수 3-4-5)이나 똑같은 패 세 장"
       "(중 세 장), 머리는 똑같은 패 두 장입니다."),
    _s("draw_discard", "first_turn",
       "Each turn you draw a tile (set apart on the right of your hand) and discard one. Press the tile "
       "you want to throw away.",
       "차례마다 한 장을 뽑고(손패 오른쪽에 떨어져 있는 패) 한 장을 버립니다. 버릴 패를 누르세요."),
    _s("why_discard", "discard_hint",
       "Keep tiles that work together and let go of lonely ones: a single honor or a terminal far from "
       "your other tiles helps no set. Here {tile} is the discard that keeps you closest to a win.",
       "서로 이어지는 패는 남기고 외톨이 패를 버리세요. 혼자인 글자 패나 다른 패와 멀리 떨어진 1·9는 몸통이 "
       "되기 어렵습니다. 지금은 {tile}을(를) 버리는 것이 화료에 가장 가깝습니다."),
    _s("shanten", "shanten",
       "Your hand is now {shanten}-shanten: that many more useful tiles and you are one tile from a win.",
       "이제 {shanten}향청입니다. 쓸모 있는 패가 그만큼 더 오면 한 장만 남은 상태가 됩니다."),
    _s("tenpai", "tenpai",
       "Tenpai! One tile finishes your hand: {waits}. Your hand picture lists them with how many are "
       "still unseen.",
       "텐파이! 한 장이면 완성입니다: {waits}. 손패 그림에 대기패와 아직 보이지 않은 장수가 나옵니다."),
    _s("call", "can_call",
       "Someone discarded a tile you can take to finish a set (chi: a sequence, only from the player on "
       "your left; pon: a triplet, from anyone). Calling is faster, but your hand becomes open: some yaku "
       "need a closed hand. Pass keeps it closed.",
       "다른 사람이 버린 패로 몸통을 완성할 수 있습니다(치: 연속 숫자, 왼쪽 사람의 패만. 퐁: 같은 패 세 장, "
       "누구의 패든). 울면 빨라지지만 손이 열려 울지 않은 손에만 붙는 역을 잃습니다. 패스하면 그대로입니다."),
    _s("kuikae", "kuikae",
       "The greyed tiles may not be discarded this turn: after a call you may not throw back the tile you "
       "took, or the other end of the sequence you just made (kuikae).",
       "회색 패는 이번 차례에 버릴 수 없습니다. 울고 나서 가져온 패나 방금 만든 연속 숫자의 반대쪽 끝을 바로 "
       "버리는 것(쿠이카에)은 금지입니다."),
    _s("furiten", "furiten",
       "Furiten: one of your waits is in your own discards (or you let a winning tile go by), so you "
       "cannot win on someone's discard now. You can still win on your own draw.",
       "후리텐: 대기패가 자기 버림패에 있거나 화료패를 그냥 보냈기 때문에 지금은 론을 할 수 없습니다. "
       "자기가 뽑은 패로는 화료할 수 있습니다."),
    _s("win", "can_win",
       "You can win! Tsumo wins on your own draw (everyone pays), ron on a discard (the discarder pays). "
       "Press the button.",
       "화료할 수 있습니다! 츠모는 자기가 뽑은 패로(모두가 냄), 론은 버린 패로(버린 사람이 냄) 화료합니다. "
       "버튼을 누르세요."),
)

_BASIC = {step.id: step for step in _MAHJONG_BASICS}


def _basics(*ids: str) -> tuple[Step, ...]:
    return tuple(_BASIC[i] for i in ids)


_FIVE: tuple[Step, ...] = (
    _s("five.welcome", "start",
       "A practice game of Mahjong Five against three CPU players; nothing here is rated. Short notes "
       "like this one explain each new thing once.",
       "CPU 세 명과 하는 마작 파이브 연습 게임입니다. 기록에 남지 않습니다. 처음 나오는 것마다 이렇게 짧게 "
       "설명합니다."),
    *_basics("tiles", "sets", "draw_discard", "why_discard", "shanten"),
    _s("five.yaku", "tenpai",
       "To win you also need a yaku. The easiest is Closed Hand: take no calls. Others are VIP Sets "
       "(three dragons or your wind), Outside or Inside, All Triplets and One Numbered Suit.",
       "화료하려면 역이 하나 있어야 합니다. 가장 쉬운 것은 울지 않은 손입니다. 그 밖에 VIP 세트(삼원패나 "
       "자기 바람 세 장), 바깥 패·안쪽 패, 모두 같은 패 세 장, 숫자 한 종류가 있습니다."),
    *_basics("tenpai"),
    _s("five.riichi", "can_riichi",
       "Riichi: with a closed hand one tile from done, you may declare riichi as you discard. In Mahjong "
       "Five it costs nothing and adds a han, but your hand is locked: from then on you discard what you "
       "draw unless it wins.",
       "리치: 울지 않은 손이 한 장만 남았으면 패를 버리며 리치를 선언할 수 있습니다. 마작 파이브에서는 "
       "공짜이고 1판이 붙지만, 손이 잠겨 그 뒤로는 화료가 아니면 뽑은 패를 버립니다."),
    *_basics("call", "kuikae", "furiten", "win"),
    _s("five.result", "kyoku_end",
       "The result lists each category with its han; the han make a base score from 5 to 160. Scores "
       "only go up and down: nobody pays anybody.",
       "결과에는 분류마다 판이 나오고, 판으로 5~160의 기본 점수가 정해집니다. 점수가 오르내릴 뿐 누가 누구에게 "
       "내는 것은 아닙니다."),
    _s("five.done", "game_end",
       "That is Mahjong Five. Start a real table with /table new, and read the beginner's guide for "
       "pictures of every category.",
       "이것이 마작 파이브입니다. /테이블 새로 로 진짜 테이블을 열고, 입문 안내서에서 모든 분류의 그림을 "
       "보세요."),
)

_RIICHI: tuple[Step, ...] = (
    _s("riichi.welcome", "start",
       "A practice hand of riichi mahjong against three CPU players; nothing here is rated.",
       "CPU 세 명과 하는 리치 마작 연습입니다. 기록에 남지 않습니다."),
    *_basics("tiles", "sets", "draw_discard", "why_discard", "shanten"),
    _s("riichi.yaku", "tenpai",
       "A win needs at least one yaku. With no calls, riichi or a self-drawn win is always one; with "
       "calls, aim for all simples (2 to 8 only) or a triplet of dragons or your wind.",
       "화료하려면 역이 적어도 하나 필요합니다. 울지 않았다면 리치나 멘젠츠모가 언제나 역이 되고, 울었다면 "
       "탕야오(2~8만)나 삼원패·자풍패 세 장을 노리세요."),
    *_basics("tenpai"),
    _s("riichi.riichi", "can_riichi",
       "Riichi: declare it as you discard, with a closed hand one tile from done. It costs a 1,000-point "
       "stick and locks your hand, and gives a yaku, a chance at ippatsu and the ura dora. Staying "
       "quiet instead is called dama.",
       "리치: 울지 않은 손이 한 장만 남았을 때 패를 버리며 선언합니다. 1,000점 봉을 내고 손이 잠기지만, 역 "
       "하나와 일발, 뒷도라의 기회를 얻습니다. 선언하지 않고 기다리는 것은 다마라고 합니다."),
    _s("riichi.declared", "riichi_declared",
       "You are in riichi: the bot now offers only the discard of your drawn tile, or a win.",
       "리치 중입니다. 이제 봇은 뽑은 패를 버리는 것과 화료만 보여 줍니다."),
    *_basics("call", "kuikae", "furiten", "win"),
    _s("riichi.dora", "kyoku_end",
       "The result shows each yaku with its han and the fu. Dora (the tile after the indicator) and red "
       "fives add han but are not yaku.",
       "결과에는 역마다 판과 부가 나옵니다. 도라(표시패 다음 패)와 빨간 5는 판을 더하지만 역은 아닙니다."),
    _s("riichi.done", "game_end",
       "That is riichi mahjong. The beginner's guide has a picture of every yaku; /table new starts a "
       "real game.",
       "이것이 리치 마작입니다. 입문 안내서에 모든 역의 그림이 있고, /테이블 새로 로 진짜 게임을 시작합니다."),
)

_POKER_BASICS: tuple[Step, ...] = (
    _s("poker.preflop", "preflop",
       "You hold two private cards. Five shared cards will come: three (the flop), one (the turn), one "
       "(the river). Check passes when nothing is owed; call matches a bet; raise bets more; fold gives "
       "the hand up.",
       "비공개 카드 두 장을 받았습니다. 공용 카드 다섯 장이 나옵니다: 세 장(플랍), 한 장(턴), 한 장(리버). "
       "체크는 낼 것이 없을 때 넘기기, 콜은 같은 금액 맞추기, 레이즈는 더 걸기, 폴드는 포기입니다."),
    _s("poker.showdown", "showdown",
       "Showdown: everyone still in shows their cards, and the best five of each player's seven win. A "
       "flush beats a straight, a full house beats a flush.",
       "쇼다운: 남은 사람이 모두 카드를 보이고, 각자 일곱 장 중 가장 좋은 다섯 장이 이깁니다. 플러시는 "
       "스트레이트를, 풀하우스는 플러시를 이깁니다."),
)

_JANPO: tuple[Step, ...] = (
    _s("janpo.welcome", "start",
       "A practice game of Janpo: riichi mahjong and Texas Hold'em at once, against three CPU players. "
       "Your points are your chips.",
       "잔포 연습 게임입니다. CPU 세 명과 리치 마작과 텍사스 홀덤을 동시에 합니다. 점수가 곧 칩입니다."),
    *_basics("tiles", "sets", "draw_discard"),
    _s("janpo.poker_turn", "poker_to_act",
       "The poker action is on you. Pick the poker part in the first row, then your discard. Call, bet, "
       "raise or all-in must go with tsumogiri (throwing the tile you just drew); check or fold lets you "
       "discard any tile.",
       "포커 액션이 당신에게 있습니다. 첫 줄에서 포커 액션을 고르고, 그다음 버릴 패를 누르세요. 콜, 벳, "
       "레이즈, 올인은 반드시 츠모기리(방금 뽑은 패 버리기)와 함께이고, 체크나 폴드면 아무 패나 버릴 수 있습니다."),
    _s("janpo.tada_jan", "tada_jan",
       "Tada-jan time: the poker action is on someone else, so this draw is mahjong only.",
       "타다 마작 타임: 포커 액션이 다른 사람에게 있으니 이번 츠모는 마작만 둡니다."),
    _s("janpo.chip_action", "chip_action",
       "You put chips in, so your discard is the tile you drew: that is the price of a chip action.",
       "칩을 넣었으니 버릴 패는 방금 뽑은 패입니다. 그것이 칩 액션의 대가입니다."),
    *_basics("why_discard", "shanten", "tenpai"),
    _s("janpo.riichi", "can_riichi",
       "Riichi costs 1,000 points, from the same points you bet with. It goes with check or fold (or "
       "with a chip action if you still have the 1,000 afterwards).",
       "리치는 1,000점이 들고, 베팅하는 그 점수에서 나갑니다. 체크나 폴드와 함께(칩 액션 뒤에도 1,000점이 "
       "남으면 칩 액션과도) 할 수 있습니다."),
    *_basics("call", "kuikae", "furiten", "win"),
    _POKER_BASICS[1],
    _s("janpo.kyoku_end", "kyoku_end",
       "The kyoku is over: the mahjong payments are made at once, then the poker hand in play is played "
       "out. Start a poker hand at 0 points or below and you are out of poker for the game (your seat shows "
       "MAHJONG ONLY), but you keep playing mahjong.",
       "국이 끝났습니다. 마작 정산은 바로 하고, 진행 중인 포커 핸드는 끝까지 갑니다. 0점 이하로 포커 핸드를 "
       "시작하면 그 게임 내내 포커에서 빠지지만(자리에 마작만 표시) 마작은 계속합니다."),
    _s("janpo.done", "game_end",
       "That is Janpo. Most points after E4 wins. /table new game:Janpo starts a real table.",
       "이것이 잔포입니다. 동4국이 끝났을 때 점수가 가장 많은 사람이 이깁니다. /테이블 새로 로 진짜 테이블을 "
       "여세요."),
)

_HOLDEM: tuple[Step, ...] = (
    _s("holdem.welcome", "start",
       "A practice game of no-limit Texas Hold'em against CPU players; nothing here is rated.",
       "CPU와 하는 노리밋 텍사스 홀덤 연습입니다. 기록에 남지 않습니다."),
    _s("holdem.blinds", "start",
       "The two players after the button post the small and big blind before the cards, so every hand "
       "has something to win.",
       "버튼 다음 두 사람이 카드를 받기 전에 스몰 블라인드와 빅 블라인드를 내서, 핸드마다 걸린 것이 있게 "
       "합니다."),
    _POKER_BASICS[0],
    _s("holdem.amount", "preflop",
       "Bet and raise ask for your total bet on this street (a raise to, not by), in multiples of 100.",
       "벳과 레이즈는 이번 스트리트의 총액을 묻습니다(얼마를 더가 아니라 얼마까지). 100 단위입니다."),
    _s("holdem.flop", "flop",
       "The flop: three shared cards. Your hand is the best five of your two cards and the board.",
       "플랍: 공용 카드 세 장. 내 핸드는 내 두 장과 보드 중 가장 좋은 다섯 장입니다."),
    _POKER_BASICS[1],
    _s("holdem.side_pot", "kyoku_end",
       "An all-in player can win only what they matched; anything bet beyond it makes a side pot for "
       "the others.",
       "올인한 사람은 자기가 맞춘 만큼만 이길 수 있고, 그 이상 건 칩은 나머지 사람끼리의 사이드 팟이 됩니다."),
    _s("holdem.done", "game_end",
       "That is hold'em. /table new game:Texas Hold'em starts a real table.",
       "이것이 홀덤입니다. /테이블 새로 로 진짜 테이블을 여세요."),
)

SCRIPTS: dict[str, tuple[Step, ...]] = {"five": _FIVE, "riichi": _RIICHI, "janpo": _JANPO, "holdem": _HOLDEM}
"""Each game's steps in the order they are shown when several share a moment."""


def steps_at(game: str, moment: str, seen: frozenset[str] = frozenset()) -> list[Step]:
    """The steps of ``game`` for ``moment`` that the player has not seen yet, in script order."""
    return [s for s in SCRIPTS[game] if s.moment == moment and s.id not in seen]
