"""Installation: Chromium reports no installability errors and reads the manifest of the table's language.

Chromium only judges installability in a normal (persistent) profile: in Playwright's
default contexts (incognito-like) it always answers "in-incognito". The manifest is read
through CDP exactly as the browser's install prompt reads it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserType, Page, expect

from conftest import Guards, Table
from offline_support import Site, wait_until_offline_ready, watch

NAMES = {"en": "Hearts – card game", "de": "Hearts – Kartenspiel"}


def assert_installable(page: Page, site: Site, lang: str) -> None:
    """No installability errors, and the manifest the browser reads is the one of ``lang``."""
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    answer = cdp.send("Page.getAppManifest")
    assert answer["errors"] == [] and answer["url"] == site.url(f"/hearts/manifest.{lang}.webmanifest")
    manifest = json.loads(answer["data"])
    assert manifest["name"] == NAMES[lang] and manifest["lang"] == lang and manifest["short_name"] == "Hearts"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    cdp.detach()


def test_installable_in_both_languages(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                                       dist: Path, tmp_path: Path) -> None:
    with Site({"/hearts/": dist}) as site:
        guards = Guards(site.origin)
        context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
        try:
            watch(context, guards)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(site.url('/hearts/?setup={"lang":"en","seed":3,"speed":"instant","clock":0}'))
            wait_until_offline_ready(page)
            assert_installable(page, site, "en")

            # German in the settings: the page links the German manifest at once and after a reload.
            page.click('[data-action="settings"]')
            page.locator("#dlg-settings select").filter(has_text="Deutsch").select_option("de")
            expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", "manifest.de.webmanifest")
            page.keyboard.press("Escape")
            assert_installable(page, site, "de")
            Table(page).reload()
            assert_installable(page, site, "de")
            guards.check()
        finally:
            context.close()
