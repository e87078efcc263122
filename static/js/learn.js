// Learn mode: the tips Python sends as "tip" events (hearts/table/learn.py decides which tip
// fires when, from the events and the rules in force). Each tip is one box [data-tip="<kind>"]
// that points at what it is about (cards, the trick, the hearts badge, a seat); the game waits
// until it is dismissed with OK ([data-action="tip-ok"]) or Enter.

import { richText } from "./cardface.js";
import { $, $$, el } from "./dom.js";
import { t } from "./i18n.js";
import { focusHand } from "./input.js";
import { app } from "./state.js";

let open = null; // {box, done, marked, before} while a tip shows

/** Whether a tip is showing (the person's clicks on cards wait for it). */
export const tipShowing = () => open !== null;

function targets(tip) {
  if (tip.target === "badge") return $$("#hearts-badge");
  if (tip.target === "seat") return $$(`.seat[data-seat="${tip.params.seat}"]`);
  const where = tip.target === "trick" ? "#trick [data-trick-card]" : "#hand [data-card]";
  const cards = new Set(tip.cards);
  const found = $$(where).filter((node) => cards.has(node.dataset.trickCard ?? node.dataset.card));
  return found.length ? found : $$(tip.target === "trick" ? "#trick" : "#hand");
}

function close() {
  if (!open) return;
  const { box, done, marked, before } = open;
  open = null;
  for (const node of marked) node.classList.remove("tip-target");
  box.remove();
  // The focus was on the tip's OK: give it back where it was (the hand, a tool), not to the page.
  if (before?.isConnected && before !== document.body) before.focus({ preventScroll: true });
  else focusHand();
  done();
}

function onKey(event) {
  if (!open || (event.key !== "Enter" && event.key !== "Escape")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  close();
}
document.addEventListener("keydown", onKey, true);

// A tip's wording depends on the rules and the moment: points allowed on the first trick, a
// discard on the first trick, a moon threatened or shot (the flags come from Python).
// Sentences about a seat have their own wording when the seat is the person ("You took …").
function textKey(tip) {
  const p = tip.params;
  const you = p.seat === app.view?.self ? "You" : "";
  if (tip.kind === "first-trick") return (p.allowed ? "firstTrickAllowed" : "firstTrick") + you;
  if (tip.kind === "discard") return p.first ? "discardFirst" : "discard";
  if (tip.kind === "moon") return (p.shot ? "moonShot" : "moon") + you;
  if (tip.kind === "queen") return `queen${you}`;
  if (tip.kind === "hearts-broken") return p.card?.endsWith("H") ? "heartsBroken" : "heartsBrokenQueen";
  if (tip.kind === "lead" && tip.target === "hand") return "leadYou";
  return tip.kind;
}

/** Show one tip and resolve once the person has read it. */
export function showTip(tip) {
  close();
  const ok = el("button", { class: "primary", text: t("ok"), data: { action: "tip-ok" }, attrs: { type: "button" } });
  const box = el(
    "div",
    {
      class: `tip tip-${tip.target}`,
      data: { tip: tip.kind },
      // Named by its title and described by its text: a screen reader says both when OK gets the focus.
      attrs: { role: "dialog", "aria-live": "assertive", "aria-labelledby": "tip-title", "aria-describedby": "tip-text" },
    },
    el("h2", { text: t(`tips.titles.${tip.kind}`), attrs: { id: "tip-title" } }),
    el("p", { attrs: { id: "tip-text" } }, richText(t(`tips.text.${textKey(tip)}`, tip.params))),
    el("div", { class: "buttons" }, ok),
  );
  const marked = targets(tip);
  for (const node of marked) node.classList.add("tip-target");
  $("#table").append(box);
  return new Promise((resolve) => {
    open = { box, done: resolve, marked, before: document.activeElement };
    ok.addEventListener("click", close);
    ok.focus({ preventScroll: true });
  });
}

/** The learn hand's end: a short summary for the result panel. */
export function learnSummary(view) {
  const points = view.result.scores[view.self];
  return el(
    "div",
    { class: "learn-summary" },
    el("p", { text: t("learn.done", { points }) }),
    el("p", { text: t("learn.next") }),
  );
}
