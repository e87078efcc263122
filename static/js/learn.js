// Learn mode: the tips Python sends as "tip" events (hearts/table/learn.py decides which tip
// fires when, from the events and the rules in force). Each tip is one box [data-tip="<kind>"]
// that points at what it is about (cards, the trick, the hearts badge, a seat); the game waits
// until it is dismissed with OK ([data-action="tip-ok"]) or Enter. Only then does it count as
// shown: game.js tells Python (`tip_read`), and a page reloaded before shows it again.

import { richText } from "./cardface.js";
import { $, $$, el, find, placeClear } from "./dom.js";
import { t } from "./i18n.js";
import { focusHand } from "./input.js";

/** @typedef {import("./protocol.js").TipEvent} TipEvent */

/**
 * The tip on the table: its box, what it marks, where the focus was, and what resolves once it is read.
 * @typedef {{box: HTMLElement, done: () => void, marked: HTMLElement[], before: Element | null, releaseClock: () => void}} OpenTip
 */

/** The tips of the learn hand: at most one shows; the game waits until it is read. */
export class Tips {
  /** @type {OpenTip | null} */
  #open = null;
  /** Which run of tips may show: a dismissal ends the run, so the rest of its tips do not show. */
  #run = 0;

  #holdClock;

  /** @param {() => () => void} holdClock stops the think-time clock until the returned function is called */
  constructor(holdClock) {
    this.#holdClock = holdClock;
    document.addEventListener("keydown", (event) => this.#onKey(event), true);
  }

  /** Whether a tip is showing (the person's clicks on cards wait for it). */
  get showing() {
    return this.#open !== null;
  }

  /** The run of tips showing now: pass it to {@link show} for each tip of one answer. */
  get run() {
    return this.#run;
  }

  /**
   * Show one tip and resolve once the person has read it (at once, if its run was dismissed).
   * @param {TipEvent} tip @param {number} self the shown seat (a sentence about it says "you")
   * @param {number} run {@link run} when the answer's tips began to show
   * @returns {Promise<void>}
   */
  show(tip, self, run) {
    if (run !== this.#run) return Promise.resolve();
    this.#close();
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
      el("p", { attrs: { id: "tip-text" } }, richText(tipText(tip, self))),
      el("div", { class: "buttons" }, ok),
    );
    const marked = targets(tip);
    for (const node of marked) node.classList.add("tip-target");
    $("#table").append(box);
    placeClear(box, TIP_KEEPS_CLEAR);
    // The hand's cards may still be on their way (those received fly in; those it points at lift as they are
    // marked): placed again where they come to rest, clear of where they are, not of where they were.
    handSettled().then(() => {
      if (this.#open?.box === box) placeClear(box, TIP_KEEPS_CLEAR);
    });
    return new Promise((resolve) => {
      // The game waits for the person to read the tip: so does the clock.
      this.#open = { box, done: resolve, marked, before: document.activeElement, releaseClock: this.#holdClock() };
      ok.addEventListener("click", () => this.#close());
      ok.focus({ preventScroll: true });
    });
  }

  /**
   * The person turned to something else (a tool, a dialog, a new match): the tip goes, and the
   * rest of its answer's tips with it. The game waits for a tip inside the one queue to Python
   * (bridge.js), so a tip left showing would hold back whatever the person asked for.
   */
  dismiss() {
    this.#run += 1;
    this.#close();
  }

  #close() {
    const open = this.#open;
    if (!open) return;
    const { box, done, marked, before, releaseClock } = open;
    this.#open = null;
    releaseClock();
    for (const node of marked) node.classList.remove("tip-target");
    box.remove();
    // The focus was on the tip's OK: give it back where it was (the hand, a tool), not to the page.
    if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus({ preventScroll: true });
    else focusHand();
    done();
  }

  /** @param {KeyboardEvent} event */
  #onKey(event) {
    if (!this.#open || (event.key !== "Enter" && event.key !== "Escape")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!event.repeat) this.#close(); // Enter held down: the next tip stays, to be read
  }
}

/**
 * A tip never covers the status line it explains ("Pass 3 cards to the left", "Your lead") nor what it points
 * at (a seat, the trick's cards, cards of the hand); where there is room, not the trick (following or
 * discarding, the card led is what the tip is about: on a 360 × 640 phone the discard tip covered it), then
 * no other seat nor card of the hand.
 * On a phone upright the person's own seat and the status stand just above the hand, under a tip as wide as
 * the table; sideways the status line is in the middle, where a tip above the hand was. A tip about the
 * whole hand outlines its box, a little higher than its cards: the cards count.
 * @type {import("./dom.js").KeepClear}
 */
const TIP_KEEPS_CLEAR = [
  "#status, .tip-target:not(#hand), #hand.tip-target [data-card]",
  "#trick [data-trick-card]",
  "#seats .seat, #hand [data-card]",
];

// The longest a tip waits to be placed again where the hand comes to rest (a tab in the background runs no transitions).
const SETTLE_MAX_MS = 1500;

/** Once the hand's cards have stopped moving (their finite animations and transitions ended), or at most SETTLE_MAX_MS. */
function handSettled() {
  const moving = (find("#hand")?.getAnimations({ subtree: true }) ?? []).filter(
    (animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
  );
  if (!moving.length) return Promise.resolve();
  const timeUp = new Promise((resolve) => setTimeout(resolve, SETTLE_MAX_MS));
  return Promise.race([Promise.allSettled(moving.map((animation) => animation.finished)), timeUp]);
}

/** What a tip points at: cards, the trick, the hearts badge, a seat. @param {TipEvent} tip */
function targets(tip) {
  if (tip.target === "badge") return $$("#hearts-badge");
  if (tip.target === "seat") return $$(`.seat[data-seat="${tip.params.seat}"]`);
  const where = tip.target === "trick" ? "#trick [data-trick-card]" : "#hand [data-card]";
  const cards = new Set(tip.cards);
  const found = $$(where).filter((node) => cards.has(node.dataset.trickCard ?? node.dataset.card ?? ""));
  if (found.length) return found;
  if (tip.target !== "trick") return $$("#hand");
  // The trick was taken before the tip showed (a fast pace): point at who took it, not an empty middle.
  const seat = tip.params.seat;
  return seat === undefined ? $$("#trick") : $$(`.seat[data-seat="${seat}"]`);
}

// A tip's wording depends on the rules and the moment: points allowed on the first trick, a
// discard on the first trick, a moon threatened or shot (the flags come from Python).
// Sentences about a seat have their own wording when the seat is the person ("You took …").
/** The discard tip names what the person holds to get rid of: Q♠ (or high hearts), a heart, a high card. */
const DISCARD_RID = /** @type {Record<string, string>} */ ({ queen: "discard", hearts: "discardHearts", high: "discardHigh" });

/**
 * Why the pass tip's cards are a good pass from the person's hand (Python's `why`, the rule of the
 * `normal` players that chose them): Q♠ unguarded, high spades, a suit to void (and high cards of
 * others with it), high cards, a moon.
 */
const PASS_WHY = /** @type {Record<string, string>} */ ({
  queen: "queen",
  high_spades: "highSpades",
  void: "void",
  danger: "danger",
  moon: "moon",
});

/** A tip's words: its sentence, and after the pass's, why the cards it points at are a good pass. @param {TipEvent} tip @param {number} self */
function tipText(tip, self) {
  const why = tip.kind === "pass" ? PASS_WHY[String(tip.params.why)] : undefined;
  // A pass tip kept unread in a save from before it named a good pass has no `why`: its general advice shows.
  if (!why) return t(`tips.text.${textKey(tip, self)}`, tip.params);
  const reason = why === "void" && tip.params.others ? "voidHigh" : why;
  return `${t("tips.text.passPick", tip.params)} ${t(`tips.text.passWhy.${reason}`, tip.params)}`;
}

/** @param {TipEvent} tip @param {number} self */
function textKey(tip, self) {
  const p = tip.params;
  const you = p.seat === self ? "You" : "";
  if (tip.kind === "first-trick") return (p.allowed ? "firstTrickAllowed" : "firstTrick") + you;
  if (tip.kind === "discard") return p.first ? "discardFirst" : (DISCARD_RID[String(p.rid)] ?? "discard");
  if (tip.kind === "moon") return (p.shot ? "moonShot" : "moon") + you;
  if (tip.kind === "queen") return `queen${you}`;
  if (tip.kind === "hearts-broken")
    return typeof p.card === "string" && p.card.endsWith("H") ? "heartsBroken" : "heartsBrokenQueen";
  if (tip.kind === "lead" && tip.target === "hand") return "leadYou";
  return tip.kind;
}

/** The learn hand's end: a short summary for the result panel. @param {number} points the person's score of the hand */
export function learnSummary(points) {
  return el(
    "div",
    { class: "learn-summary" },
    el("p", { text: t("learn.done", { points }) }),
    el("p", { text: t("learn.next") }),
  );
}
