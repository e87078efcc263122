// The page's one state: the last view Python sent (the truth about the game) plus what exists
// only on the page (cards picked for passing, keyboard focus, an open last-trick view, …) and
// the display settings the drawing reads. `render(state)` draws it and reads nothing else.
// Every change goes through `UiStore.update`, which settles the state (drops page-only
// choices that no longer fit the view) and redraws: no module writes the state by itself.

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").RulesInfoAnswer} RulesInfoAnswer
 */

/**
 * The strong bot's choice for the person, worded, while it is marked on the hand.
 * @typedef {object} Hint
 * @property {ReadonlySet<string>} cards
 * @property {string} reason
 */

/**
 * A long answer Python is working on: the decision of the bot of that seat, or the person's hint.
 * @typedef {number | "hint"} Thinking
 */

/**
 * The settings the drawing reads (the rest never reaches render.js).
 * @typedef {object} Display
 * @property {string} lang the table's language (i18n.js words everything in it)
 * @property {boolean} dim illegal cards dimmed
 * @property {boolean} count the counter chips (points, hearts, Q♠, J♦) on each seat
 * @property {boolean} fourColour the four-colour deck
 * @property {string} theme "light", "dark" or "system" (the device's preference, which the CSS follows)
 * @property {string} cardBack one of settings.CARD_BACKS
 * @property {boolean} largeCards bigger cards (for phones)
 */

/**
 * Everything the table's drawing depends on.
 * @typedef {object} UiState
 * @property {TableView | null} view the last "state" Python sent (bridge.js), or the host sent a guest
 * @property {RulesInfoAnswer | null} info rules_info: presets, choices, defaults (the page with Python only)
 * @property {readonly string[]} selected cards picked to pass, in the order picked
 * @property {Hint | null} hint
 * @property {string | null} focusCard the hand card that keeps the keyboard focus
 * @property {boolean} showLastTrick
 * @property {boolean} waiting a choice of the person is on its way to Python (or the host): nobody may act meanwhile
 * @property {Thinking | null} thinking what Python has been working on for a while (game.js THINKING_MS), shown as thinking
 * @property {number | null} handoff pass-and-play: the seat the device goes to next; its hand stays hidden until it reveals
 * @property {Display} display
 */

/** @typedef {Readonly<UiState>} State */

/**
 * The page's state and the one funnel that changes it.
 */
export class UiStore {
  /** @type {State} */
  #state;
  /** @type {State | null} the state last drawn */
  #drawn = null;
  #draw;

  /**
   * @param {Display} display
   * @param {(state: State, before: State | null) => void} draw draws `state`; `before` is the state drawn last (null: none yet)
   */
  constructor(display, draw) {
    this.#state = {
      view: null,
      info: null,
      selected: [],
      hint: null,
      focusCard: null,
      showLastTrick: false,
      waiting: false,
      thinking: null,
      handoff: null,
      display,
    };
    this.#draw = draw;
  }

  /** @returns {State} */
  get state() {
    return this.#state;
  }

  /**
   * Apply `change`, drop page-only choices that no longer fit, and redraw. `redraw: false`
   * when the page shows the change already (the browser moved the keyboard focus) or the
   * next change redraws anyway.
   * @param {Partial<UiState>} change @param {{redraw?: boolean}} [options]
   */
  update(change, { redraw = true } = {}) {
    this.#state = settled({ ...this.#state, ...change });
    if (redraw) this.redraw();
  }

  /** Draw the state as it is (the table as it was, after a refused choice). */
  redraw() {
    const before = this.#drawn;
    this.#drawn = this.#state;
    this.#draw(this.#state, before);
  }

  /** The view on the table; only for code that runs once a match is shown (a bug otherwise). */
  shownView() {
    const view = this.#state.view;
    if (!view) throw new Error("no table is shown yet");
    return view;
  }
}

/**
 * The cards picked to pass with `card` picked or unpicked; null when enough are picked
 * already (the page shakes the card).
 * @param {State} state @param {string} card @returns {string[] | null}
 */
export function pickToPass(state, card) {
  const { selected, view } = state;
  if (selected.includes(card)) return selected.filter((c) => c !== card);
  if (view && selected.length < view.pass.count) return [...selected, card];
  return null;
}

/**
 * `state` without the page-only choices that no longer fit its view (cards gone, phase over).
 * @param {UiState} state @returns {State}
 */
function settled(state) {
  const view = state.view;
  if (!view) return state;
  const inHand = new Set(view.hand.map((c) => c.card));
  const passing = view.phase === "pass" && !view.pass.done;
  const selected = passing ? state.selected.filter((c) => inHand.has(c)) : [];
  const hint = state.hint && [...state.hint.cards].every((c) => inHand.has(c) && view.can_hint) ? state.hint : null;
  const focusCard = state.focusCard !== null && inHand.has(state.focusCard) ? state.focusCard : null;
  const showLastTrick = state.showLastTrick && Boolean(view.last_trick);
  return { ...state, selected, hint, focusCard, showLastTrick };
}
