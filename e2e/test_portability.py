"""Export and import of the running match, settings and statistics as a file (Settings → your data).

A good file brings back exactly what was exported; a bad one gets a clear message and
changes nothing: neither what the browser stores nor the match on the table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from conftest import READY, Table

STATS = {"matches": 3, "wins": 1, "hands": 41, "moons": 2}
STATUS = "#dlg-settings [data-data-status]"


def stored(page: Page) -> dict[str, str]:
    """Every value the game keeps in this browser."""
    values: dict[str, str] = page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('hearts.')).map((k) => [k, localStorage.getItem(k)]))""")
    return values


def started(table: Table, seed: int, **setup: Any) -> list[str]:
    """A match with a card played, so there is a hand in progress; the person's hand then."""
    table.open(seed=seed, bots="easy", **setup)
    table.wait_for_choice()
    table.pass_cards()
    table.wait_for_choice()
    table.play_any()
    table.wait_for_choice()
    # Opening the settings stores the complete rules; do it once so later openings change nothing.
    table.page.click('[data-action="settings"]')
    expect(table.page.locator("#dlg-settings")).to_be_visible()
    table.page.keyboard.press("Escape")
    expect(table.page.locator("#dlg-settings")).to_be_hidden()
    return table.hand()


def export(page: Page, folder: Path) -> Path:
    page.click('[data-action="settings"]')
    with page.expect_download() as info:
        page.click('[data-action="export-data"]')
    path = folder / info.value.suggested_filename
    info.value.save_as(path)
    expect(page.locator(STATUS)).to_contain_text(info.value.suggested_filename)
    page.keyboard.press("Escape")
    return path


def choose_file(page: Page, path: Path) -> None:
    page.click('[data-action="settings"]')
    expect(page.locator("#dlg-settings")).to_be_visible()  # built anew: the input of this opening
    page.set_input_files("#dlg-settings [data-import-file]", str(path))


def test_export_then_import_brings_everything_back(page: Page, table: Table, tmp_path: Path) -> None:
    hand = started(table, seed=5)
    before = stored(page)
    path = export(page, tmp_path)
    assert path.name.startswith("hearts-backup-") and path.suffix == ".json"
    data = json.loads(path.read_text())
    assert data["format"] == "hearts-backup" and data["version"] == 1
    assert data["save"] == json.loads(before["hearts.save.v1"])
    assert data["settings"] == json.loads(before["hearts.settings.v1"])
    assert data["stats"] == json.loads(before["hearts.stats.v1"]) and data["stats"]["format"] == "hearts-stats"

    # Another match, other settings and statistics; then the file.
    other = started(table, seed=9, fourColour=True)
    assert other != hand
    page.evaluate("localStorage.removeItem('hearts.stats.v1')")
    choose_file(page, path)
    expect(page.locator("#dlg-confirm")).to_contain_text("the running match, the settings, and the statistics")
    with page.expect_navigation():
        page.click('#dlg-confirm [data-action="confirm"]')
    page.wait_for_selector(READY, timeout=60_000)
    assert table.hand() == hand
    after = stored(page)
    assert json.loads(after["hearts.save.v1"]) == json.loads(before["hearts.save.v1"])
    assert json.loads(after["hearts.settings.v1"]) == json.loads(before["hearts.settings.v1"])
    assert json.loads(after["hearts.stats.v1"]) == json.loads(before["hearts.stats.v1"])


def test_an_export_file_of_the_former_version_still_imports(page: Page, table: Table, tmp_path: Path) -> None:
    started(table, seed=5)
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "hearts-backup", "version": 1, "exported": "2025-01-31T12:00:00.000Z",
                                "settings": None, "save": None, "stats": STATS}))
    choose_file(page, path)
    with page.expect_navigation():
        page.click('#dlg-confirm [data-action="confirm"]')
    page.wait_for_selector(READY, timeout=60_000)
    assert json.loads(stored(page)["hearts.stats.v1"])["legacy"] == STATS
    page.click('[data-action="stats"]')
    for key in ("matches", "wins", "hands"):
        expect(page.locator(f'#dlg-stats [data-stat="{key}"]')).to_have_text(str(STATS[key]))


def test_cancelled_import_changes_nothing(page: Page, table: Table, tmp_path: Path) -> None:
    started(table, seed=5)
    path = export(page, tmp_path)
    hand = started(table, seed=9)
    before = stored(page)
    choose_file(page, path)
    page.click('#dlg-confirm [data-action="cancel"]')
    assert stored(page) == before and table.hand() == hand


def bad_files(save: dict[str, Any]) -> list[tuple[str, str]]:
    """(file text, what the message says), one per way a file can be wrong."""
    head = {"format": "hearts-backup", "version": 1}
    broken_save = {**save, "match": {"rules": {"players": 4}, "hands": "not a list"}}
    return [
        ('{"format": "hearts-backup", ', "not a JSON file"),
        ("[1, 2, 3]", "not a Hearts export"),
        (json.dumps({**head, "version": 2, "stats": STATS}), "version (2) is unknown"),
        (json.dumps({**head, "saves": {}}), "unknown item “saves”"),
        (json.dumps(head), "holds no match, settings or statistics"),
        (json.dumps({**head, "stats": {**STATS, "wins": -1}}), "statistics are not valid"),
        (json.dumps({**head, "stats": [1]}), "statistics are not valid"),
        (json.dumps({**head, "settings": {"speed": "warp"}}), "setting “speed”"),
        (json.dumps({**head, "settings": {"bots": ["genius"]}}), "setting “bots”"),
        # Python's problem in the page's words, not its English message for logs ("players must be one of …").
        (json.dumps({**head, "settings": {"rules": {"players": 9}}}),
         "house rules are not valid (the value of players is not allowed)."),
        (json.dumps({**head, "stats": STATS, "padding": "x" * 1_100_000}), "larger than 1 MB"),
        (json.dumps({**head, "stats": STATS, "save": broken_save}), "saved match cannot be resumed"),
    ]


def test_bad_files_change_nothing(page: Page, table: Table, tmp_path: Path) -> None:
    hand = started(table, seed=5)
    before = stored(page)
    for i, (text, message) in enumerate(bad_files(json.loads(before["hearts.save.v1"]))):
        path = tmp_path / f"bad-{i}.json"
        path.write_text(text)
        choose_file(page, path)
        if "saved match" in message:  # only Python can check a match: after the question
            page.click('#dlg-confirm [data-action="confirm"]')
        status = page.locator(STATUS)
        expect(status).to_have_attribute("data-data-status", "error")
        expect(status).to_contain_text("nothing was changed")
        expect(status).to_contain_text(message)
        page.keyboard.press("Escape")
        assert stored(page) == before, message
        assert table.hand() == hand, message
    # The table still plays on.
    table.play_any()
    table.wait_for_choice()
