"""Sound, themes and motion (docs/accessibility.md "Look, sound and motion").

Sound is observed through an AudioContext wrapper installed before the page loads (the page
has no test-only path): it records each context made (and whether the page had a user
activation then), each resume and each source started.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, expect

from conftest import NO_SERVICE_WORKER, Table
from helpers import Settings, click_illegal, find_seed, play_until_over, trick, until_my_turn_in_play

SPY = """(() => {
  const spy = { contexts: [], resumes: 0, starts: [] };
  window.audioSpy = spy;
  const Original = window.AudioContext;
  window.AudioContext = class extends Original {
    constructor(...args) {
      super(...args);
      spy.contexts.push({ context: this, inGesture: navigator.userActivation.isActive });
    }
    resume() {
      spy.resumes += 1;
      return super.resume();
    }
  };
  for (const Node of [AudioBufferSourceNode, OscillatorNode]) {
    const start = Node.prototype.start;
    Node.prototype.start = function (...args) {
      spy.starts.push(performance.now());
      return start.apply(this, args);
    };
  }
})()"""

AUDIO = """() => ({
  contexts: audioSpy.contexts.length,
  inGesture: audioSpy.contexts.map((c) => c.inGesture),
  state: audioSpy.contexts[0]?.context.state ?? null,
  starts: audioSpy.starts.length,
})"""

# One sound is several sources started together; two sounds are apart by at least a bot's
# "thinking" or a card's flight (the "fast" pace: 60 ms, 110 ms).
SOUNDS_HEARD = """() => audioSpy.starts.filter((t, i, all) => i === 0 || t - all[i - 1] > 15).length"""


def audio(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(AUDIO))


def audio_warnings(page: Page) -> list[str]:
    """Console messages about audio (a browser warns when a context starts without a gesture)."""
    found: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "audio" in message.text.lower():
            found.append(f"{message.type}: {message.text}")

    page.on("console", on_console)
    return found


def play_one_card(table: Table) -> str:
    """Play the first legal card and wait until it lies on the trick (or the trick was taken)."""
    table.wait_for_choice()
    card = table.play_any()
    table.page.wait_for_function("(card) => !document.querySelector(`#hand [data-card='${card}']`)", arg=card)
    return card


def test_sound_is_off_by_default_and_starts_inside_the_click_that_turns_it_on(page: Page, table: Table) -> None:
    page.add_init_script(SPY)
    warnings = audio_warnings(page)
    table.open(seed=5, bots="easy", speed="fast", rules={"passing": "none"})
    play_one_card(table)  # a gesture, and events, with sound off: nothing
    assert audio(page) == {"contexts": 0, "inGesture": [], "state": None, "starts": 0}

    settings = Settings(page).open()
    sound = page.locator('[data-setting="sound"]')
    expect(sound).not_to_be_checked()
    sound.check()
    page.wait_for_function("() => audioSpy.contexts[0]?.context.state === 'running'")
    heard = audio(page)
    assert heard["contexts"] == 1 and heard["inGesture"] == [True]
    assert heard["starts"] > 0  # a chime at the chosen volume
    page.locator('[data-setting="volume"]').fill("30")
    settings.done()

    before = audio(page)["starts"]
    play_one_card(table)
    page.wait_for_function("(n) => audioSpy.starts.length > n", arg=before)

    # After a reload with sound on: no context until the player's next gesture, then one at once.
    table.reload()
    table.wait_for_choice()
    assert audio(page)["contexts"] == 0
    play_one_card(table)
    page.wait_for_function("() => audioSpy.contexts[0]?.context.state === 'running'")
    page.wait_for_function("() => audioSpy.starts.length > 0")
    assert audio(page)["inGesture"] == [True]
    Settings(page).open()
    expect(page.locator('[data-setting="sound"]')).to_be_checked()
    expect(page.locator('[data-setting="volume"]')).to_have_value("30")

    # Turned off: the context is suspended and nothing more sounds.
    page.locator('[data-setting="sound"]').uncheck()
    page.wait_for_function("() => audioSpy.contexts[0].context.state === 'suspended'")
    Settings(page).done()
    before = audio(page)["starts"]
    play_one_card(table)
    page.wait_for_timeout(300)
    assert audio(page)["starts"] == before
    assert warnings == []


def test_every_card_played_and_every_trick_taken_sounds(page: Page, table: Table) -> None:
    page.add_init_script(SPY)
    # The person leads: nothing is played before the click that starts the sound.
    seed = find_seed(lambda hands: "2C" in hands[0], {"passing": "none"})
    table.open(seed=seed, bots="easy", speed="fast", sound=True, rules={"passing": "none"})
    assert audio(page)["contexts"] == 0
    table.play_hand()
    page.wait_for_timeout(300)
    # 52 cards and 13 tricks, each its own sound; hearts broken and the turn's chime sound with a card.
    assert int(page.evaluate(SOUNDS_HEARD)) >= 52 + 13


# -- themes ---------------------------------------------------------------------------------

# A colour as the page computes it (any CSS form), read back as RGBA 0-255 from a canvas pixel.
COLOUR_OF = """(names) => {
  const probe = document.createElement("span");
  document.body.append(probe);
  const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const out = {};
  for (const name of names) {
    probe.style.color = `var(--${name})`;
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = getComputedStyle(probe).color;
    canvas.fillRect(0, 0, 1, 1);
    out[name] = [...canvas.getImageData(0, 0, 1, 1).data];
  }
  probe.remove();
  return out;
}"""
PALETTE = ["felt-light", "felt", "felt-dark", "bar-top", "bar-bottom", "ink", "muted", "accent", "pill", "scrim",
           "panel", "hearts-ink", "line"]
RGBA = tuple[float, float, float, float]


def palette(page: Page) -> dict[str, RGBA]:
    colours: dict[str, list[int]] = page.evaluate(COLOUR_OF, PALETTE)
    return {name: (rgba[0], rgba[1], rgba[2], rgba[3] / 255) for name, rgba in colours.items()}


def over(top: RGBA, below: RGBA) -> RGBA:
    """`top` laid over the opaque `below`."""
    a = top[3]
    return (top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1.0)


def contrast(a: RGBA, b: RGBA) -> float:
    """WCAG 2 contrast ratio of two opaque colours."""
    def luminance(c: RGBA) -> float:
        def channel(v: float) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def felt_theme(page: Page) -> str:
    """Which table shows: the felt's body is light or dark."""
    felt = palette(page)["felt"]
    return "light" if sum(felt[:3]) > 3 * 128 else "dark"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_and_rings_on_the_felt_have_aa_contrast(table: Table, theme: str) -> None:
    """What axe cannot judge: text and focus rings on the felt's gradient and its see-through pills."""
    page = table.open(theme=theme).page
    assert felt_theme(page) == theme
    p = palette(page)
    grounds = {name: p[name] for name in ("felt-light", "felt", "felt-dark")}
    low: list[str] = []
    for ground_name, ground in grounds.items():
        pairs = {
            "ink": (p["ink"], ground, 4.5),
            "muted": (p["muted"], ground, 4.5),
            "accent ring": (p["accent"], ground, 3.0),
            "ink on a pill": (p["ink"], over(p["pill"], ground), 4.5),
            "hearts badge": (p["hearts-ink"], over(p["pill"], ground), 4.5),
            "last trick caption": (p["ink"], over(p["scrim"], ground), 4.5),
            "loading panel": (p["ink"], over(p["panel"], ground), 4.5),
        }
        low += [f"{what} on {ground_name}: {contrast(fg, bg):.2f}" for what, (fg, bg, need) in pairs.items()
                if contrast(fg, bg) < need]
    for bar in ("bar-top", "bar-bottom"):
        low += [f"{what} on {bar}: {contrast(p[what], p[bar]):.2f}" for what in ("ink", "muted")
                if contrast(p[what], p[bar]) < 4.5]
    assert low == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_more_contrast_asked_for_darkens_the_muted_text_and_the_edges(browser: Browser, base_url: str,
                                                                      theme: str) -> None:
    """prefers-contrast: more: muted text as the ink, the edges of tools and pills 3:1 against the bar and felt."""
    context = browser.new_context(base_url=base_url, contrast="more", **NO_SERVICE_WORKER)
    try:
        page = Table(context.new_page()).open(theme=theme).page
        p = palette(page)
        assert p["pill"][3] == 1
        grounds = [p[name] for name in ("felt-light", "felt", "felt-dark", "bar-top", "bar-bottom")]
        assert [round(contrast(p["muted"], ground), 2) for ground in grounds] == \
            [round(contrast(p["ink"], ground), 2) for ground in grounds]
        assert min(contrast(over(p["line"], ground), ground) for ground in grounds) >= 3
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_follows_the_device_until_the_player_picks_a_theme(browser: Browser, base_url: str,
                                                                      scheme: Literal["light", "dark"]) -> None:
    other = "dark" if scheme == "light" else "light"
    context = browser.new_context(base_url=base_url, color_scheme=scheme, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        table = Table(page).open()
        assert felt_theme(page) == scheme
        Settings(page).open()
        theme = page.locator('[data-setting="theme"]')
        expect(theme).to_have_value("system")
        theme.select_option(other)
        assert felt_theme(page) == other
        Settings(page).done()
        table.reload()
        assert felt_theme(page) == other  # stored
        Settings(page).open()
        page.locator('[data-setting="theme"]').select_option("system")
        assert felt_theme(page) == scheme
    finally:
        context.close()


def test_the_cards_received_keep_a_ring_in_forced_colours(browser: Browser, base_url: str) -> None:
    """Forced colours (Windows' high contrast) drop box shadows, which mark the received cards."""
    context = browser.new_context(base_url=base_url, forced_colors="active", **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        table = Table(page).open(seed=21, bots="easy")
        table.pass_cards()
        received = page.locator("#hand .card.received .face")
        expect(received).to_have_count(3)
        rings = received.evaluate_all("n => n.map(f => getComputedStyle(f).outlineStyle)")
        assert "none" not in rings, rings
    finally:
        context.close()


# What forced colours leave of a mark: a ring (outline), an edge (border), a fill (background).
RING = "n => getComputedStyle(n).outlineStyle"
EDGE = "n => { const s = getComputedStyle(n); return s.borderTopStyle === 'none' ? 0 : parseFloat(s.borderTopWidth); }"
FILL = "n => getComputedStyle(n).backgroundColor"


def test_forced_colours_keep_the_turn_the_choices_and_the_edges_of_buttons_and_panels(
        browser: Browser, base_url: str) -> None:
    """Forced colours (Windows' high contrast) drop box shadows and fills: what the page marked with them
    alone, the seat to act, a primary button, the players' count chosen, a message, a dialog, needs a mark
    of the system's colours."""
    context = browser.new_context(base_url=base_url, forced_colors="active", **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        table = Table(page).open(seed=21, bots="easy")
        table.wait_for_choice()
        assert page.locator('[data-action="pass"]').evaluate(EDGE) >= 1  # the gold button, not bare text
        table.pass_cards()
        table.wait_for_choice()
        rings = {seat: page.locator(f'#seats .seat[data-seat="{seat}"] .avatar').evaluate(RING) for seat in range(4)}
        assert rings[0] != "none" and [rings[seat] for seat in (1, 2, 3)] == ["none"] * 3, rings
        assert page.locator("#toasts .toast").first.evaluate(EDGE) >= 1

        Settings(page).open()
        assert page.locator("#dlg-settings").evaluate(EDGE) >= 1
        chosen, other = (page.locator(f'[data-action="players-{n}"]') for n in (4, 3))
        expect(chosen).to_have_attribute("aria-checked", "true")
        assert chosen.evaluate(FILL) != other.evaluate(FILL)
    finally:
        context.close()


def test_the_clock_shows_the_time_left_in_forced_colours(browser: Browser, base_url: str) -> None:
    """Forced colours drop the clock's fill (a gradient): its seconds stood on an even ground, the time left
    not drawn at all. Pixels down the clock a quarter of its width in (left of the seconds) change as the time
    left passes them (at half time they are in it, with a tenth left no more); three quarters in, in the time
    spent both times, they stay as they were."""
    context = browser.new_context(base_url=base_url, forced_colors="active", **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.clock.install()  # the page's timers and performance.now() run on a clock the test moves on
        Table(page).open(seed=21, bots="easy", clock=30)
        clock = page.locator("#clock")
        expect(clock).to_be_visible()

        def columns() -> list[bytes]:
            box = clock.bounding_box()
            assert box
            return [page.screenshot(clip={"x": round(box["x"] + at * box["width"]), "y": box["y"] + 2,
                                          "width": 2, "height": box["height"] - 4}) for at in (0.25, 0.75)]

        page.clock.run_for(15_000)
        half = columns()
        page.clock.run_for(12_000)
        tenth = columns()
        assert half[0] != tenth[0]
        assert half[1] == tenth[1]
    finally:
        context.close()


# The chart's words and lines, each with its colour, and the colour of the paper under them.
CHART_COLOURS = """(chart) => ({
    paper: getComputedStyle(chart.closest('dialog')).backgroundColor,
    words: [...chart.querySelectorAll('text')].map((t) => [t.textContent, getComputedStyle(t).fill]),
    lines: [...chart.querySelectorAll('.series polyline')].map((l) => getComputedStyle(l).stroke),
})"""


def rgb(css: str) -> RGBA:
    red, green, blue = (float(part) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return (red, green, blue, 1.0)


def test_the_score_chart_reads_in_a_dark_contrast_theme(browser: Browser, base_url: str) -> None:
    """Forced colours leave an SVG's own colours: on the black paper of a dark contrast theme the chart's
    words stay 4.5:1 and its lines 3:1 at least (the names were dark ink on black)."""
    context = browser.new_context(base_url=base_url, forced_colors="active", color_scheme="dark",
                                  **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        table = Table(page).open(seed=21, bots="easy")
        play_until_over(table)
        page.click('.bar [data-action="scores"]')
        colours = page.locator('[data-chart="scores"]').evaluate(CHART_COLOURS)
        paper = rgb(colours["paper"])
        assert contrast(paper, (0, 0, 0, 1)) < 2  # the dark theme's paper
        assert [word for word, fill in colours["words"] if contrast(rgb(fill), paper) < 4.5] == []
        assert len(colours["lines"]) == 4
        ratios = [contrast(rgb(line), paper) for line in colours["lines"]]
        assert min(ratios) >= 3, ratios
    finally:
        context.close()


# Chromium's minimum font size (Settings, Appearance, Customise fonts): a low-vision setting, kept in the
# profile's preferences. It grows text set in px too (13 px to 24 px), and nothing else.
MINIMUM_FONT_SIZE = 24
SUIT_TO_TEXT = """() => [...document.querySelectorAll('.card-ref .suit-icon')].filter((icon) => icon.checkVisibility())
    .map((icon) => icon.getBoundingClientRect().height / parseFloat(getComputedStyle(icon.parentElement).fontSize))"""


def test_suits_in_sentences_grow_with_a_minimum_font_size(playwright: Playwright, base_url: str, tmp_path: Path,
                                                         browser_type_launch_args: dict[str, Any]) -> None:
    """A card named in a sentence is its rank (text) and its suit (an SVG sized with the text): the suit
    keeps about the capitals' height beside letters the browser made larger (it was half of it)."""
    preferences = tmp_path / "profile" / "Default" / "Preferences"
    preferences.parent.mkdir(parents=True)
    preferences.write_text(json.dumps({"webkit": {"webprefs": {"minimum_font_size": MINIMUM_FONT_SIZE}}}))
    context = playwright.chromium.launch_persistent_context(
        preferences.parent.parent, **browser_type_launch_args, base_url=base_url, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        Table(page).open(seed=21, bots="easy")
        Settings(page).open()  # the rules' summary names Q♠
        summary = page.locator("#dlg-settings .preset-summary")
        assert summary.evaluate("n => parseFloat(getComputedStyle(n).fontSize)") == MINIMUM_FONT_SIZE
        ratios = page.evaluate(SUIT_TO_TEXT)
        assert ratios and min(ratios) >= 0.75, ratios
    finally:
        context.close()


BACK = "() => getComputedStyle(document.querySelector('.seat .mini-back')).backgroundImage"
CARD_WIDTH = "() => document.querySelector('#hand .card').offsetWidth"
HAND_INSIDE = """() => [...document.querySelectorAll('#hand .card')].every((c) => {
  const box = c.getBoundingClientRect();
  return box.left >= 0 && box.right <= innerWidth && box.bottom <= innerHeight + 1;
})"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844})
def test_card_backs_and_large_cards_are_settings_that_stay(page: Page, table: Table) -> None:
    table.open(seed=5, bots="easy", rules={"passing": "none"})
    table.wait_for_choice()
    settings = Settings(page).open()
    backs = {}
    for back in ("classic", "lattice", "dots"):
        page.locator('[data-setting="card-back"]').select_option(back)
        backs[back] = page.evaluate(BACK)
    assert len(set(backs.values())) == 3, backs
    normal = float(page.evaluate(CARD_WIDTH))
    page.locator('[data-setting="large-cards"]').check()
    page.wait_for_function(f"() => ({CARD_WIDTH})() > {normal}")
    large = float(page.evaluate(CARD_WIDTH))
    assert large >= normal * 1.3, (normal, large)
    settings.done()
    page.wait_for_function(HAND_INSIDE)  # laid out again for the larger cards, every one on the screen
    table.reload()
    assert page.evaluate(BACK) == backs["dots"]
    assert float(page.evaluate(CARD_WIDTH)) == large
    assert page.evaluate(HAND_INSIDE)
    table.play_any()  # still playable


# -- motion ---------------------------------------------------------------------------------

# Every script animation's keyframe properties and duration, recorded as it starts.
ANIMATIONS = """(() => {
  window.animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const props = new Set((Array.isArray(keyframes) ? keyframes : [keyframes]).flatMap((k) => Object.keys(k)));
    ["offset", "easing", "composite"].forEach((p) => props.delete(p));
    const duration = typeof options === "number" ? options : options?.duration ?? 0;
    window.animations.push({ props: [...props].sort(), duration, hand: !!this.closest("#hand") });
    return animate.call(this, keyframes, options);
  };
  // CSS transitions too (a toast fading out, a seat's glow): each one's duration as it starts.
  window.transitions = [];
  document.addEventListener("transitionrun", (event) => {
    const style = getComputedStyle(event.target);
    const names = style.transitionProperty.split(", ");
    const durations = style.transitionDuration.split(", ");
    const at = Math.max(names.indexOf(event.propertyName), names.indexOf("all"), 0);
    window.transitions.push({ prop: event.propertyName, duration: parseFloat(durations[at % durations.length]) * 1000,
                              on: String(event.target.className) });
  }, true);
})()"""
TRANSITION = "() => getComputedStyle(document.querySelector('#hand .card')).transitionProperty"
# The time from the person's card to their next turn (the three bots' moves in between).
ROUND = """(card) => new Promise((resolve) => {
  const t0 = performance.now();
  document.querySelector(`#hand [data-card="${card}"]`).click();
  const wait = () => {
    const t = document.querySelector('#table');
    if (t.dataset.turn === '0' && document.querySelector('#hand [data-legal="true"]')) resolve(performance.now() - t0);
    else requestAnimationFrame(wait);
  };
  requestAnimationFrame(wait);
})"""
SLOW_BOT_MS = 650  # animate.js SPEEDS.slow.bot: a bot "thinks" that long before its card


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_reduced_motion_turns_moves_into_quick_fades_at_the_chosen_pace(
        browser: Browser, base_url: str, motion: Literal["no-preference", "reduce"]) -> None:
    context = browser.new_context(base_url=base_url, reduced_motion=motion,
                                  viewport={"width": 1280, "height": 800}, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.add_init_script(ANIMATIONS)
        seed = find_seed(lambda hands: "2C" in hands[0], {"passing": "none"})  # the person leads
        table = Table(page).open(seed=seed, bots="easy", speed="slow", rules={"passing": "none"})
        assert table.wait_for_choice() == "play" and not trick(page)
        reduced = motion == "reduce"
        # A refusal's message (the person must lead 2♣), which fades out while the round is played.
        click_illegal(page, next(c for c in table.hand() if c != "2C"))
        # A card under the pointer: lifted, or left in place and lit.
        card = page.locator('#hand [data-legal="true"]').first
        # The lift moves the card's face inside its still hit box (cards.css): where the face is drawn.
        face_top = "c => c.querySelector('.face').getBoundingClientRect().top"
        rest = card.evaluate(face_top)
        card.hover()
        page.wait_for_timeout(300)
        assert (card.evaluate(face_top) == rest) == reduced
        assert ("transform" in str(page.evaluate(TRANSITION))) != reduced
        page.mouse.move(0, 0)
        # The person leads; each of the three bots "thinks" at the slow pace before its card.
        elapsed = float(page.evaluate(ROUND, table.legal()[0]))
        assert elapsed >= 3 * SLOW_BOT_MS, elapsed
        played: list[dict[str, Any]] = page.evaluate("window.animations")  # the deal, the flights, the collection
        assert any(not a["hand"] for a in played)
        moving = [a for a in played if set(a["props"]) - {"opacity"}]
        if reduced:
            assert moving == [], moving
            assert all(a["duration"] <= 140 for a in played), played
            expect(page.locator("#toasts .toast")).to_have_count(0)
            faded: list[dict[str, Any]] = page.evaluate("window.transitions")
            assert any("toast" in t["on"] for t in faded) and any("avatar" in t["on"] for t in faded), faded
            assert all(t["duration"] <= 140 for t in faded), [t for t in faded if t["duration"] > 140]
        else:
            assert moving
    finally:
        context.close()


# -- axe in every theme, card back and size ---------------------------------------------------

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = [pytest.param(v, id=name, marks=pytest.mark.browser_context_args(viewport=v, bypass_csp=True))
             for name, v in (("desktop", DESKTOP), ("phone", PHONE))]


def pick(page: Page, **choices: Any) -> None:
    """Make choices in the settings dialog ([data-setting] hooks) and close it."""
    settings = Settings(page).open()
    for name, value in choices.items():
        control = page.locator(f'[data-setting="{name}"]')
        if isinstance(value, bool):
            control.set_checked(value)
        else:
            control.select_option(value)
    settings.done()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_no_serious_axe_violation_in_any_theme_back_or_size(page: Page, viewport: dict[str, int]) -> None:
    from test_a11y import check  # axe-core's serious and critical violations, and font suit signs

    found: dict[str, list[str]] = {}
    table = Table(page).open(seed=21, bots="easy")
    until_my_turn_in_play(table, trick_not_empty=True)
    assert trick(page)
    for theme in ("light", "dark"):
        for back in ("classic", "lattice", "dots"):
            pick(page, theme=theme, **{"card-back": back})
            check(page, f"{theme}, {back} backs", found)
        pick(page, **{"large-cards": True})
        check(page, f"{theme}, large cards", found)
        Settings(page).open()
        check(page, f"{theme}, settings", found)
        page.locator('[data-setting="large-cards"]').set_checked(False)
        Settings(page).done()
    table.play_hand()
    for theme in ("light", "dark"):
        pick(page, theme=theme)
        check(page, f"{theme}, result", found)
    assert not found, json.dumps(found, indent=1)

