// The page's state: the last view Python sent (the truth about the game) plus what exists
// only on the page (cards picked for passing, keyboard focus, an open last-trick view).

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").RulesInfoAnswer} RulesInfoAnswer
 */

/**
 * @type {{
 *   view: TableView | null, info: RulesInfoAnswer | null, selected: string[],
 *   hint: {cards: Set<string>, reason: string} | null, focusCard: string | null,
 *   showLastTrick: boolean, waiting: boolean, handoff: number | null,
 * }}
 */
export const app = {
  view: null, // the last "state" from hearts.table.session (see bridge.js)
  info: null, // rules_info: presets, choices, defaults
  selected: [], // cards picked to pass, in the order picked
  hint: null, // {cards: Set of names, reason}
  focusCard: null, // name of the hand card that keeps the keyboard focus
  showLastTrick: false,
  waiting: false, // a choice of the person is on its way to Python (or the host): nobody may act meanwhile
  handoff: null, // pass-and-play: the seat the device goes to next; its hand stays hidden until it reveals
};

/** The view on the table; only for code that runs once a match is shown (a bug otherwise). */
export function shownView() {
  if (!app.view) throw new Error("no table is shown yet");
  return app.view;
}

/** Pick or unpick a card to pass; false when enough are picked already (the page shakes the card). */
export function pickToPass(card) {
  if (app.selected.includes(card)) app.selected = app.selected.filter((c) => c !== card);
  else if (app.selected.length < shownView().pass.count) app.selected = [...app.selected, card];
  else return false;
  return true;
}

/** Forget page-only choices that no longer fit the view (cards gone, phase over). */
export function pruneSelection() {
  const view = shownView();
  const inHand = new Set(view.hand.map((c) => c.card));
  const passing = view.phase === "pass" && !view.pass.done;
  app.selected = passing ? app.selected.filter((c) => inHand.has(c)) : [];
  if (app.hint && ![...app.hint.cards].every((c) => inHand.has(c) && view.can_hint)) app.hint = null;
  if (app.focusCard !== null && !inHand.has(app.focusCard)) app.focusCard = null;
  if (!view.last_trick) app.showLastTrick = false;
}
