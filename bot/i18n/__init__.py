"""Every user-facing string by key, one catalog per language; see :func:`t`.

Messages are whole sentences with named placeholders (never glued from translated pieces); numbers
passed as ``int`` are formatted for the language (thousands separators), identifiers (``*_id``) not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import (
    captions_ko,
    en,
    ko,
    league_en,
    league_ko,
    ops_en,
    ops_ko,
    ranked_en,
    ranked_ko,
    results_en,
    results_ko,
    words_en,
    words_ko,
)
from bot.render.texts import DEFAULT_TEXTS

CATALOGS: dict[str, Mapping[str, str]] = {
    "en": {**en.MESSAGES, **results_en.MESSAGES, **words_en.MESSAGES, **ops_en.MESSAGES, **ranked_en.MESSAGES,
           **league_en.MESSAGES},
    "ko": {**ko.MESSAGES, **results_ko.MESSAGES, **words_ko.MESSAGES, **ops_ko.MESSAGES, **ranked_ko.MESSAGES,
           **league_ko.MESSAGES},
}
CAPTIONS: dict[str, Mapping[str, str]] = {"en": DEFAULT_TEXTS, "ko": captions_ko.CAPTIONS}
"""Captions drawn on images, keyed as ``bot.render.texts``; English is the renderer's own default."""
GLOSSARIES: dict[str, Mapping[str, str]] = {"en": en.GLOSSARY, "ko": ko.GLOSSARY}
LANGUAGES: tuple[str, ...] = tuple(CATALOGS)
DEFAULT = "en"
_THOUSANDS = {"en": ",", "ko": ","}


def language_of(locale: object) -> str:
    """The catalog for a Discord locale (``discord.Locale`` or its string): ``ko`` or English."""
    code = str(getattr(locale, "value", locale) or "").lower()
    base = code.split("-")[0]
    return base if base in CATALOGS else DEFAULT


def number(value: int, lang: str) -> str:
    """``25000`` -> ``25,000``; negative numbers keep their sign (``-1,300``)."""
    return f"{value:,}".replace(",", _THOUSANDS.get(lang, ","))


def _quantity(name: str, value: Any) -> bool:
    """Numbers are formatted for the language, except identifiers (``game_id``: #424242, not #424,242)."""
    return isinstance(value, int) and not isinstance(value, bool) and not (name == "id" or name.endswith("_id"))


def t(lang: str, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English if that catalog lacks it), placeholders filled."""
    catalog = CATALOGS.get(lang, CATALOGS[DEFAULT])
    text = catalog.get(key) or CATALOGS[DEFAULT][key]
    if not params:
        return text
    shown = {k: number(v, lang) if _quantity(k, v) else v for k, v in params.items()}
    return text.format_map(shown)
