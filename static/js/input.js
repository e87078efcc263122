// Mouse, touch and keys → the page's intents (handlers from main.js). Cards in the hand
// are buttons with a roving tabindex: one Tab reaches the hand, ←/→ move between cards,
// Enter or Space activates the focused card. Keys: 1–9 the card with that number,
// Enter confirms (pass, next hand), B score sheet, R hint, U undo, L last trick, Esc closes.

import { $, $$ } from "./dom.js";

function openDialog() {
  return /** @type {HTMLDialogElement | null} */ (document.querySelector("dialog[open]"));
}

function typing(target) {
  return target instanceof HTMLElement && target.closest("input, select, textarea");
}

/** Move the keyboard focus within the hand by `step` cards (wrapping at the ends). */
export function moveFocus(step) {
  const cards = $$("#hand .card");
  if (!cards.length) return null;
  const index = cards.indexOf(document.activeElement);
  const next =
    index < 0 ? (cards.find((c) => c.tabIndex === 0) ?? cards[0]) : cards[(index + step + cards.length) % cards.length];
  for (const c of cards) c.tabIndex = c === next ? 0 : -1;
  next.focus();
  return next.dataset.card;
}

/**
 * What main.js does with the person's intents.
 * @typedef {object} Handlers
 * @property {(card: string) => void} card
 * @property {(name: string, node?: HTMLElement) => void} action
 * @property {(n: number) => void} digit
 * @property {() => boolean} enter
 * @property {() => void} escape
 * @property {(card: string | null) => void} focused
 * @property {() => void} resize
 */

/** Letter keys and the actions they stand for. */
const KEY_ACTIONS = { b: "scores", r: "hint", u: "undo", l: "last-trick" };

/** @param {Handlers} handlers */
export function bindInput(handlers) {
  document.addEventListener("click", (event) => onClick(event, handlers));
  // The number badges show only while the keyboard is in use.
  document.addEventListener("pointerdown", () => document.body.classList.remove("keyboard"), { passive: true });
  document.addEventListener("keydown", (event) => onKey(event, handlers));
  window.addEventListener("resize", () => handlers.resize());
}

/** @param {MouseEvent} event @param {Handlers} handlers */
function onClick(event, handlers) {
  if (!(event.target instanceof Element)) return;
  const card = event.target.closest("#hand [data-card]");
  if (card instanceof HTMLElement) return handlers.card(/** @type {string} */ (card.dataset.card));
  const action = event.target.closest("[data-action]");
  if (action instanceof HTMLElement && !(action instanceof HTMLButtonElement && action.disabled)) {
    handlers.action(/** @type {string} */ (action.dataset.action), action);
  }
}

/** @param {KeyboardEvent} event @param {Handlers} handlers */
function onKey(event, handlers) {
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const dialog = openDialog();
  if (dialog) return keyInDialog(event, key, dialog);
  document.body.classList.add("keyboard");
  if (/^[1-9]$/.test(key)) {
    event.preventDefault();
    return handlers.digit(Number(key));
  }
  if (key === "ArrowLeft" || key === "ArrowRight") {
    event.preventDefault();
    return handlers.focused(moveFocus(key === "ArrowLeft" ? -1 : 1));
  }
  if (key === "Enter") return onEnter(event, handlers);
  if (key === "Escape") return handlers.escape();
  if (key in KEY_ACTIONS) handlers.action(KEY_ACTIONS[key]);
}

/** Esc closes a dialog by itself; B closes the score sheet it opened. */
function keyInDialog(event, key, dialog) {
  if (key === "b" && dialog.id === "dlg-scores") {
    event.preventDefault();
    dialog.close();
  }
}

/**
 * Enter confirms what is pending (the picked cards, the next hand), also from a card of the
 * hand; on any other button it clicks that button, and on a card with nothing to confirm it
 * picks or plays that card (the browser's click).
 * @param {KeyboardEvent} event @param {Handlers} handlers
 */
function onEnter(event, handlers) {
  const onButton = event.target instanceof HTMLButtonElement;
  const onCard = onButton && event.target.closest("#hand") !== null;
  if (onButton && !onCard) return;
  if (handlers.enter() || !onCard) event.preventDefault();
}

/** Put the focus on the hand when nothing in particular has it (after a dialog closes, say). */
export function focusHand() {
  const current = document.activeElement;
  // A button inside a dialog that has just closed keeps the focus but can't be seen: keys
  // sent there would click it, so it counts as nothing having the focus.
  const stale = current?.closest("dialog:not([open])") != null;
  if (current && current !== document.body && current.isConnected && !stale) return;
  const card = $("#hand .card[tabindex='0']");
  if (card) card.focus({ preventScroll: true });
  else if (stale && current instanceof HTMLElement) current.blur();
}
