"""The autosave: a reload in the middle of a hand resumes it exactly; a corrupt save is kept aside; a bad
``?setup=`` address changes nothing."""

from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from conftest import READY, Table
from hearts.table.seats import clean_name
from helpers import (
    SAVE_KEY,
    Settings,
    corrupt_value_is_kept_aside,
    play_until_over,
    snapshot,
    stored,
    trick,
    until_my_turn_in_play,
)


def test_a_reload_mid_hand_restores_hand_trick_scores_and_turn(table: Table) -> None:
    page = table.open(seed=70, bots="easy").page
    play_until_over(table)  # a finished hand, so that there are scores to restore
    table.next_hand()
    until_my_turn_in_play(table)
    table.play_any()  # a trick or more into the hand …
    until_my_turn_in_play(table, trick_not_empty=True)  # … and the person to follow into a trick
    before = snapshot(table)
    assert before["turn"] == 0 and before["trick"] and any(before["scores"]) and len(before["hand"]) < 13
    table.reload()
    table.wait_for_choice()
    assert snapshot(table) == before
    page.click('.bar [data-action="scores"]')
    expect(page.locator("#dlg-scores tbody tr")).to_have_count(1)
    assert trick(page) == before["trick"]


def test_unreadable_settings_give_one_notice_are_kept_aside_and_replaced(table: Table) -> None:
    table.open(seed=72, bots="easy")
    corrupt_value_is_kept_aside(table, "hearts.settings.v1", "settings", '{"lang": "de", "rules": {"pla')


def test_settings_of_the_wrong_kind_are_named_kept_aside_and_the_rest_kept(table: Table) -> None:
    """A word where a flag belongs and a speed there is not fall back to their defaults: the notice
    names them, the stored text is kept aside whole, the settings that could be read stay."""
    page = table.open(seed=72, bots="easy", lang="en").page
    bad = '{"lang": "en", "sound": "yes", "speed": "warp", "dim": false, "someday": 1}'
    corrupt_value_is_kept_aside(table, "hearts.settings.v1", "settings", bad, "could not be read (sound, speed)")
    kept = json.loads(stored(page, "hearts.settings.v1") or "{}")
    assert (kept["sound"], kept["speed"], kept["dim"], kept["lang"]) == (False, "normal", False, "en")


def test_a_corrupt_save_gives_a_notice_a_new_match_and_is_kept_aside(table: Table) -> None:
    page = table.open(seed=71, bots="easy").page
    table.pass_cards()  # the saved match is under way: the new one starts with the pass again
    until_my_turn_in_play(table)
    bad = "%%% not a saved game %%%"
    assert stored(page) not in (None, bad)
    corrupt_value_is_kept_aside(table, SAVE_KEY, "save", bad)
    expect(table.root).to_have_attribute("data-phase", "pass")
    assert len(table.hand()) == 13 and table.scores() == [0, 0, 0, 0] and trick(page) == []
    assert stored(page) not in (None, bad)


# A ?setup= address the table cannot use, and what the notice says why (German: the table's language).
BAD_SETUPS = [
    ('{"bots":"godlike"}', "(eine Einstellung ist unbekannt oder ungültig)"),  # Python refuses the level
    ('{"rules":{"players":9}}', "(der Wert von players ist nicht erlaubt)"),  # Python refuses the rules
    ('{"seed":"abc","speed":"instant"}', "(die Einstellung „seed“ ist ungültig)"),  # the page cannot take it
    ('{"colour":"red"}', "(die Einstellung „colour“ ist ungültig)"),  # no such setting
    ('{"seed":50,"bots":"eas', "Die Einstellungen in der Adresse lassen sich nicht lesen"),  # cut short
    # The learn hand plays none of these, but it would store them for the matches after it.
    ('{"mode":"learn","rules":{"players":9}}', "(der Wert von players ist nicht erlaubt)"),
    ('{"mode":"learn","bots":"godlike"}', "(eine Einstellung ist unbekannt oder ungültig)"),
    # A level for a seat this table does not have is stored too, for a larger table later.
    ('{"bots":["easy","easy","easy","godlike"]}', "(eine Einstellung ist unbekannt oder ungültig)"),
    ('{"preset":"nope"}', "(die Einstellung „preset“ ist ungültig)"),  # no preset of that name
]


def test_a_bad_setup_address_keeps_the_match_and_the_settings_and_says_why(table: Table) -> None:
    page = table.open(seed=73, bots="easy", lang="de").page
    table.pass_cards()
    until_my_turn_in_play(table)
    table.play_any()
    until_my_turn_in_play(table)
    before = (snapshot(table), stored(page), stored(page, "hearts.settings.v1"))
    for setup, why in BAD_SETUPS:
        page.goto(f"?setup={urllib.parse.quote(setup)}")
        page.wait_for_selector(READY, timeout=60_000)
        notice = page.locator("#dlg-notice")
        expect(notice).to_contain_text(why)
        expect(notice).to_contain_text("nichts geändert")
        page.click('#dlg-notice [data-action="notice-ok"]')
        table.wait_for_choice()
        assert (snapshot(table), stored(page), stored(page, "hearts.settings.v1")) == before, setup
        assert "setup" not in page.url  # a reload resumes, it does not try the address again


# Names with characters Python's clean_name drops (a bell, a BOM, a bidirectional mark) or takes for a space
# (\x1c, which JS's \s is not); the sixth seat is not at this table, so only the page's copy cleans it.
UNCLEAN_NAMES = ["", "Ann\u0007Lee", "Bo\ufeffb", "Cy\u001cDi", "", "Ed\u200eGar"]


def test_setup_names_are_stored_as_the_table_keeps_them(table: Table) -> None:
    """A ?setup= name is stored cleaned as Python cleans it (seats.clean_name), not as the address wrote it."""
    page = table.open(seed=74, bots="easy", lang="en", names=UNCLEAN_NAMES).page
    kept = [clean_name(name) for name in UNCLEAN_NAMES]
    assert kept == ["", "AnnLee", "Bob", "Cy Di", "", "EdGar"]
    expect(page.locator('#seats .seat[data-seat="3"] .who .name')).to_have_text("Cy Di")
    assert json.loads(stored(page, "hearts.settings.v1") or "{}")["names"] == kept
    table.reload()
    expect(page.locator('#seats .seat[data-seat="1"] .who .name')).to_have_text("AnnLee")
    assert json.loads(stored(page, "hearts.settings.v1") or "{}")["names"] == kept


def test_a_long_name_is_cut_between_characters_not_inside_an_emoji(table: Table) -> None:
    """A name is cut at 24 characters, as Python cuts it; an emoji is two UTF-16 units, and half of one shows as �."""
    page = table.open(seed=74, bots="easy", lang="en", names=["", "🂡" * 30]).page
    expect(page.locator('#seats .seat[data-seat="1"] .who .name')).to_have_text("🂡" * 24)
    # Your own name shows nowhere at your table ("You"): the settings say where it does.
    Settings(page).open()
    expect(page.locator("#dlg-settings")).to_contain_text("At your table you are “You”: your name is what friends see")
