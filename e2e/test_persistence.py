"""The autosave: a reload in the middle of a hand resumes it exactly; a corrupt save is kept aside."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import Table
from helpers import (
    SAVE_KEY,
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
