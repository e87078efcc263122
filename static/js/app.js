// The objects both pages are made of: the game's page (main.js, with Python) and a guest's
// page (net/guest.js, without). Each is created once at start-up and handed to whoever needs
// it; no module keeps state of its own.

import { Animator } from "./animate.js";
import { Announcer } from "./announce.js";
import { Clock } from "./clock.js";
import { $, find, Toasts } from "./dom.js";
import { applyStatic, say, setLang, t } from "./i18n.js";
import { Tips } from "./learn.js";
import { render } from "./render.js";
import { Settings } from "./settings.js";
import { Sound } from "./sound.js";
import { pickToPass, UiStore } from "./state.js";

/**
 * @typedef {import("./state.js").State} State
 * @typedef {import("./protocol.js").TableView} TableView
 */

/**
 * @typedef {object} Page
 * @property {Settings} settings the player's settings
 * @property {UiStore} ui the page's state and the funnel that changes and draws it
 * @property {Announcer} announcer the live log and the toasts
 * @property {Clock} clock the think-time clock
 * @property {Tips} tips the learn hand's tips
 * @property {Animator} animator the table's moves (and the sounds of what it shows)
 * @property {Sound} sound the table's sounds
 */

/**
 * What a message never covers: the seats (names, scores, counters, cards left), the person's hand (its row:
 * its cards may be flying in as the message shows), the buttons beside it and on the felt, and the status
 * line (what the person is to do: a message of 6 s covered the pass to make); and, where there is room, the
 * trick, a tip, a result.
 * @type {import("./dom.js").KeepClear}
 */
const TOASTS_KEEP_CLEAR = [
  "#seats .seat, #hand, .hand-bar > *, .last-trick-button, .table-badges .badge, #status",
  "#trick [data-trick-card], .tip, #result",
];

/**
 * Load the settings and make the page's objects; `aside` names the key a copy of the stored
 * settings was moved to (unreadable ones, or ones whose `unread` settings fell back to defaults).
 * @returns {{page: Page, aside: string | undefined, unread: string[]}}
 */
export function makePage() {
  const settings = new Settings();
  const { aside, unread } = settings.load();
  const announcer = new Announcer($("#log"), new Toasts($("#toasts"), TOASTS_KEEP_CLEAR));
  const clock = new Clock($("#clock"), announcer);
  const tips = new Tips(() => clock.hold());
  const sound = new Sound();
  const page = {
    settings,
    ui: new UiStore(settings.display(), draw),
    announcer,
    clock,
    tips,
    animator: new Animator(announcer, sound),
    sound,
  };
  return { page, aside, unread };
}

/**
 * The drawing of one state: the page's static texts when the language changed, then the table.
 * @param {State} state @param {State | null} before the state drawn last
 */
function draw(state, before) {
  if (before?.display.lang !== state.display.lang) {
    setLang(state.display.lang);
    applyStatic();
  }
  render(state);
}

/**
 * Language, speed, sound and the table's look from the settings, without asking Python.
 * @param {Page} page
 */
export function applyDisplay(page) {
  const { speed, sound, volume } = page.settings.get();
  page.animator.setSpeed(speed);
  page.sound.set(sound, volume);
  page.ui.update({ display: page.settings.display() });
}

/**
 * Tell the person it is their turn (once per turn): the live log says what to do, a chime sounds.
 * A hand without a pass says the person's cards first, as it starts (a passing hand says them with the pass).
 * @param {Page} page @param {TableView} view
 */
export function sayTurn(page, view) {
  page.announcer.handWithoutPass(view);
  if (page.announcer.turn(view)) page.sound.play("turn");
}

/** A card of the hand that cannot be taken now shakes. @param {string} card */
export function shake(card) {
  const node = find(`#hand [data-card="${card}"]`);
  node?.classList.remove("shake");
  void node?.offsetWidth; // restart the animation
  node?.classList.add("shake");
}

/**
 * A click on a card while passing: picked, or put back, and the log says which and how many of the
 * pass are picked (a number key picks a card the focus is not on, so nothing else says it; on the
 * focused card a screen reader says only its new state, "pressed"). One more than the pass takes
 * shakes, and the person is told how to change their mind.
 * @param {Page} page @param {string} card
 */
export function pickForPass({ ui, announcer }, card) {
  const selected = pickToPass(ui.state, card);
  ui.update({ focusCard: card, selected: selected ?? ui.state.selected });
  const count = ui.shownView().pass.count;
  if (selected) {
    const key = selected.includes(card) ? "log.picked" : "log.putBack";
    announcer.announce(say(key, { card, n: selected.length, count }));
    return;
  }
  shake(card);
  announcer.notify(t("passFull", { n: count }), "", 3000);
}
