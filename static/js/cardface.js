// One card's face, drawn from its public name ("QS"); its label in the table's language
// ("Q♠" / "D♠") comes from i18n.js: the rank for the corner is the label without the suit sign.

import { el } from "./dom.js";
import { cardLabel } from "./i18n.js";

const FIGURES = new Set(["J", "Q", "K"]);

/** Fill `node` (a button or div with class "card") with the face of `card`. */
export function drawFace(node, card) {
  const label = cardLabel(card);
  const suit = card.slice(-1);
  const symbol = label.slice(-1);
  const rank = label.slice(0, -1);
  node.dataset.suit = suit;
  node.replaceChildren(
    el("span", { class: "corner", attrs: { "aria-hidden": "true" } }, el("b", { text: rank }), el("i", { text: symbol })),
    FIGURES.has(card[0])
      ? el("span", { class: "figure", attrs: { "aria-hidden": "true" } }, rank, el("small", { text: symbol }))
      : el("span", { class: card[0] === "A" ? "pip ace" : "pip", text: symbol, attrs: { "aria-hidden": "true" } }),
    el("span", { class: "corner br", attrs: { "aria-hidden": "true" } }, el("b", { text: rank }), el("i", { text: symbol })),
  );
  node.setAttribute("aria-label", label);
  return node;
}

/** A card as a plain element (for the trick, flights and the last-trick view). */
export function faceCard(card, extra = {}) {
  return drawFace(el("div", { class: "card", ...extra }), card);
}
