"""Shared deals: a link relative to the page opens the same deal with the same rules and bots;
a bad or changed link gives a notice and changes nothing (the match on the table, its save)."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from playwright.sync_api import Page, expect

from conftest import READY, Table
from hearts.deal import match_deal_number
from helpers import SAVE_KEY, click_tool, screen, stored


def share_url(page: Page, selector: str = "") -> str:
    """The link the share dialog gives: opened by `selector`, or the bar's Share (behind "More" on a phone)."""
    if selector:
        page.click(selector)
    else:
        click_tool(page, "share")
    field = page.locator("[data-share-url]")
    expect(field).to_be_visible()
    url = str(field.input_value())
    page.keyboard.press("Escape")
    return url


def test_a_shared_deal_opens_the_same_cards_rules_and_bots(table: Table, base_url: str) -> None:
    page = table.open(seed=31, bots=["easy", "strong", "normal"], lang="en",
                      rules={"preset": "omnibus", "target": 75}).page
    deal = match_deal_number(31, 0)
    expect(page.locator("#match-info")).to_contain_text(f"Deal #{deal}")
    hand = table.hand()
    url = share_url(page)
    assert url.startswith(base_url) and "?share=" in url
    # Under the page's own folder, relative: the link is this page plus ?share=.
    assert urllib.parse.urlsplit(url).path == urllib.parse.urlsplit(base_url).path
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_selector(READY, timeout=60_000)
    expect(other.locator("#match-info")).to_contain_text(f"Deal #{deal}")
    assert Table(other).hand() == hand
    expect(other.locator(".seat .level")).to_have_text(["", "easy", "strong", "normal"])
    assert "share=" not in other.url
    other.click('.bar [data-action="scores"]')
    expect(other.locator("#dlg-scores .rules-summary")).to_contain_text("jack of diamonds counts −10")
    expect(other.locator("#dlg-scores .rules-summary")).to_contain_text("Match ends at: 75")
    other.close()


def test_the_hand_result_shares_that_hand_and_the_bar_shows_its_own_deal(table: Table) -> None:
    page = table.open(seed=32, bots="easy", lang="en").page
    table.play_hand()
    url = share_url(page, '#result [data-action="share"]')
    table.next_hand()
    expect(page.locator("#match-info")).to_contain_text(f"Deal #{match_deal_number(32, 1)}")
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.locator("#match-info")).to_contain_text(f"Deal #{match_deal_number(32, 0)}")


@pytest.mark.browser_context_args(locale="de-DE", viewport={"width": 390, "height": 844})
def test_a_tampered_link_gives_a_notice_and_changes_nothing_in_german_on_a_phone(page: Page) -> None:
    table = Table(page)
    table.open(seed=33, bots="easy", lang="de")
    table.pass_cards()
    table.wait_for_choice()
    url = share_url(page)
    click_tool(page, "share")
    screen(page, "share-phone-de")
    page.keyboard.press("Escape")
    before_save, before_hand = stored(page, SAVE_KEY), table.hand()
    code = url.split("?share=")[1]
    tampered = url.replace(code, code[:10] + ("x" if code[10] != "x" else "y") + code[11:])
    for bad in (tampered, url[:-3], url.split("?")[0] + "?share=%7Bnot-a-code"):
        page.goto(bad)
        page.wait_for_selector(READY, timeout=60_000)
        notice = page.locator("#dlg-notice")
        expect(notice).to_be_visible()
        expect(notice.locator("p")).to_have_text(
            re.compile("^Dieser geteilte Link lässt sich nicht öffnen, es wurde nichts geändert"))
        notice.locator('[data-action="notice-ok"]').click()
        assert stored(page, SAVE_KEY) == before_save
        assert table.hand() == before_hand


def test_a_bad_link_on_a_first_visit_still_starts_the_table(page: Page) -> None:
    page.goto("?share=garbage")
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.locator("#dlg-notice p")).to_contain_text("This shared link cannot be opened, nothing was changed")
    screen(page, "share-bad-desktop-en")
