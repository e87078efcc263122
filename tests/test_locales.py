"""Every locale file words every message of English, with the same placeholders, and every
plural has exactly the CLDR categories its language needs (static/locales/README.md); each
language's card labels and spoken card names are distinct, it names itself and its app.

The browser's own plural rules are checked against the files too (e2e/test_i18n.py)."""

from __future__ import annotations

import re

import pytest

from hearts.rules import PRESETS
from i18n_blocks import (
    LOCALES,
    Entry,
    is_plural,
    languages,
    messages,
    placeholders,
    plurals,
    spoken_card,
    text_at,
    texts,
)

# CLDR cardinal plural categories (Intl.PluralRules(lang).resolvedOptions().pluralCategories)
# of the languages the page has or plans; a new language's file needs its row here.
CATEGORIES = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "nl": {"one", "other"},
    "fr": {"one", "many", "other"},
    "es": {"one", "many", "other"},
    "it": {"one", "many", "other"},
    "pt": {"one", "many", "other"},
    "pt-BR": {"one", "many", "other"},
    "pl": {"one", "few", "many", "other"},
}
ENGLISH = messages("en")
OTHERS = [lang for lang in languages() if lang != "en"]


def test_the_page_has_english_and_german() -> None:
    assert {"en", "de"} <= set(languages())


@pytest.mark.parametrize("lang", OTHERS)
def test_a_locale_has_every_message_of_english_and_no_other(lang: str) -> None:
    own = messages(lang)
    assert sorted(set(ENGLISH) - set(own)) == [], "missing"
    assert sorted(set(own) - set(ENGLISH)) == [], "not in English"


@pytest.mark.parametrize("lang", OTHERS)
def test_a_message_has_the_placeholders_of_english(lang: str) -> None:
    own = messages(lang)
    wrong = {key: sorted(placeholders(own[key]) ^ placeholders(english))
             for key, english in ENGLISH.items() if key in own and placeholders(own[key]) != placeholders(english)}
    assert wrong == {}


@pytest.mark.parametrize("lang", OTHERS)
def test_a_list_has_as_many_items_as_in_english(lang: str) -> None:
    own = messages(lang)
    for key, english in ENGLISH.items():
        if isinstance(english, list):
            assert isinstance(own[key], list) and len(own[key]) == len(english), key


def _plural_problems(key: str, entry: Entry, needed: set[str]) -> list[str]:
    problems = []
    for plural in plurals(entry):
        if not is_plural(plural):
            problems.append(f"{key}: a group where a text or plural belongs")
            continue
        if plural["plural"] not in placeholders(ENGLISH[key]):
            problems.append(f"{key}: counts {plural['plural']!r}, which is not one of its parameters")
        categories = set(plural) - {"plural"}
        if categories != needed:
            problems.append(f"{key}: categories {sorted(categories)}, the language has {sorted(needed)}")
    return problems


@pytest.mark.parametrize("lang", languages())
def test_every_plural_has_exactly_the_categories_of_its_language(lang: str) -> None:
    assert lang in CATEGORIES, f"add the CLDR plural categories of {lang} to this test"
    own = messages(lang)
    problems = [problem for key, entry in own.items() if key in ENGLISH
                for problem in _plural_problems(key, entry, CATEGORIES[lang])]
    assert problems == []


@pytest.mark.parametrize("lang", languages())
def test_braces_only_mark_placeholders(lang: str) -> None:
    for key, entry in messages(lang).items():
        for text in texts(entry):
            assert not re.search(r"[{}]", re.sub(r"\{\w+\}", "", text)), f"{key}: {text!r}"


def test_french_keeps_its_punctuation_on_the_line_of_the_word_before() -> None:
    """French sets a space before : ; ! ? and inside « »: a non-breaking one, or a narrow screen starts
    a line with the colon ("… la donne du jour / : terminez-la ici", seen at 390 px)."""
    loose = [f"{key}: {text!r}" for key, entry in messages("fr").items() for text in texts(entry)
             if re.search(r" [:;!?»]|« ", text)]
    assert loose == []


def _well_formed(entry: object, in_plural: bool = False) -> bool:
    """A text, a list of texts (not as a plural's form), or a plural whose forms are well formed."""
    if isinstance(entry, str):
        return True
    if isinstance(entry, list):
        return not in_plural and all(isinstance(item, str) for item in entry)
    if isinstance(entry, dict) and "plural" in entry:
        forms = [form for category, form in entry.items() if category != "plural"]
        return isinstance(entry["plural"], str) and all(_well_formed(form, True) for form in forms)
    return False


@pytest.mark.parametrize("lang", languages())
def test_every_message_is_a_text_a_list_or_a_plural(lang: str) -> None:
    assert [key for key, entry in messages(lang).items() if not _well_formed(entry)] == []


def test_the_english_plurals_are_worded_for_one_and_for_more() -> None:
    counted = {key: entry for key, entry in ENGLISH.items() if is_plural(entry)}
    assert {"passTo.left", "errors.bad_pass", "learn.done", "log.clockWarn"} <= set(counted)
    for key, entry in counted.items():
        assert isinstance(entry, dict) and entry["one"] != entry["other"], key


def test_every_text_the_page_names_in_its_html_is_a_text_of_english() -> None:
    html = (LOCALES.parents[1] / "index.html").read_text(encoding="utf-8")
    named = set(re.findall(r'data-i18n(?:-title|-label)?="([^"]+)"', html))
    assert named and {key for key in named if not isinstance(ENGLISH.get(key), str)} == set()


RANKS = "23456789TJQKA"
SUITS = "CDHS"


def rank_labels(lang: str) -> dict[str, str]:
    """Each rank's label on a card in the language ("Q" → "D" in German): `ranks`, digits as they are."""
    return {rank: text_at(lang, f"ranks.{rank}") if f"ranks.{rank}" in ENGLISH else rank for rank in RANKS}


@pytest.mark.parametrize("lang", languages())
def test_every_rank_has_its_own_short_label(lang: str) -> None:
    labels = rank_labels(lang)
    assert len(set(labels.values())) == len(RANKS), labels
    # i18n.js finds a label as a rank at a word's start before a suit sign: letters or "10", nothing else.
    assert all(re.fullmatch(r"\d{1,2}|\w", label) for label in labels.values()), labels


@pytest.mark.parametrize("lang", languages())
def test_every_card_has_its_own_spoken_name(lang: str) -> None:
    spoken = {spoken_card(lang, rank + suit) for rank in RANKS for suit in SUITS}
    assert len(spoken) == len(RANKS) * len(SUITS)
    assert not any(re.search(r"[{}♣♦♥♠]", name) for name in spoken)


def test_every_language_names_itself_in_its_own_words() -> None:
    names = {lang: text_at(lang, "languageName") for lang in languages()}
    assert len(set(names.values())) == len(names) and all(names.values()), names
    assert names["en"] == "English" and names["de"] == "Deutsch"


@pytest.mark.parametrize("lang", languages())
def test_every_language_has_its_app_name_and_description(lang: str) -> None:
    assert text_at(lang, "app.name").startswith("Hearts") and text_at(lang, "app.description")


def test_the_page_loads_every_locale_file() -> None:
    """i18n.js imports each file of static/locales/ (README: adding a language, step 2)."""
    source = (LOCALES.parents[1] / "static" / "js" / "i18n.js").read_text(encoding="utf-8")
    imported = set(re.findall(r'import\s+\w+\s+from\s+"\.\./locales/([\w-]+)\.json"', source))
    assert imported == set(languages())


def test_every_preset_has_a_name() -> None:
    """The settings' rule-set menu names each of Python's presets (a missing one would show its code)."""
    named = {key.removeprefix("s.presetNames.") for key in ENGLISH if key.startswith("s.presetNames.")}
    assert named == set(PRESETS)
