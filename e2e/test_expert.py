"""The expert level at the table: picked in the settings for the other seats, a seat shows that its bot
is thinking while a decision takes a while (never announced; still dots with reduced motion), and the
expert gives hints."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from conftest import Table
from helpers import Settings, mark_toasts, new_toast, stored

SETTINGS_KEY = "hearts.settings.v1"  # static/js/storage.js

# Every change of data-thinking on the seats and the hint button, with the badge's label and whether
# it shows, so a thinking that came and went between two looks is still seen.
WATCH_THINKING = """() => {
    window.thinkingSeen = [];
    const watched = [document.querySelector('#seats'), document.querySelector('.bar [data-action="hint"]')];
    const observer = new MutationObserver((changes) => {
        for (const change of changes) {
            const node = change.target;
            const badge = node.querySelector('.thinking');
            window.thinkingSeen.push({
                seat: node.dataset.seat ?? 'hint', thinking: node.dataset.thinking ?? null,
                label: badge?.getAttribute('aria-label') ?? null, shown: Boolean(badge?.checkVisibility()),
            });
        }
    });
    const options = {subtree: true, attributes: true, attributeFilter: ['data-thinking']};
    for (const node of watched) observer.observe(node, options);
}"""


def test_expert_seats_show_they_are_thinking_and_the_expert_gives_a_hint(table: Table) -> None:
    # Seat 1 holds 2♣ (forced), seats 2 and 3 choose among their clubs before the person plays.
    page = table.open(seed=23, bots="easy", rules={"passing": "none"}).page
    settings = Settings(page).open()
    for name in ("Alice", "Bob", "Carol"):
        settings.select(name, "expert")
    page.locator('[data-setting="hint-level"] input[value="expert"]').check()
    assert json.loads(stored(page, SETTINGS_KEY) or "{}")["hintLevel"] == "expert"   # kept with the other settings
    page.evaluate(WATCH_THINKING)
    settings.start()
    expect(page.locator('#seats .seat[data-seat="2"] .level')).to_have_text("expert")

    table.wait_for_choice()
    seen = page.evaluate("window.thinkingSeen")
    thought = [e for e in seen if e["seat"] in ("1", "2", "3") and e["thinking"] == "true"]
    assert thought, seen
    assert all(e["label"] == "thinking" and e["shown"] for e in thought)
    assert seen[-1]["thinking"] is None   # the answer came: no seat thinks on the person's turn
    expect(page.locator("[data-thinking]")).to_have_count(0)
    expect(page.locator("#log")).not_to_contain_text("thinking")   # never announced

    mark_toasts(page)   # the person has three clubs to choose from: the expert searches
    page.click('.bar [data-action="hint"]')
    expect(new_toast(page)).to_have_class("toast gold hint")
    hinted = page.locator("#hand .card.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-card") in table.legal()
    on_hint = [e["thinking"] for e in page.evaluate("window.thinkingSeen") if e["seat"] == "hint"]
    assert on_hint == ["true", None]   # the expert's hint takes long enough to show, then it is gone

    # With reduced motion the dots stand still.
    dot = page.locator("#seats .seat .thinking i").first
    assert dot.evaluate("i => getComputedStyle(i).animationName") == "thinking-dot"
    page.emulate_media(reduced_motion="reduce")
    assert dot.evaluate("i => getComputedStyle(i).animationName") == "none"
