// Plays the events of one answer (see hearts/table/session.py) before the new view is drawn:
// a card flies from its seat (or the person's hand) to the trick, a full trick stays a
// moment and then slides to whoever took it; each sounds as it is shown (sound.js). Speed comes
// from the settings; with "prefers-reduced-motion" nothing moves: cards fade in and out quickly
// (the pace still sets how long the bots think and a finished trick stays).
//
// A tab in the background shows nothing and waits for nothing: its timers are throttled (a
// second or more) and its animations do not run, so waiting for them there would hold up the
// whole table (the host's bots and the guests with them, or a guest's own view). While
// `document.hidden` every event is only said (the live log) and drawn at once; what was moving
// when the tab went away finishes at once; a pause that was running ends.

import { autoText, saidInRush, startsRush } from "./announce.js";
import { faceCard, richText } from "./cardface.js";
import { $, $$, beforePaint, find } from "./dom.js";
import { isYou, t } from "./i18n.js";
import { countTrick, placeInTrick, seatElement } from "./render.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").Event} Event
 * @typedef {import("./protocol.js").PlayEvent} PlayEvent
 * @typedef {import("./protocol.js").TrickEvent} TrickEvent
 * @typedef {import("./protocol.js").TipEvent} TipEvent
 * @typedef {import("./announce.js").Announcer} Announcer
 * @typedef {import("./sound.js").Sound} Sound
 * @typedef {{fly: number, pause: number, bot: number, collect: number, deal: number}} Speed
 */

// Milliseconds. A bot's card takes `bot` (it "thinks") + `fly`; a finished trick stays
// `pause`, then goes in `collect`; `deal` is the stagger between two cards dealt.
/** @type {Record<string, Speed>} */
const SPEEDS = {
  slow: { fly: 420, pause: 1400, bot: 650, collect: 480, deal: 60 },
  calm: { fly: 280, pause: 1100, bot: 380, collect: 340, deal: 45 },
  normal: { fly: 170, pause: 800, bot: 180, collect: 240, deal: 30 },
  fast: { fly: 110, pause: 400, bot: 60, collect: 160, deal: 18 },
  instant: { fly: 0, pause: 0, bot: 0, collect: 0, deal: 0 },
};
// The cards of a claim or an early end go at once: at this pace, or the chosen one if faster.
/** @type {Speed} */
const RUSH = { fly: 60, pause: 150, bot: 0, collect: 90, deal: 0 };

// With reduced motion a move becomes a fade of at most this many milliseconds.
const FADE = 140;

/** @param {DOMRect} rect @returns {[number, number]} */
const center = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

/** @param {Element} node */
function matrixOf(node) {
  const transform = getComputedStyle(node).transform;
  return transform === "none" ? "" : transform;
}

/**
 * Wait `ms`, or less: not at all in a background tab, and no longer once the tab goes into the background.
 * @param {number} ms @returns {Promise<void>}
 */
function pause(ms) {
  if (!ms || document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    document.addEventListener("visibilitychange", done);
  });
}

/** The tab went into the background: the table's moves end where they were going. */
function finishMoves() {
  if (!document.hidden) return;
  for (const box of ["#trick", "#hand"]) {
    for (const animation of find(box)?.getAnimations({ subtree: true }) ?? []) {
      if (animation instanceof CSSAnimation || animation instanceof CSSTransition) continue;
      animation.finish();
    }
  }
}

/** @param {HTMLElement} node @param {Keyframe[]} keyframes @param {number} duration */
async function run(node, keyframes, duration) {
  if (!duration) return;
  await node.animate(keyframes, { duration, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }).finished.catch(() => {});
}

/** The table's moves at the speed the person chose. */
export class Animator {
  #speed = SPEEDS.normal;
  #reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  #announcer;
  #sound;

  /** @param {Announcer} announcer says each event as it is shown @param {Sound} sound sounds each event as it is shown */
  constructor(announcer, sound) {
    this.#announcer = announcer;
    this.#sound = sound;
    document.addEventListener("visibilitychange", finishMoves);
  }

  /** How long a fade takes instead of a move of `ms` (reduced motion). @param {number} ms */
  #fade(ms) {
    return Math.min(ms, FADE);
  }

  /** @param {string} name one of settings.SPEEDS */
  setSpeed(name) {
    this.#speed = SPEEDS[name] ?? SPEEDS.normal;
  }

  /** A bot seems to think before its card is asked for (not in a background tab). */
  botPause() {
    return pause(this.#speed.bot);
  }

  /**
   * Show what happened, in order. A tip shows in its place among the moves, unless it follows the
   * pass's exchange or a new deal: the hand it talks about is on the table only once the new view
   * is drawn, so such tips are returned for the caller to show then.
   * @param {Event[]} events @param {TableView} view the table before these events
   * @param {boolean} fourColour the deck the cards are drawn with
   * @param {(tip: TipEvent) => Promise<void>} [showTip] shows a learn tip, resolved once it is closed (game.js; a
   * guest's page has none: the learn hand has no guests)
   * @returns {Promise<TipEvent[]>} the tips to show once the new view is drawn
   */
  async playEvents(events, view, fourColour, showTip = async () => {}) {
    let rushed = false;
    let newCards = false; // the exchange or a deal: the hand drawn is not the one the tips are about
    /** @type {TipEvent[]} */
    const later = [];
    for (const event of events) {
      newCards ||= event.type === "exchange" || event.type === "new_hand";
      rushed ||= startsRush(event);
      if (!rushed || saidInRush(event)) this.#announcer.event(event, view);
      const speed = rushed ? this.#rushSpeed() : this.#speed;
      switch (event.type) {
        case "play":
          await this.#flyToTrick(event, view, fourColour, speed);
          this.#sound.play("card");
          break;
        case "trick":
          await this.#collect(event, speed);
          countTrick(event, view);
          break;
        case "claimed":
          this.#announcer.toast(
            t(isYou(event.seat) ? "log.claimedYou" : "log.claimed", { seat: event.seat, n: event.tricks }),
            "gold",
            3500,
          );
          break;
        case "early_end":
          this.#announcer.toast(t("log.earlyEnd", { n: event.tricks }), "gold", 3500);
          break;
        case "hearts_broken": {
          this.#sound.play("hearts");
          const badge = $("#hearts-badge");
          badge.hidden = false;
          badge.classList.remove("flash");
          void badge.offsetWidth; // restart the animation
          badge.classList.add("flash");
          break;
        }
        case "hand_over":
          if (event.moon) this.#sound.play(event.moon.sun ? "sun" : "moon");
          break;
        case "exchange":
          if (event.received.length) {
            this.#announcer.toast(richText(t("log.received", { cards: event.received, seat: view.pass.from })), "gold", 3500);
          }
          break;
        case "tip":
          if (newCards) later.push(event);
          else await showTip(event); // the game waits until the person has read it
          break;
        case "auto":
          if (event.seat === view.self) this.#announcer.toast(richText(t(...autoText(event))), "warn");
          break;
        case "seat":
          this.#announcer.toast(
            t(event.control === "away" ? "together.guestLeft" : "together.guestBack", { seat: event.seat }),
            "warn",
            4000,
          );
          break;
        default:
          break;
      }
    }
    return later;
  }

  /** Each move no slower than RUSH. @returns {Speed} */
  #rushSpeed() {
    const speed = this.#speed;
    return {
      fly: Math.min(speed.fly, RUSH.fly),
      pause: Math.min(speed.pause, RUSH.pause),
      bot: 0,
      collect: Math.min(speed.collect, RUSH.collect),
      deal: speed.deal,
    };
  }

  /** @param {PlayEvent} event @param {TableView} view @param {boolean} fourColour @param {Speed} speed */
  async #flyToTrick(event, view, fourColour, speed) {
    const mine = event.seat === view.self;
    const box = $("#trick");
    if (find(`[data-trick-card="${event.card}"]`, box)) return;
    const source = mine ? find(`#hand [data-card="${event.card}"]`) : seatElement(event.seat)?.querySelector(".avatar");
    const from = source?.getBoundingClientRect();
    if (mine) source?.remove();
    const card = faceCard(event.card, fourColour, { data: { trickCard: event.card, seat: event.seat } });
    const node = placeInTrick(card, event.seat, view);
    node.style.zIndex = String(box.childElementCount + 1);
    box.append(node);
    if (!from || !speed.fly || document.hidden) return;
    if (this.#reducedMotion.matches) {
      await run(node, [{ opacity: 0 }, { opacity: 1 }], this.#fade(speed.fly));
      return;
    }
    const [fx, fy] = center(from);
    const [tx, ty] = center(node.getBoundingClientRect());
    const rest = matrixOf(node); // the card's place in the trick
    await run(
      node,
      [{ transform: `translate(${fx - tx}px, ${fy - ty}px) ${rest} scale(${mine ? 1 : 0.5})` }, { transform: rest }],
      speed.fly,
    );
  }

  /** @param {TrickEvent} event @param {Speed} speed */
  async #collect(event, speed) {
    const nodes = $$("#trick [data-trick-card]");
    // While the full trick stays on the table, the card that takes it is marked.
    nodes.find((node) => node.dataset.seat === String(event.winner))?.classList.add("winner");
    await pause(speed.pause);
    this.#sound.play(event.cards.some((c) => c.card === "QS") ? "queen" : "trick");
    const target = seatElement(event.winner)?.querySelector(".avatar")?.getBoundingClientRect();
    const reduced = this.#reducedMotion.matches;
    const collect = reduced ? this.#fade(speed.collect) : speed.collect;
    if (collect && target && !document.hidden) {
      const [tx, ty] = center(target);
      await Promise.all(
        nodes.map((node) => {
          const [fx, fy] = center(node.getBoundingClientRect());
          const rest = matrixOf(node);
          const end = reduced
            ? { opacity: 0 }
            : { transform: `translate(${tx - fx}px, ${ty - fy}px) ${rest} scale(0.35)`, opacity: 0.2 };
          const start = reduced ? { opacity: 1 } : { transform: rest, opacity: 1 };
          return node.animate([start, end], { duration: collect, easing: "ease-in", fill: "forwards" }).finished.catch(() => {});
        }),
      );
    }
    for (const node of nodes) node.remove();
  }

  /**
   * Deal the hand: its cards come in one after the other from the middle of the table
   * (at the start of each hand; with reduced motion they fade in together, at the instant speed
   * they are simply there).
   * It starts in the next frame, before that frame is painted (no card shows in its place
   * first): the drawing of the new hand and the deal are two main-thread tasks, not one long one.
   */
  async dealHand() {
    const speed = this.#speed;
    if (!speed.deal || document.hidden) return;
    await beforePaint();
    const cards = $$("#hand .card");
    if (this.#reducedMotion.matches) {
      for (const node of cards) node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE, fill: "backwards" });
      return;
    }
    const from = find("#center")?.getBoundingClientRect();
    if (!from || !cards.length) return;
    const [fx, fy] = center(from);
    // Every place read before the first animation starts: reads between them would make one style and layout per card.
    const places = cards.map((node) => center(node.getBoundingClientRect()));
    cards.forEach((node, index) => {
      const [tx, ty] = places[index];
      node.animate(
        [
          { translate: `${fx - tx}px ${fy - ty}px`, opacity: 0 },
          { translate: "0 0", opacity: 1 },
        ],
        { duration: speed.fly + 120, delay: index * speed.deal, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      );
    });
  }
}
