// Card faces and suit symbols, always as graphics (never font glyphs, which a system may
// lack and a screen reader misreads). A face is the same-origin SVG file of the CC0 deck
// that the build writes to static/cards/ (tools/cards/extract.mjs): the browser fetches a
// face the first time it is shown, so the start screen costs none of them. The accessible
// name of a card is its spoken name alone ("queen of spades"), the graphics are aria-hidden.

import { el, fill } from "./dom.js";
import { cardLabel, cardName, cardParts, getLang, suitName } from "./i18n.js";

/** @typedef {import("./dom.js").ElOptions} ElOptions */

const SVG_NS = "http://www.w3.org/2000/svg";

// The deck's own pips (viewBox -600 -600 1200 1200), so badges and faces look alike.
/** @type {Record<string, string>} */
const SUIT_PATHS = {
  C: "M30 150c5 235 55 250 100 350h-260c45-100 95-115 100-350a10 10 0 0 0-20 0 210 210 0 1 1-74-201 10 10 0 0 0 14-14 230 230 0 1 1 220 0 10 10 0 0 0 14 14 210 210 0 1 1-74 201 10 10 0 0 0-20 0Z",
  D: "M-400 0C-350 0 0-450 0-500 0-450 350 0 400 0 350 0 0 450 0 500 0 450-350 0-400 0Z",
  H: "M0-300c0-100 100-200 200-200s200 100 200 250C400 0 0 400 0 500 0 400-400 0-400-250c0-150 100-250 200-250S0-400 0-300Z",
  S: "M0-500c100 250 355 400 355 685a150 150 0 0 1-300 0 10 10 0 0 0-20 0c0 200 50 215 95 315h-260c45-100 95-115 95-315a10 10 0 0 0-20 0 150 150 0 0 1-300 0c0-285 255-435 355-685Z",
};

/**
 * A suit symbol as inline SVG in the current text colour; decorative unless given a `label`.
 * @param {string} suit @param {string | null} [label]
 */
export function suitIcon(suit, label = null) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "-600 -600 1200 1200");
  svg.setAttribute("class", `suit-icon suit-${suit}`);
  svg.setAttribute("focusable", "false");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", SUIT_PATHS[suit]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/**
 * A card named in a sentence: its spoken name for the ear (read in the sentence's flow, part of
 * a control's name, and the text a test or a copy sees) and, hidden from the ear, its label
 * drawn: the rank as generated content (cards.css) and the suit as SVG.
 * @param {string} card @param {ElOptions} [extra]
 */
export function cardInText(card, extra = {}) {
  return namedGraphic(cardName(card), card.slice(-1), cardLabel(card).slice(0, -1), extra);
}

/**
 * The shape `cardInText` and a lone suit sign share: the spoken name, then the drawn label (rank may be "").
 * @param {string} spoken @param {string} suit @param {string} rank @param {ElOptions} [extra]
 */
function namedGraphic(spoken, suit, rank, extra = {}) {
  return el(
    "span",
    { ...extra, class: `card-ref${extra.class ? ` ${extra.class}` : ""}` },
    el("span", { class: "sr-only", text: spoken }),
    el("span", { class: "card-ref-label", data: { rank }, attrs: { "aria-hidden": "true" } }, suitIcon(suit)),
  );
}

/**
 * `text` as nodes, every card label and suit sign drawn as graphics ("Q♠ counts" → "Q" with a
 * spade icon, " counts"; the ear hears "queen of spades counts"). Every visible sentence that
 * can name a card goes through here (or `setRichText`): a font's suit glyph is never shown.
 * @param {string} text @returns {(string | HTMLElement)[]}
 */
export function richText(text) {
  return cardParts(text).map((part) => {
    if (typeof part === "string") return part;
    return part.card ? cardInText(part.card) : namedGraphic(suitName(part.suit), part.suit, "");
  });
}

/**
 * `setText` for sentences that can name cards (see `richText`). The node's data-shown keeps
 * the text it shows and in which language, so a redraw writes only changes.
 * @param {HTMLElement} node @param {string} text
 */
export function setRichText(node, text) {
  const shown = `${getLang()}:${text}`; // "K♠" reads alike in both languages, its spoken name does not
  if (node.dataset.shown === shown) return;
  node.dataset.shown = shown;
  fill(node, richText(text));
}

/**
 * Which file shows `card`: the four-colour deck differs in diamonds and clubs only.
 * @param {string} card @param {boolean} fourColour
 */
export function faceUrl(card, fourColour) {
  const suit = card.slice(-1);
  return `static/cards/${fourColour && (suit === "C" || suit === "D") ? "4c/" : ""}${card}.svg`;
}

/**
 * Fill `node` (a button or div with class "card") with the face of `card`.
 * @template {HTMLElement} T @param {T} node @param {string} card @param {boolean} fourColour @returns {T}
 */
export function drawFace(node, card, fourColour) {
  const url = faceUrl(card, fourColour);
  node.dataset.suit = card.slice(-1);
  if (node.dataset.face === url) return node;
  node.dataset.face = url;
  node.replaceChildren(
    el("img", {
      class: "face",
      attrs: { src: url, alt: "", "aria-hidden": "true", draggable: "false", decoding: "async" },
    }),
  );
  return node;
}

/**
 * A card as a plain element (the trick, flights, the last trick): an image named by its spoken name.
 * @param {string} card @param {boolean} fourColour @param {ElOptions} [extra]
 */
export function faceCard(card, fourColour, extra = {}) {
  const node = drawFace(el("div", { class: "card", ...extra, attrs: { role: "img", ...(extra.attrs ?? {}) } }), card, fourColour);
  node.setAttribute("aria-label", cardName(card));
  return node;
}

/** Name the trick's cards again after the language changed. @param {HTMLElement} node @param {string} card */
export function renameCard(node, card) {
  const name = cardName(card);
  if (node.getAttribute("aria-label") !== name) node.setAttribute("aria-label", name);
}
