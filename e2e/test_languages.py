"""Every language of static/locales: a hand played with no text of another language on the screen
or in what a screen reader hears, axe at no serious or critical violation; which language a first
visit gets (navigator.languages in order, the host page's ?lang= and data-lang first).

How the page picks its language and the terms per language: docs/languages.md."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from conftest import READY, ROOT, Table
from helpers import MAX_TURNS, Settings, click_illegal, font_suit_signs, label_of, until_i_hold_an_illegal_card
from offline_support import Site, guarded_context
from test_a11y import serious_violations
from test_embed import GAME, game_frame, host_site


def _blocks() -> Any:
    """tests/i18n_blocks.py: the locale files as the Python tests read them (one reader, not a copy)."""
    spec = importlib.util.spec_from_file_location("i18n_blocks", ROOT / "tests" / "i18n_blocks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_blocks", module)
    spec.loader.exec_module(module)
    return module


blocks = _blocks()
LANGS: list[str] = blocks.languages()
DECK = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
DESKTOP = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)


def pieces(text: str) -> list[str]:
    """The literal parts of a text between its placeholders, trimmed of spaces and punctuation."""
    parts = (part.strip(" \u00a0\u202f.,:;!?()[]–—-…«»“”„\"'·/×+≈✓→★") for part in blocks.PLACEHOLDER.split(text))
    return [part for part in parts if sum(ch.isalpha() for ch in part) >= 4]


@cache
def own_words(lang: str) -> tuple[list[str], str]:
    """A language's texts, seat names and spoken card names: as pieces, and as one text to search in."""
    texts = [text for entry in blocks.messages(lang).values() for text in blocks.texts(entry)]
    texts += [blocks.spoken_card(lang, card) for card in DECK]
    return [piece for text in texts for piece in pieces(text)], "\n".join(texts)


@cache
def foreign(lang: str) -> re.Pattern[str]:
    """Any piece of another language's texts that this language's texts do not hold too, as a whole word."""
    _, mine = own_words(lang)
    theirs = {piece for other in LANGS if other != lang for piece in own_words(other)[0]}
    alien = sorted((piece for piece in theirs if piece not in mine), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, alien)) + r")(?!\w)")


# Every text on the screen and every name a screen reader would say: visible text, the live
# log (visually hidden), accessible names, tooltips, placeholders, options, the title. A part
# marked with a lang of its own (a language's name in the language menu) is that language's.
SCREEN_TEXTS = """() => {
    const lang = document.documentElement.lang;
    const own = (el) => (el.closest('[lang]')?.getAttribute('lang') ?? lang) === lang;
    const shown = (el) => el.checkVisibility() || el.closest('#log') !== null;
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !parent.closest('script, style') && own(parent) && shown(parent) && node.data.trim())
            out.push(node.data.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
        if (own(el) && shown(el))
            for (const name of ['aria-label', 'title', 'placeholder'])
                if (el.getAttribute(name)) out.push(el.getAttribute(name));
    for (const option of document.querySelectorAll('option')) if (own(option)) out.push(option.text);
    return out;
}"""


class Screens:
    """What each screen of a played hand shows of another language, axe's serious violations and
    suit signs a font would draw, by screen."""

    def __init__(self, page: Page, lang: str) -> None:
        self.page, self.lang = page, lang
        self.found: dict[str, list[str]] = {}

    def look(self, screen: str, axe: bool = True) -> None:
        texts: list[str] = self.page.evaluate(SCREEN_TEXTS)
        alien = foreign(self.lang)
        problems = [f"{found.group(0)!r} in {text!r}" for text in texts for found in [alien.search(text)] if found]
        if axe:
            problems += serious_violations(self.page)
            problems += [f"font suit sign: {where}" for where in font_suit_signs(self.page)]
        if problems:
            self.found[screen] = problems

    def dialog(self, action: str, screen: str) -> None:
        dialog = self.page.locator(f"#dlg-{action}")
        self.page.click(f'.bar [data-action="{action}"]')
        expect(dialog).to_be_visible()
        self.look(screen)
        self.page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()


def pass_text(lang: str, count: int) -> str:
    """The status while passing left to seat 1, worded from the locale file by its own plural rules."""
    entry = blocks.messages(lang)["passTo.left"]
    category = {1: "one"}.get(count, "other")
    if lang == "pl":
        category = {1: "one", 3: "few", 5: "many"}[count]
    name = blocks.messages(lang)["seatNames"][1]
    return str(entry[category]).replace("{n}", str(count)).replace("{name}", name)


@pytest.mark.browser_context_args(bypass_csp=True)  # axe is injected as an inline script
@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_shows_and_says_nothing_in_another_language(table: Table, lang: str) -> None:
    page = table.open(seed=44, bots="easy", lang=lang).page
    expect(page.locator("html")).to_have_attribute("lang", lang)
    screens = Screens(page, lang)
    assert table.wait_for_choice() == "pass"
    expect(page.locator("#status")).to_have_text(pass_text(lang, 3))
    assert {card: label_of(page, card) for card in table.hand()} == {
        card: blocks.spoken_card(lang, card) for card in table.hand()}
    screens.look("pass")
    page.set_viewport_size(PHONE)
    screens.look("pass (phone)")
    page.set_viewport_size(DESKTOP)
    table.pass_cards()
    illegal = until_i_hold_an_illegal_card(table)
    expect(click_illegal(page, illegal[0])).not_to_be_empty()
    page.keyboard.press("r")  # a hint
    page.keyboard.press("t")  # the table read out: trick, turn, scores, cards left per suit
    screens.look("play, a refusal, a hint")
    screens.dialog("settings", "settings")
    for _ in range(MAX_TURNS):
        if table.wait_for_choice() == "over":
            break
        table.play_any()
    page.wait_for_selector("#result:not([hidden])")
    screens.look("result and the live log of the whole hand")
    page.set_viewport_size(PHONE)
    screens.look("result (phone)")
    page.set_viewport_size(DESKTOP)
    screens.dialog("scores", "score sheet")
    screens.dialog("stats", "statistics")
    assert not screens.found, json.dumps(screens.found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("count", [1, 3, 5])
def test_the_pass_count_takes_each_languages_plural_form(table: Table, count: int) -> None:
    """The status while passing in every language: the first as the table opens, the others switched to
    in the settings (a switch is a redraw, so one table per count serves every language)."""
    page = table.open(seed=3, bots="easy", lang=LANGS[0], rules={"pass_count": count}).page
    settings, shown = Settings(page), LANGS[0]
    for lang in LANGS:
        if lang != shown:
            settings.open()
            settings.control(blocks.text_at(shown, "s.language")).select_option(value=lang)
            settings.done()
            shown = lang
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#status")).to_have_text(pass_text(lang, count))


# -- which language a first visit gets ---------------------------------------------------------

def first_visit_lang(page: Page, address: str = "") -> str:
    page.goto(address)
    page.wait_for_selector(READY, timeout=60_000)
    return str(page.locator("html").get_attribute("lang"))


def assert_manifest_in(page: Page, lang: str) -> None:
    """The page links the web app manifest of its language, which names the game in it."""
    expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", f"manifest.{lang}.webmanifest")
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
    assert manifest["lang"] == lang and manifest["name"] == blocks.text_at(lang, "app.name")
    assert manifest["description"] == blocks.text_at(lang, "app.description")


# A browser's locale and the language its first visit gets: every language of ours among them.
FIRST_VISITS = [("fr-CA", "fr"), ("pt-PT", "pt-BR"), ("pt-BR", "pt-BR"), ("es-MX", "es"), ("it-IT", "it"),
                ("nl-BE", "nl"), ("pl-PL", "pl"), ("de-AT", "de"), ("ja-JP", "en")]


def test_the_first_visits_reach_every_language() -> None:
    assert sorted({lang for _, lang in FIRST_VISITS}) == LANGS


@pytest.mark.parametrize(("locale", "lang"), [
    pytest.param(locale, lang, marks=pytest.mark.browser_context_args(locale=locale), id=locale)
    for locale, lang in FIRST_VISITS
])
def test_a_first_visit_speaks_the_browsers_language_and_links_its_manifest(page: Page, locale: str,
                                                                            lang: str) -> None:
    assert first_visit_lang(page) == lang
    expect(page.locator("#dlg-settings .welcome")).to_have_text(blocks.text_at(lang, "welcome"))
    assert_manifest_in(page, lang)


def test_the_browsers_languages_are_tried_in_order(page: Page) -> None:
    page.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['ja-JP', 'it-CH', 'fr-FR']})")
    assert first_visit_lang(page) == "it"


@pytest.mark.browser_context_args(locale="de-DE")
def test_the_address_wins_over_the_browser_until_the_player_picks(page: Page) -> None:
    assert first_visit_lang(page, "?lang=PT-br") == "pt-BR"
    assert first_visit_lang(page, "?lang=pl") == "pl"
    assert first_visit_lang(page, "?lang=xx") == "de"
    Table(page).open(lang="nl")  # the player's own pick, stored with the settings
    assert first_visit_lang(page, "?lang=pl") == "nl"


def test_the_host_pages_data_lang_wins_over_the_browser(browser: Browser, dist: Path, tmp_path: Path) -> None:
    html = ('<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Clube</title>'
            '<link rel="icon" href="games/hearts/static/img/icon.svg"></head><body>'
            '<div data-hearts-game data-lang="pt-br"></div><script src="games/hearts/embed.js" defer></script>'
            "</body></html>")
    site = Site({GAME: dist, "/site/": host_site(tmp_path / "host", html)})
    with site, guarded_context(browser, site, locale="fr-FR") as (context, _):
        page = context.new_page()
        page.goto(site.url("/site/"))
        frame = game_frame(page)
        assert frame.evaluate("document.documentElement.lang") == "pt-BR"
