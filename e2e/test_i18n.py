"""German and English: the browser's language picks the default, the settings switch it; counted
texts take the plural form the browser's CLDR rules choose (static/locales/README.md), in every
language. The other languages, a hand each: e2e/test_languages.py."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect

from conftest import READY, ROOT, Table
from helpers import Settings, click_illegal, spoken_name, until_i_hold_an_illegal_card


def card_labels(page: Page) -> dict[str, str]:
    """Each hand card's spoken name: its accessible label up to its state."""
    pairs = page.locator("#hand [data-card]").evaluate_all("n => n.map(e => [e.dataset.card, e.ariaLabel])")
    return {str(card): str(name).split(",")[0] for card, name in pairs}


def assert_cards_named_in(page: Page, lang: str, timeout_s: float = 10.0) -> None:
    """The cards are named in the table's language (queen of spades is Pik-Dame in German).

    Each look reads the hand once: a new match's hand may replace the one drawn behind the
    dialog between two reads. The names may take a moment to come (a language switch, a new
    match), so the last look is the one judged."""
    deadline = time.monotonic() + timeout_s
    while True:
        labels = card_labels(page)
        wanted = {card: spoken_name(card, lang) for card in labels}
        if (labels and labels == wanted) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert labels and labels == wanted


@pytest.mark.browser_context_args(locale="de-DE")
def test_a_german_browser_gets_the_table_in_german(page: Page) -> None:
    page.goto("")
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    dialog = page.locator("#dlg-settings")
    expect(dialog.locator(".welcome")).to_have_text(re.compile("^Spiel Hearts gegen den Computer"))
    expect(dialog.locator('[data-action="start"]')).to_have_text("Neue Partie beginnen")
    dialog.locator('[data-action="start"]').click()
    expect(page.locator("#status")).to_have_text("Gib 3 Karten nach links, an Anna")
    expect(page.locator('[data-action="pass"]')).to_have_text("Weitergeben 0/3")
    expect(page.locator('.bar [data-action="hint"]')).to_have_attribute("aria-label", "Tipp")
    assert_cards_named_in(page, "de")


@pytest.mark.browser_context_args(locale="de-DE")
def test_stored_settings_python_refuses_are_said_in_the_pages_language(page: Page) -> None:
    """Python's own message is for developers (English, with its details): the page says why in words of its own."""
    stored = {"bots": ["godlike", "easy", "easy"], "speed": "instant"}
    page.add_init_script(f"localStorage.setItem('hearts.settings.v1', {json.dumps(json.dumps(stored))})")
    page.goto("")
    page.wait_for_selector(READY, timeout=60_000)
    notice = page.locator("#toasts .toast.warn")
    expect(notice).to_contain_text("eine Einstellung ist unbekannt oder ungültig")
    expect(notice).not_to_contain_text("godlike")
    expect(page.locator("#match-info")).to_contain_text("Spiel 1")


def test_switching_the_language_in_settings_changes_every_text(table: Table) -> None:
    page = table.open(seed=80, bots="easy", lang="en", rules={"passing": "none"}).page
    illegal = until_i_hold_an_illegal_card(table)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert_cards_named_in(page, "en")
    settings = Settings(page).open()
    settings.select("Language", "Deutsch")
    expect(settings.dialog.locator("legend").first).to_have_text("Spiel")
    expect(settings.dialog.locator('[data-action="start"]')).to_have_text("Neue Partie beginnen")
    settings.done()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator('.bar [data-action="hint"]')).to_have_attribute("aria-label", "Tipp")
    expect(page.locator("#status")).to_have_text(re.compile("^Du (bist dran|spielst aus)$"))
    expect(page.locator('#hand [data-card="' + illegal[0] + '"]')).to_have_attribute(
        "aria-label", re.compile("^" + re.escape(spoken_name(illegal[0], "de")) + ", nicht spielbar: "))
    assert_cards_named_in(page, "de")
    expect(click_illegal(page, illegal[0])).to_have_text(re.compile(r" geht jetzt nicht: .+\.$"))
    settings.open()
    # By keyboard: each arrow switches the language at once and redraws the dialog; the list keeps
    # the focus, so the next arrow goes on through the languages.
    languages = settings.dialog.locator("select:has(option[value='de'])")
    languages.focus()
    page.keyboard.press("ArrowDown")   # Deutsch, English, …
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(settings.dialog.locator("legend").first).to_have_text("Game")
    expect(languages).to_be_focused()
    settings.done()
    expect(page.locator("#status")).to_have_text(re.compile("^Your (turn|lead)$"))
    assert_cards_named_in(page, "en")


# Per language the page offers: the categories its plural rules know, and every plural of its
# locale file (nested forms too) with the categories the file gives it.
PLURALS = """async () => {
  const { LANGS } = await import("./static/js/i18n.js");
  const out = {};
  for (const lang of LANGS) {
    const { default: table } = await import(`./static/locales/${lang}.json`, { with: { type: "json" } });
    const plurals = {};
    const walk = (node, path) => {
      if (typeof node !== "object" || node === null || Array.isArray(node)) return;
      if (typeof node.plural === "string") plurals[path] = Object.keys(node).filter((k) => k !== "plural");
      for (const [key, child] of Object.entries(node)) if (key !== "plural") walk(child, path ? `${path}.${key}` : key);
    };
    walk(table, "");
    out[lang] = { needed: new Intl.PluralRules(lang).resolvedOptions().pluralCategories, plurals };
  }
  return out;
}"""


def test_every_plural_has_the_categories_of_the_browsers_plural_rules(page: Page) -> None:
    page.goto("")
    page.wait_for_selector(READY, timeout=60_000)
    found = page.evaluate(PLURALS)
    assert sorted(found) == sorted(path.stem for path in (ROOT / "static" / "locales").glob("*.json"))
    for lang, seen in found.items():
        assert seen["plurals"], f"{lang}: no plural at all"
        wrong = {path: categories for path, categories in seen["plurals"].items()
                 if sorted(categories) != sorted(seen["needed"])}
        assert wrong == {}, f"{lang} needs {seen['needed']}"


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("en", "Pass 1 card to the left, to Alice", "Pass 3 cards to the left, to Alice"),
    ("de", "Gib 1 Karte nach links, an Anna", "Gib 3 Karten nach links, an Anna"),
])
def test_a_count_of_one_takes_the_singular(table: Table, lang: str, one: str, three: str) -> None:
    page = table.open(seed=3, bots="easy", lang=lang, rules={"pass_count": 1}).page
    expect(page.locator("#status")).to_have_text(one)
    page = table.open(seed=3, bots="easy", lang=lang, rules={"pass_count": 3}).page
    expect(page.locator("#status")).to_have_text(three)
