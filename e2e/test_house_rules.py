"""Every house rule chosen in the settings dialog (not through ?setup=) and seen at the table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from conftest import Table
from helpers import (
    Settings,
    backs,
    find_seed,
    legal_flags,
    play_until_over,
    result_rows,
    seats,
    tiny_deck_removed,
)

HAND_SIZE = {3: 17, 4: 13, 5: 10, 6: 8}
# Three players, one card each: whoever takes the only trick takes Q♠, every point of the deck.
ONE_TRICK_DECK = ["2C", "3C", "QS"]
# The same with J♦ instead of 3♣: 2♣ takes the trick, with Q♠ and J♦.
ONE_TRICK_JACK_DECK = ["2C", "JD", "QS"]


def open_table(table: Table, seed: int = 40) -> Settings:
    """A match of easy bots with the clock off, then the settings dialog over it."""
    table.open(seed=seed, bots="easy", lang="en")
    return Settings(table.page).open()


def one_trick_rules(settings: Settings, deck: list[str] = ONE_TRICK_DECK) -> None:
    """Three players, no passing, a deck of three cards: the hand is one trick."""
    settings.players(3)
    settings.select("Passing", "No passing")
    settings.type("Cards removed", tiny_deck_removed(deck))
    expect(settings.derived).to_contain_text("1 cards each")


def hand_scores(page: Page) -> list[int]:
    return sorted(int(row[1].replace("−", "-")) for row in result_rows(page))


def points_chips(page: Page) -> dict[str, str]:
    """Each seat's points chip as shown: its name → the chip's text ("" when hidden)."""
    return dict(page.locator("#seats .seat").evaluate_all(
        "n => n.map(s => [s.querySelector('.who .name').textContent,"
        " s.querySelector('.chip.points:not([hidden])')?.textContent ?? ''])"))


def expect_chips_to_show_the_hand_scores(page: Page, mark: str) -> None:
    """On the result each seat's points chip says what the result panel says it scored (not the
    points it took), the shooter's with the moon's or sun's `mark`; a seat that scored 0 shows none."""
    shooter = page.locator("#result tbody tr", has=page.locator("td.moon")).locator("td").first.inner_text()
    expected = {name: f"{mark} {score}" if name == shooter else "" if score == "0" else score
                for name, score, _total in result_rows(page)}
    assert points_chips(page) == expected


def test_player_counts_chosen_in_settings_set_the_table(table: Table) -> None:
    settings = open_table(table)
    page = table.page
    for players in (3, 5, 6):
        if players != 3:
            settings.open()
        settings.players(players)
        expect(settings.derived).to_contain_text(f"{HAND_SIZE[players]} cards each")
        settings.start()
        expect(table.root).to_have_attribute("data-players", str(players))
        assert seats(page) == players
        assert len(table.hand()) == HAND_SIZE[players]
        assert backs(page) == [HAND_SIZE[players]] * (players - 1)
        left = page.inner_text('.seat[data-seat="1"] .name')
        expect(page.locator("#status")).to_have_text(f"Pass 3 cards to the left, to {left}")


def test_a_custom_passing_cycle_and_count_show_at_the_table(table: Table) -> None:
    settings = open_table(table)
    page = table.page
    settings.select("Passing", "Custom cycle")
    settings.type("Pass offsets per hand (e.g. 1 2 3 0)", "2 0")
    settings.type("Cards passed", "2")
    expect(settings.derived).to_contain_text("passing: Pass across, No passing")
    settings.start()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Pass 2 cards across, to .+"))
    expect(page.locator("#pass-badge")).to_have_text("Pass across")
    expect(page.locator('[data-action="pass"]')).to_have_text("Pass 0/2")


def test_first_trick_points_and_queen_breaking_hearts_show_in_play(table: Table) -> None:
    # A deal where the person has no club but Q♠ and every other seat must follow clubs.
    seed = find_seed(lambda hands: not any(c.endswith("C") for c in hands[0]) and "QS" in hands[0]
                     and all(any(c.endswith("C") for c in hand) for hand in hands[1:]))
    settings = open_table(table)
    page = table.page
    settings.select("Passing", "No passing")
    settings.check("Points allowed on the first trick")
    settings.check("queen of spades breaks hearts")
    settings.type("Deal number (empty: random)", str(seed))
    settings.start()
    assert table.wait_for_choice() == "play"
    expect(page.locator("#hearts-badge")).to_be_hidden()
    flags = legal_flags(page)
    assert len(flags) == 13  # the first trick
    assert all(flags.values()) and any(card.endswith("H") for card in flags)  # hearts and Q♠ too
    page.click('#hand [data-card="QS"]')
    expect(page.locator('#hand [data-card="QS"]')).to_have_count(0)
    expect(page.locator("#hearts-badge")).to_be_visible()


def test_moon_modes_and_the_sun_score_as_chosen_in_settings(table: Table) -> None:
    settings = open_table(table)
    page = table.page
    one_trick_rules(settings)
    settings.select("Shooting the moon", "Everyone else gets the points")
    settings.start()
    play_until_over(table)
    expect(page.locator("#result .announce")).to_have_text(re.compile(r"shot the moon! Everyone else gets \+13\."))
    assert hand_scores(page) == [0, 13, 13]
    expect_chips_to_show_the_hand_scores(page, "☾")
    settings.open()
    settings.select("Shooting the moon", "Shooter subtracts (new moon)")
    settings.check("Shooting the sun (every trick) counts double")
    settings.start()
    play_until_over(table)
    expect(page.locator("#result .announce")).to_have_text(re.compile(r"shot the sun and takes? −26\."))
    assert hand_scores(page) == [-26, 0, 0]
    expect_chips_to_show_the_hand_scores(page, "☀\uFE0E")


def test_a_moon_with_the_jack_of_diamonds_shows_the_shooters_minus_ten_on_its_chip(table: Table) -> None:
    settings = open_table(table)
    one_trick_rules(settings, ONE_TRICK_JACK_DECK)
    settings.check("jack of diamonds counts −10")
    settings.start()
    play_until_over(table)
    # Q♠ with no heart in the deck is a moon: the others get 13, the shooter keeps J♦'s −10.
    assert hand_scores(table.page) == [-10, 13, 13]
    expect_chips_to_show_the_hand_scores(table.page, "☾")


def test_queen_points_target_and_ties_as_chosen_in_settings(table: Table) -> None:
    # One trick, no moon, Q♠ 50, match to 50: its taker reaches the target, the other two tie at 0.
    settings = open_table(table)
    page = table.page
    one_trick_rules(settings)
    settings.select("Shooting the moon", "Off")
    settings.type("queen of spades counts", "50")
    settings.select("Match ends at", "50")
    settings.select("Ties", "Shared win")
    settings.start()
    expect(page.locator("#match-info")).to_contain_text("to 50")
    play_until_over(table)
    assert hand_scores(page) == [0, 0, 50]
    expect(page.locator("#result h2")).to_have_text("Match over")
    expect(page.locator("#result .winners")).to_contain_text("share")
    expect(page.locator("#result .tied-lead")).to_have_count(0)
    assert sorted(row[0].split(".")[0] for row in result_rows(page)) == ["1", "1", "3"]
    settings.open()
    settings.select("Ties", "Play on until one leads")
    settings.start()
    play_until_over(table)
    assert hand_scores(page) == [0, 0, 50]
    expect(page.locator("#result h2")).to_have_text("Hand 1")  # no match end while two share the lead
    expect(page.locator('#result [data-action="next-hand"]')).to_be_visible()
    # ... and it says why it goes on past 50, naming the two who share the lowest total
    tied = ", ".join(row[0] for row in result_rows(page) if row[2] == "0")
    why = (f"The match would end at 50, but the lowest total is shared ({tied}): it goes on until one alone has the "
           "fewest points.")
    expect(page.locator("#result .tied-lead")).to_have_text(why)
    page.keyboard.press("t")  # and the read-table key says it too
    expect(page.locator("#log p").last).to_contain_text(why)


def test_jack_of_diamonds_counts_minus_ten_and_its_counter_shows(table: Table) -> None:
    settings = open_table(table)
    page = table.page
    one_trick_rules(settings, ONE_TRICK_JACK_DECK)
    settings.select("Shooting the moon", "Off")
    settings.check("jack of diamonds counts −10")
    expect(settings.control("The moon also needs jack of diamonds")).to_be_enabled()
    settings.start()
    play_until_over(table)
    assert hand_scores(page) == [0, 0, 13 - 10]
    taker = page.locator("#seats .seat", has=page.locator(".chip.jack:not([hidden])"))
    expect(taker).to_have_count(1)
    # "J" (generated content) and the diamond drawn as SVG (no font glyph), named for screen readers.
    expect(taker.locator('.chip.jack [data-rank="J"][aria-hidden="true"] svg.suit-D')).to_have_count(1)
    expect(taker.locator(".chip.jack")).to_have_attribute("aria-label", "jack of diamonds")
    expect(taker.locator(".chip.queen")).to_be_visible()
    # The result says who took it, since 13 − 10 = 3 is not the points the taker's seat shows.
    name = taker.locator(".who .name").inner_text()
    took = "You took" if name == "You" else f"{name} took"
    expect(page.locator("#result .jack-line")).to_have_text(f"{took} jack of diamonds: −10.")


def test_a_preset_fills_in_its_rules_and_sets_the_table(table: Table) -> None:
    settings = open_table(table)
    page = table.page
    settings.preset("Six players, no 2s (queen of spades 12)")
    expect(settings.dialog.locator('[data-action="players-6"]')).to_have_attribute("aria-checked", "true")
    expect(settings.control("queen of spades counts")).to_have_value("12")
    expect(settings.control("Cards removed")).to_have_value("2C 2D 2H 2S")
    expect(settings.derived).to_contain_text("8 cards each · three of clubs leads · moon 24")
    settings.start()
    assert seats(page) == 6 and len(table.hand()) == 8
    expect(page.locator("#pass-badge")).to_have_text("Pass left")
    settings.open()
    settings.preset("Omnibus (jack of diamonds −10)")
    expect(settings.control("jack of diamonds counts −10")).to_be_checked()
    expect(settings.dialog.locator('[data-action="players-4"]')).to_have_attribute("aria-checked", "true")


def test_settings_persist_across_a_reload(table: Table) -> None:
    settings = open_table(table)
    page = table.page
    settings.players(5)
    settings.type("queen of spades counts", "12")
    settings.check("jack of diamonds counts −10")
    settings.check("The moon also needs jack of diamonds")
    settings.select("Shooting the moon", "Shooter's choice")
    settings.select("Ties", "Play on until one leads")
    settings.select("Match ends at", "150")
    settings.select("Animation speed", "Fast")
    settings.check("Four-colour deck")
    settings.start()
    table.reload()
    assert seats(page) == 5 and len(table.hand()) == 10
    expect(page.locator("#match-info")).to_contain_text("to 150")
    settings.open()
    expect(settings.dialog.locator('[data-action="players-5"]')).to_have_attribute("aria-checked", "true")
    expect(settings.control("queen of spades counts")).to_have_value("12")
    for label in ("jack of diamonds counts −10", "The moon also needs jack of diamonds", "Four-colour deck"):
        expect(settings.control(label)).to_be_checked()
    for label, option in (("Shooting the moon", "choice"), ("Ties", "play-on"), ("Match ends at", "150"),
                          ("Animation speed", "fast")):
        expect(settings.control(label)).to_have_value(option)
