// Mouse, touch and keys → the page's intents (handlers from main.js). Cards in the hand
// are buttons with a roving tabindex: one Tab reaches the hand, ←/→ move between cards,
// Enter or Space activates the focused card. Keys: 1–9 the card with that number,
// Enter confirms (pass, next hand), B score sheet, R hint, U undo, L last trick, Esc closes.

import { $, $$ } from "./dom.js";

function openDialog() {
  return document.querySelector("dialog[open]");
}

function typing(target) {
  return target instanceof HTMLElement && target.closest("input, select, textarea");
}

/** Move the keyboard focus within the hand by `step` cards (wrapping at the ends). */
export function moveFocus(step) {
  const cards = $$("#hand .card");
  if (!cards.length) return null;
  const index = cards.indexOf(document.activeElement);
  const next = index < 0 ? cards.find((c) => c.tabIndex === 0) ?? cards[0] : cards[(index + step + cards.length) % cards.length];
  for (const c of cards) c.tabIndex = c === next ? 0 : -1;
  next.focus();
  return next.dataset.card;
}

export function bindInput(handlers) {
  document.addEventListener("click", (event) => {
    const card = event.target.closest("#hand [data-card]");
    if (card) return handlers.card(card.dataset.card);
    const action = event.target.closest("[data-action]");
    if (action && !action.disabled) handlers.action(action.dataset.action, action);
  });

  // The number badges show only while the keyboard is in use.
  document.addEventListener("pointerdown", () => document.body.classList.remove("keyboard"), { passive: true });

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const dialog = openDialog();
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (dialog) {
      // Esc closes a dialog by itself; B closes the score sheet it opened.
      if (key === "b" && dialog.id === "dlg-scores") {
        event.preventDefault();
        dialog.close();
      }
      return;
    }
    document.body.classList.add("keyboard");
    if (/^[1-9]$/.test(key)) {
      event.preventDefault();
      return handlers.digit(Number(key));
    }
    switch (key) {
      case "ArrowLeft":
      case "ArrowRight":
        event.preventDefault();
        return handlers.focused(moveFocus(key === "ArrowLeft" ? -1 : 1));
      case "Enter": {
        // Enter confirms what is pending (the picked cards, the next hand), also from a card
        // of the hand; on any other button it clicks that button, and on a card with nothing
        // to confirm it picks or plays that card (the browser's click).
        const onButton = event.target instanceof HTMLButtonElement;
        const onCard = onButton && event.target.closest("#hand") !== null;
        if (onButton && !onCard) return undefined;
        if (handlers.enter()) event.preventDefault();
        else if (!onCard) event.preventDefault();
        return undefined;
      }
      case "b":
        return handlers.action("scores");
      case "r":
        return handlers.action("hint");
      case "u":
        return handlers.action("undo");
      case "l":
        return handlers.action("last-trick");
      case "Escape":
        return handlers.escape();
      default:
        return undefined;
    }
  });

  window.addEventListener("resize", () => handlers.resize());
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
  else if (stale) current.blur();
}
