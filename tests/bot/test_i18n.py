"""The message catalogs (issue 11): complete in every language, every key used, terms as the seed."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.cogs.info import rules_embeds
from bot.i18n import CAPTIONS, CATALOGS, GLOSSARIES, LANGUAGES, language_of, number, t
from bot.render.texts import DEFAULT_TEXTS

ROOT = Path(__file__).resolve().parents[2]
SEED_KO = Path("/work/shared/seeds/janpo-rules-ko.txt")
CODE = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot").rglob("*.py")
                 if p.parent.name != "i18n" and ("render" not in p.parts or p.name == "alt.py")
                 and "storage" not in p.parts)  # the pictures' words (render/alt.py) use the catalogs


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_in_every_language_with_the_same_placeholders() -> None:
    english = CATALOGS["en"]
    for lang in LANGUAGES:
        assert set(CATALOGS[lang]) == set(english), lang
        for key, text in CATALOGS[lang].items():
            assert text.strip(), (lang, key)
            assert placeholders(text) == placeholders(english[key]), (lang, key)


def test_every_key_is_used_in_the_code() -> None:
    unused = [key for key in CATALOGS["en"] if f'"{key}"' not in CODE]
    assert unused == []


def test_image_captions_complete_in_every_language() -> None:
    for lang in LANGUAGES:
        assert set(CAPTIONS[lang]) == set(DEFAULT_TEXTS), lang
        for key, text in CAPTIONS[lang].items():
            assert placeholders(text) == placeholders(DEFAULT_TEXTS[key]), (lang, key)


def test_command_names_are_valid_discord_names() -> None:
    pattern = re.compile(r"^[-_\w]{1,32}$")
    for lang in LANGUAGES:
        for key, text in CATALOGS[lang].items():
            if key.startswith("cmd.") and not key.endswith(".desc") or key.startswith("opt.") and (
                    key.endswith("_name") or key in ("opt.game", "opt.red_fives", "opt.seven_pairs", "opt.length",
                                                      "opt.small_blind", "opt.big_blind", "opt.stack", "opt.cpu", "opt.seating",
                                                      "opt.language")):
                assert pattern.match(text) and text == text.lower(), (lang, key, text)


def test_glossary_terms_from_the_korean_seed_are_the_ones_on_buttons() -> None:
    seed = SEED_KO.read_text(encoding="utf-8") if SEED_KO.exists() else ""
    ko = GLOSSARIES["ko"]
    if seed:
        for term in ("tsumogiri", "tedashi", "tada_jan", "call", "check", "fold", "allin", "blinds", "dealer"):
            assert ko[term] in seed, term
    assert ko["riichi"] == "리치" and ko["pon"] == "퐁" and ko["kan"] == "깡" and ko["chi"] == "치"
    for term, key in [("tsumogiri", "move.tsumogiri"), ("tsumo", "move.tsumo"), ("ron", "move.ron"),
                      ("pon", "move.pon"), ("kan", "move.kan"), ("fold", "move.fold"), ("check", "move.check"),
                      ("call", "move.call"), ("allin", "move.allin")]:
        for lang in LANGUAGES:
            assert GLOSSARIES[lang][term].lower() in CATALOGS[lang][key].lower(), (lang, key)
    assert "타다 마작 타임" in CATALOGS["ko"]["rules.janpo"] and "tada-jan time" in CATALOGS["en"]["rules.janpo"]


def test_numbers_per_locale() -> None:
    assert number(25000, "en") == "25,000" and number(-1300, "ko") == "-1,300"
    assert t("ko", "table.points_line", seat="A", name="민수", points=25000) == "A. 민수: 25,000점"
    assert t("en", "table.points_line", seat="A", name="Ann", points=1234567) == "A. Ann: 1,234,567"


@pytest.mark.parametrize(("locale", "lang"), [("ko", "ko"), ("en-US", "en"), ("en-GB", "en"), ("ja", "en"),
                                             (None, "en")])
def test_language_follows_the_discord_locale(locale: str | None, lang: str) -> None:
    assert language_of(locale) == lang


# The Korean seed's rule list, in its order, with the J id each point becomes (RULES.md).
SEED_POINTS = [
    ("보유 점수", "J1"), ("점봉 취급", "J1"), ("액션 제한", "J7"), ("츠모기리", "J7"), ("테다시", "J7"),
    ("마작 순서대로", "J4"), ("타다 마작 타임", "J7"), ("텍사스 홀덤", "J3"), ("200-500", "J3"), ("PD", "J15"),
    ("M리그 준거", "J2"), ("연장", "J2"), ("14번째 패를 첫 츠모", "J6"), ("컷오프/CO", "J4"),
    ("첫 츠모를 마친 뒤", "J6"), ("울기", "J8"), ("다음 핸드가 바로", "J5"), ("점수를 주고받", "J9"),
    ("츠모 화료", "J7"), ("론 화료", "J8"), ("라스트 핸드", "J9"), ("파산", "J12"), ("3명이 0점 이하", "J13"),
    ("이미 낸 칩으로 올인", "J10"), ("올인 중 화료", "J11"), ("동4국", "J14"), ("소점 합계", "J14"),
    ("순위점", "J2"), ("반칙", "J15"),
]


def test_korean_janpo_rules_follow_the_seed_point_by_point() -> None:
    text = "\n".join(e.description or "" for e in rules_embeds("ko", "janpo"))
    position = -1
    for phrase, jid in SEED_POINTS:
        found = text.find(phrase, position + 1)
        assert found > position, f"{phrase!r} missing or out of the seed's order"
        line = text[text.rfind("\n", 0, found) + 1: text.find("\n", found)]
        assert re.search(rf"\b{jid}\b", line), f"{phrase!r} does not cite {jid}: {line}"
        position = found
    for n in range(1, 16):
        assert re.search(rf"\bJ{n}\b", text), f"J{n} not cited"


@pytest.mark.parametrize("game", ["janpo", "five", "riichi", "holdem"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_fit_in_discord_embeds(game: str, lang: str) -> None:
    embeds = rules_embeds(lang, game)
    assert 1 <= len(embeds) <= 10
    assert all(len(e.description or "") <= 4096 for e in embeds)
    assert sum(len(e.description or "") + len(e.title or "") for e in embeds) <= 6000


def test_every_yaku_of_the_scoring_library_has_a_korean_name() -> None:
    from mahjong.hand_calculating.yaku_config import YakuConfig

    from bot.i18n.yaku import YAKU, yaku_name

    names = {y.name for y in vars(YakuConfig()).values() if hasattr(y, "han_closed")}
    assert names <= set(YAKU["ko"])
    assert yaku_name("ko", "Riichi") == GLOSSARIES["ko"]["riichi"] and yaku_name("en", "Riichi") == "Riichi"
    assert yaku_name("ko", "Tanyao") == GLOSSARIES["ko"]["Tanyao"]
