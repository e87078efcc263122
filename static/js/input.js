// Mouse, touch and keys → the page's intents (handlers from main.js). Cards in the hand
// are buttons with a roving tabindex: one Tab reaches the hand, ←/→ (Home/End) move between
// cards, Enter or Space activates the focused card. Keys: CARD_KEYS pick the card showing
// that key, Enter confirms (pass, next hand), T reads the table, B score sheet, R hint,
// U undo, L last trick, C clock off, Esc closes.

import { $$, find } from "./dom.js";

/**
 * One key per card, up to 17 cards (3 players): 1–9, then the home row. None of them is a
 * command key (B R U L T C); the key shows on the card while the keyboard is in use.
 */
export const CARD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "s", "d", "f", "g", "h", "j", "k"];

function openDialog() {
  const node = document.querySelector("dialog[open]");
  return node instanceof HTMLDialogElement ? node : null;
}

/** @param {EventTarget | null} target */
function typing(target) {
  return target instanceof HTMLElement && target.closest("input, select, textarea");
}

/**
 * Move the keyboard focus within the hand by `step` cards (wrapping at the ends; ±Infinity: the first or last card).
 * @param {number} step @returns {string | null} the card that has the focus now
 */
export function moveFocus(step) {
  const cards = $$("#hand .card");
  if (!cards.length) return null;
  const active = document.activeElement;
  const index = active instanceof HTMLElement ? cards.indexOf(active) : -1;
  /** @type {HTMLElement} */
  let next;
  if (step === -Infinity || step === Infinity) next = step < 0 ? cards[0] : cards[cards.length - 1];
  else if (index < 0) next = cards.find((c) => c.tabIndex === 0) ?? cards[0];
  else next = cards[(index + step + cards.length) % cards.length];
  for (const c of cards) c.tabIndex = c === next ? 0 : -1;
  next.focus();
  return next.dataset.card ?? null;
}

/**
 * What main.js does with the person's intents.
 * @typedef {object} Handlers
 * @property {(card: string) => void} card
 * @property {(name: string, node?: HTMLElement) => void} action
 * @property {(index: number) => void} cardKey the card at `index` in the hand (CARD_KEYS)
 * @property {() => void} readTable
 * @property {() => void} clockOff
 * @property {() => boolean} enter
 * @property {() => void} escape
 * @property {(card: string | null) => void} focused
 * @property {() => void} resize
 */

/** Letter keys and the actions they stand for. @type {Record<string, string>} */
const KEY_ACTIONS = { b: "scores", r: "hint", u: "undo", l: "last-trick" };

/** Arrow keys and how many cards they move the focus by. @type {Record<string, number>} */
const FOCUS_STEPS = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };

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
  if (card instanceof HTMLElement) return handlers.card(card.dataset.card ?? "");
  const action = event.target.closest("[data-action]");
  if (action instanceof HTMLElement && !(action instanceof HTMLButtonElement && action.disabled)) {
    handlers.action(action.dataset.action ?? "", action);
  }
}

/** @param {KeyboardEvent} event @param {Handlers} handlers */
function onKey(event, handlers) {
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.repeat && !(key in FOCUS_STEPS)) return heldDown(event);
  const dialog = openDialog();
  if (dialog) return keyInDialog(event, key, dialog);
  document.body.classList.add("keyboard");
  if (CARD_KEYS.includes(key)) {
    event.preventDefault();
    return handlers.cardKey(CARD_KEYS.indexOf(key));
  }
  if (key in FOCUS_STEPS) {
    event.preventDefault();
    return handlers.focused(moveFocus(FOCUS_STEPS[key]));
  }
  if (key === "Enter") return onEnter(event, handlers);
  if (key === "Escape") return handlers.escape();
  if (key === "t") return handlers.readTable();
  if (key === "c") return handlers.clockOff();
  if (key in KEY_ACTIONS) handlers.action(KEY_ACTIONS[key]);
}

/**
 * A key held down acts once. Its repeats (some thirty a second) would otherwise play a card each
 * time the turn comes back, undo play after play, or have the browser click the focused button
 * again and again (Enter: the next hand, a dialog's OK); only the focus moves on while an arrow is held.
 * @param {KeyboardEvent} event
 */
function heldDown(event) {
  if (event.key === "Enter" || event.key === " ") event.preventDefault();
}

/**
 * Esc closes a dialog by itself; B closes the score sheet it opened.
 * @param {KeyboardEvent} event @param {string} key @param {HTMLDialogElement} dialog
 */
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
  const target = event.target;
  const onButton = target instanceof HTMLButtonElement;
  const onCard = onButton && target.closest("#hand") !== null;
  if (onButton && !onCard) return;
  if (handlers.enter() || !onCard) event.preventDefault();
}

/**
 * Put the focus on the hand when nothing in particular has it (after a dialog closes, say); once
 * the hand is played out, on the result's first button (next hand, play again), not the page.
 */
export function focusHand() {
  const current = document.activeElement;
  // A button inside a dialog that has just closed keeps the focus but can't be seen: keys
  // sent there would click it, so it counts as nothing having the focus.
  const stale = current?.closest("dialog:not([open])") != null;
  if (current && current !== document.body && current.isConnected && !stale) return;
  const target = find("#hand .card[tabindex='0']") ?? find("#result button.primary:enabled");
  if (target) target.focus({ preventScroll: true });
  else if (stale && current instanceof HTMLElement) current.blur();
}
