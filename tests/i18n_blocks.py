"""The page's locale files (``static/locales/<lang>.json``) as the tests read them.

A file holds every player-facing string of one language (format: ``static/locales/README.md``):
groups of entries; an entry is a text with ``{name}`` placeholders, a list of texts, or a
plural, ``{"plural": param, "<CLDR category>": form, ...}``, whose forms are texts or plurals.
A *message* is what ``t(key)`` words: a text, list or plural, named by its dotted key.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TypeAlias, cast

LOCALES = Path(__file__).resolve().parents[1] / "static" / "locales"
PLACEHOLDER = re.compile(r"\{(\w+)\}")

Entry: TypeAlias = "str | list[str] | dict[str, Entry]"


def languages() -> list[str]:
    """Every language the page has a file for."""
    return sorted(path.stem for path in LOCALES.glob("*.json"))


def load(lang: str) -> dict[str, Entry]:
    return cast(dict[str, Entry], json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")))


def is_plural(entry: Entry) -> bool:
    return isinstance(entry, dict) and "plural" in entry


def messages(lang: str) -> dict[str, Entry]:
    """Every message of the language by its dotted key (a plural is one message)."""
    out: dict[str, Entry] = {}

    def walk(group: dict[str, Entry], prefix: str) -> None:
        for key, entry in group.items():
            if isinstance(entry, dict) and not is_plural(entry):
                walk(entry, f"{prefix}{key}.")
            else:
                out[prefix + key] = entry

    walk(load(lang), "")
    return out


def texts(entry: Entry) -> list[str]:
    """Every text of a message: the text, the list's items, each form of a plural (nested ones too)."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return [item for item in entry if isinstance(item, str)]
    if isinstance(entry, dict):
        return [text for category, form in entry.items() if category != "plural" for text in texts(form)]
    return []  # not an entry at all: test_locales says where


def plurals(entry: Entry) -> list[dict[str, Entry]]:
    """A message's plural and the plurals inside its forms."""
    if not isinstance(entry, dict):
        return []
    return [entry, *(inner for category, form in entry.items() if category != "plural" for inner in plurals(form))]


def placeholders(entry: Entry) -> set[str]:
    """The names of every {placeholder} in any text of the message."""
    return {name for text in texts(entry) for name in PLACEHOLDER.findall(text)}


def block_texts(name: str) -> dict[str, dict[str, str]]:
    """Per language, the top-level group ``name`` (error codes, hint reasons): code → text.

    The groups read this way word codes with no count: a plural in one is an error here.
    """
    out: dict[str, dict[str, str]] = {}
    for lang in languages():
        group = load(lang)[name]
        assert isinstance(group, dict) and not is_plural(group), f"{lang}: {name} is not a group"
        out[lang] = {}
        for code, text in group.items():
            if not isinstance(text, str):
                raise TypeError(f"{lang}: {name}.{code} is not a plain text")
            out[lang][code] = text
    return out


def text_at(lang: str, key: str) -> str:
    """The text message ``key`` of the language (an error where it is not a plain text)."""
    entry = messages(lang)[key]
    if not isinstance(entry, str):
        raise TypeError(f"{lang}: {key} is not a text")
    return entry


def spoken_card(lang: str, card: str) -> str:
    """A card's spoken name ("QS" → "la dame de pique") as static/js/i18n.js ``cardName`` fills ``spoken.card``."""
    names = {"rank": text_at(lang, f"spoken.ranks.{card[:-1]}"), "suit": text_at(lang, f"spoken.suits.{card[-1]}")}
    return PLACEHOLDER.sub(lambda found: names[found.group(1)], text_at(lang, "spoken.card"))
