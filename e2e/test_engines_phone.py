"""A phone's screens in every engine (``--engine``, as e2e/test_engines.py, whose fixtures and frame these use).

Each screen of the game was looked at in WebKit and in Chromium in frames of an iPhone's size (390 x 844, 375 x 667
and turned); what WebKit showed otherwise is checked here, in every engine. ``bash tools/test.sh`` runs this file in
Chromium (with the rest of e2e/), in Firefox ESR and in WebKitGTK.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.driver import Engine
from engines.frame import FrameTab
from engines.game import Game
from test_engines import SIDEWAYS_PHONE, phone_frame

# A dialog's box, its body's, and how high what the body holds stands (its children's extent and the body's
# padding): the room the body has beyond what it holds is empty space.
DIALOG_FIT = """(id) => {
  const dialog = document.getElementById(id);
  const body = dialog.querySelector('.body');
  const box = dialog.getBoundingClientRect();
  const inner = body.getBoundingClientRect();
  const style = getComputedStyle(body);
  let end = inner.top + Number.parseFloat(style.paddingTop);
  for (const child of body.children) {
    if (!child.getClientRects().length) continue;
    end = Math.max(end, child.getBoundingClientRect().bottom + Number.parseFloat(getComputedStyle(child).marginBottom));
  }
  const held = end + body.scrollTop - inner.top + Number.parseFloat(style.paddingBottom);
  const buttons = [...dialog.querySelectorAll('footer button, header button')].filter((b) => b.getClientRects().length)
    .map((b) => b.getBoundingClientRect());
  return {top: box.top, bottom: box.bottom, window: innerHeight, held: Math.round(held),
          shown: body.clientHeight, scrolls: body.scrollHeight > body.clientHeight + 1,
          buttonsInside: buttons.length > 0 && buttons.every((b) => b.top >= 0 && b.bottom <= innerHeight)};
}"""


def _open_dialog(tab: FrameTab, action: str, dialog: str) -> dict[str, Any]:
    tab.click(f'.bar [data-action="{action}"]')
    tab.wait_visible(f"#{dialog}", timeout=10)
    fit: dict[str, Any] = tab.evaluate(DIALOG_FIT, dialog)
    tab.press("Escape")
    tab.wait_gone(f"#{dialog}", timeout=10)
    return fit


def test_a_turned_phones_dialogs_fit_what_they_hold_and_scroll_what_does_not_fit(
        engine: Engine, dist: Path, tmp_path: Path) -> None:
    """A phone on its side (844 x 390): a short dialog (the score sheet before the first hand ends) is as high as
    what it holds, not as high as the window with an empty half (WebKit, with the body's 1fr row); a long one
    (the settings) stays inside the window, its body scrolls and its buttons are in reach."""
    with phone_frame(engine, dist, tmp_path, SIDEWAYS_PHONE) as (tab, game_url):
        table = Game(tab, game_url).open(seed=5, bots="easy", lang="en")
        table.wait_for_choice()
        short = _open_dialog(tab, "scores", "dlg-scores")
        assert not short["scrolls"] and short["shown"] - short["held"] <= 2, f"{engine.name}: score sheet {short}"
        assert short["bottom"] < short["window"] - 20, f"{engine.name}: score sheet as high as the window {short}"
        long = _open_dialog(tab, "settings", "dlg-settings")
        assert long["scrolls"] and long["buttonsInside"], f"{engine.name}: settings {long}"
        assert long["top"] >= 0 and long["bottom"] <= long["window"], f"{engine.name}: settings {long}"
