"""docs/LEARN.md and LEARN.ko.md: every game word the bot prints is in their glossary, every yaku
row gives the scoring library's han, and every picture they show is one the picture script draws."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import CATALOGS, GLOSSARIES, captions_ko
from bot.i18n.yaku import yaku_name
from bot.learn.examples import RIICHI_YAKU
from bot.learn.pictures import pictures
from bot.render.texts import DEFAULT_TEXTS

DOCS = Path(__file__).resolve().parents[1] / "docs"
GUIDES = {"en": DOCS / "LEARN.md", "ko": DOCS / "LEARN.ko.md"}
GLOSSARY_HEADINGS = {"en": "## Glossary", "ko": "## 용어 풀이"}

# Each caption the pictures draw: the game term it uses (English, Korean), or None for plain words.
# A new caption fails test_every_caption_is_classified until it is sorted here and, if it is a term,
# explained in both glossaries.
CAPTION_TERMS: dict[str, tuple[str, str] | None] = {
    "waits": ("waits", "대기패"), "furiten": ("furiten", "후리텐"), "riichi": ("riichi", "리치"),
    "shanten": ("shanten", "향청"), "tenpai": ("tenpai", "텐파이"), "drawn": ("drawn", "츠모패"),
    "hole_cards": ("hole cards", "홀 카드"), "board": ("board", "보드"), "dora": ("dora indicator", "도라 표시패"),
    "ura": ("ura", "뒷도라"), "kuikae": ("greyed tiles", "회색 패"), "to_call": ("call", "콜"),
    "honba": ("honba", "본장"), "wall": ("tiles left", "남은 패"), "pot": ("pot", "팟"),
    "main_pot": ("main pot", "메인 팟"), "side_pot": ("side pot", "사이드 팟"), "bet": ("bet", "벳"),
    "to_act": ("to act", "액션"), "folded": ("fold", "폴드"), "all_in": ("all-in", "올인"),
    "busted": ("busted", "파산"), "out_of_poker": ("mahjong only", "마작만"), "turn": ("to discard", "차례"),
    "co": ("co", "CO"), "blinds": ("blinds", "블라인드"),
    "ron": ("ron", "론"), "tsumo": ("tsumo", "츠모"), "draw": ("exhaustive draw", "유국"),
    "tenpai_players": ("tenpai", "텐파이"), "noten_all": ("tenpai", "노텐"), "han": ("han", "판"),
    "han_fu": ("fu", "부"), "base_score": ("base score", "기본 점수"), "showdown": ("showdown", "쇼다운"),
    "mleague": ("M.League", "M리그"),
    # the legend pictures (bot/render/legend.py): the game term each explanation leans on
    "legend_winds": ("dealer", "친"), "legend_turn": ("draw", "츠모"), "legend_riichi": ("riichi", "리치"),
    "legend_riichi_tile": ("riichi", "리치"), "legend_called": ("call", "울"), "legend_last": ("call", "울"),
    "legend_meld": ("set", "몸통"), "legend_kuikae": ("kuikae", "쿠이카에"),
    "legend_dora": ("dora indicator", "도라 표시패"), "legend_index": ("wind", "바람"),
    "legend_to_act": ("check", "체크"), "legend_positions": ("small blind", "스몰 블라인드"),
    "legend_all_in": ("pot", "팟"), "legend_bet": ("betting round", "베팅 라운드"),
    "legend_pot": ("side pot", "사이드 팟"), "legend_out_of_poker": ("mahjong only", "마작만"),
    "legend_busted": ("chips", "칩"), "legend_button": ("button", "버튼"),
    # the tile chart (bot/render/chart.py)
    "chart_man": ("characters", "만수"), "chart_pin": ("dots", "통수"), "chart_sou": ("bamboo", "삭수"),
    "chart_honors": ("dragons", "삼원패"), "chart_red": ("red five", "적5"), "chart_sideways": ("call", "울"),
    **dict.fromkeys(("wait_count", "complete", "behind", "round", "deposits", "stack", "hand_no", "wind_E",
                     "wind_S", "wind_W", "wind_N", "points", "total_han", "score_change", "standings", "rank",
                     "wins_pot", "wins_pot_one", "pot_note", "points_column", "legend_title", "legend_folded",
                     "chart_title")),
}

# Game words of the message catalogs (English, Korean): each one a catalog prints must be glossed.
MESSAGE_TERMS: tuple[tuple[str, str], ...] = (
    ("kyoku", "국"), ("honba", "본장"), ("tedashi", "테다시"), ("tsumogiri", "츠모기리"), ("tada-jan", "타다 마작"),
    ("noten", "노텐"), ("tenpai", "텐파이"), ("furiten", "후리텐"), ("kuikae", "쿠이카에"), ("atozuke", "후붙이"),
    ("open tanyao", "쿠이탕"), ("uma", "우마"), ("M.League", "M리그"), ("yaku", "역"), ("han", "판"),
    ("mangan", "만관"), ("haneman", "하네만"), ("baiman", "배만"), ("sanbaiman", "삼배만"), ("yakuman", "역만"),
    ("dora", "도라"), ("ura dora", "뒷도라"), ("kan dora", "깡도라"), ("red five", "적도라"), ("riichi", "리치"),
    ("ippatsu", "일발"), ("pao", "책임지불"), ("head bump", "머리치기"), ("kiriage", "절상"), ("renhou", "인화"),
    ("nagashi mangan", "유국만관"), ("kazoe", "헤아림"), ("double yakuman", "더블 역만"),
    ("abortive", "도중 유국"), ("dead wall", "왕패"), ("wall", "패산"), ("VIP set", "VIP 세트"),
    ("closed hand", "울지 않은 손"), ("chi", "치"), ("pon", "퐁"), ("kan", "깡"), ("closed kan", "안깡"),
    ("added kan", "가깡"), ("ron", "론"), ("tsumo", "츠모"), ("dealer", "친"), ("seed", "시드"),
    ("SHA-256", "SHA-256"), ("blinds", "블라인드"), ("button", "버튼"), ("pot", "팟"), ("side pot", "사이드 팟"),
    ("all-in", "올인"), ("fold", "폴드"), ("check", "체크"), ("call", "콜"), ("bet", "벳"), ("raise", "레이즈"),
    ("flop", "플랍"), ("river", "리버"), ("showdown", "쇼다운"), ("heads-up", "헤즈업"), ("street", "스트리트"),
    ("VPIP", "VPIP"), ("deal-in", "방총"), ("rating", "레이팅"), ("time bank", "타임뱅크"), ("CPU", "CPU"),
    ("Tenhou log", "텐호 로그"), ("scenario", "시나리오"), ("shanten", "향청"), ("deposit", "공탁"),
    ("seven pairs", "치또이츠"), ("thirteen orphans", "국사무쌍"), ("exhaustive draw", "유국"),
    ("East only", "동풍전"), ("average rank", "평균 순위"), ("1-shanten", "1향청"), ("dama", "다마"),
)


def _text(lang: str) -> str:
    return GUIDES[lang].read_text(encoding="utf-8")


def _glossary(lang: str) -> str:
    text = _text(lang)
    start = text.index(GLOSSARY_HEADINGS[lang])
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def _bold(text: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", text)


def _has(term: str, spans: list[str], lang: str) -> bool:
    """``term`` glossed in a bold span: as a whole word in English; in Korean, where particles join
    the word, at the start of a span."""
    if lang == "ko":
        return any(span.startswith(term) for span in spans)
    pattern = re.compile(r"(?<!\w)" + re.escape(term) + r"(?!\w)", re.IGNORECASE)
    return any(pattern.search(span) for span in spans)


def _printed(term: str, text: str, lang: str) -> bool:
    if lang == "ko":
        return term in text
    return re.search(r"(?<!\w)" + re.escape(term) + r"(?!\w)", text, re.IGNORECASE) is not None


def test_every_caption_is_classified() -> None:
    assert set(CAPTION_TERMS) == set(DEFAULT_TEXTS)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_term_a_picture_prints_is_in_the_glossary(lang: str) -> None:
    captions = DEFAULT_TEXTS if lang == "en" else {**DEFAULT_TEXTS, **captions_ko.CAPTIONS}
    spans = _bold(_glossary(lang))
    for key, terms in CAPTION_TERMS.items():
        if terms is None:
            continue
        term = terms[0 if lang == "en" else 1]
        assert term.lower() in captions[key].lower(), (key, term, captions[key])  # the map matches the caption
        assert _has(term, spans, lang), (lang, key, term)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_game_word_the_messages_print_is_in_the_glossary(lang: str) -> None:
    printed = " ".join(CATALOGS[lang].values())
    spans = _bold(_glossary(lang))
    checked = 0
    for pair in MESSAGE_TERMS:
        term = pair[0 if lang == "en" else 1]
        if _printed(term, printed, lang):
            checked += 1
            assert _has(term, spans, lang), (lang, term)
    assert checked >= 70  # the list still matches what the catalogs print


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_bots_term_list_and_yaku_names_are_in_the_guide(lang: str) -> None:
    spans_glossary, spans_all = _bold(_glossary(lang)), _bold(_text(lang))
    for key, term in GLOSSARIES[lang].items():
        is_yaku = key[0].isupper()
        assert _has(term, spans_all if is_yaku else spans_glossary, lang), (lang, key, term)
    for hand in RIICHI_YAKU:
        name = yaku_name(lang, hand.name)
        assert name in _text(lang), (lang, name)


def _library_han() -> dict[str, tuple[int, int, bool]]:
    from mahjong.hand_calculating.yaku_config import YakuConfig

    return {y.name: (y.han_closed, y.han_open, y.is_yakuman) for y in vars(YakuConfig()).values()
            if hasattr(y, "han_closed")}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_yaku_rows_give_the_librarys_han(lang: str) -> None:
    han = _library_han()
    rows = {m.group(1): (m.group(2).strip(), m.group(3).strip()) for m in re.finditer(
        r"^\| !\[[^\]]*\]\(images/learn/([a-z-]+)\.png\) \| [^|]+ \| ([^|]+) \| ([^|]+) \|", _text(lang), re.M)}
    yakuman = {"en": "yakuman", "ko": "역만"}[lang]
    for hand in RIICHI_YAKU:
        closed, opened, is_yakuman = han[hand.name]
        want = (yakuman, yakuman if opened else "—") if is_yakuman else (str(closed), str(opened) if opened else "—")
        assert rows[hand.slug] == want, (lang, hand.name)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_picture_shown_is_drawn_and_every_picture_drawn_is_shown(lang: str) -> None:
    shown = set(re.findall(r"\(images/learn/([a-z0-9-]+)\.png\)", _text(lang)))
    drawn = {stem for stem, _ in pictures()}
    assert shown == drawn
    assert all((DOCS / "images" / "learn" / f"{stem}.png").is_file() for stem in drawn)


# The words text mode and the pictures' descriptions name tiles, sets and the switches with
# (bot/i18n/words_*.py, issue 39): each one glossed in both guides.
WORD_KEYS = (*(f"alt.suit.{s}" for s in "mps"), *(f"alt.honor.{n}" for n in range(1, 8)),
             "settings.me.text_mode", "settings.me.large_tiles")
MELD_KEYS = ("alt.meld.chi", "alt.meld.pon", "alt.meld.kan", "alt.meld.ankan", "alt.meld.kakan")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_word_of_text_mode_is_in_the_glossary(lang: str) -> None:
    spans = _bold(_glossary(lang))
    for key in WORD_KEYS:
        assert _has(CATALOGS[lang][key], spans, lang), (lang, key)
    for key in MELD_KEYS:  # "closed kan {tiles}": the set's name
        assert _has(CATALOGS[lang][key].replace("{tiles}", "").strip(), spans, lang), (lang, key)

