"""Slash-command names and descriptions in the user's language, through discord.py's Translator.

Commands are declared with ``locale_str(english, key=...)``; the key names the catalog entry.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import CATALOGS, DEFAULT, language_of


def ls(key: str) -> app_commands.locale_str:
    """A localisable command string: the English text, carrying its catalog key."""
    return app_commands.locale_str(CATALOGS[DEFAULT][key], key=key)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale)
        if key is None or lang == DEFAULT:
            return None
        return CATALOGS[lang].get(key)
