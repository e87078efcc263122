// Plays the events of one answer (see hearts/table/session.py) before the new view is drawn:
// a card flies from its seat (or the person's hand) to the trick, a full trick stays a
// moment and then slides to whoever took it. Speed comes from the settings; with
// "prefers-reduced-motion" nothing moves, cards appear and fade.

import { faceCard, richText } from "./cardface.js";
import { $, $$, beforePaint, find, sleep } from "./dom.js";
import { t } from "./i18n.js";
import { placeInTrick, seatElement } from "./render.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").Event} Event
 * @typedef {import("./protocol.js").PlayEvent} PlayEvent
 * @typedef {import("./protocol.js").TrickEvent} TrickEvent
 * @typedef {import("./announce.js").Announcer} Announcer
 * @typedef {import("./learn.js").Tips} Tips
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

/** @param {DOMRect} rect @returns {[number, number]} */
const center = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

/** @param {Element} node */
function matrixOf(node) {
  const transform = getComputedStyle(node).transform;
  return transform === "none" ? "" : transform;
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
  #tips;

  /** @param {Announcer} announcer says each event as it is shown @param {Tips} tips shows the learn hand's tips */
  constructor(announcer, tips) {
    this.#announcer = announcer;
    this.#tips = tips;
  }

  /** @param {string} name one of settings.SPEEDS */
  setSpeed(name) {
    this.#speed = SPEEDS[name] ?? SPEEDS.normal;
  }

  /** How long a bot seems to think before its card is asked for. */
  get botDelay() {
    return this.#speed.bot;
  }

  /**
   * Show what happened, in order.
   * @param {Event[]} events @param {TableView} view the table before these events
   * @param {boolean} fourColour the deck the cards are drawn with
   */
  async playEvents(events, view, fourColour) {
    for (const event of events) {
      this.#announcer.event(event, view);
      switch (event.type) {
        case "play":
          await this.#flyToTrick(event, view, fourColour);
          break;
        case "trick":
          await this.#collect(event);
          break;
        case "hearts_broken": {
          const badge = $("#hearts-badge");
          badge.hidden = false;
          badge.classList.remove("flash");
          void badge.offsetWidth; // restart the animation
          badge.classList.add("flash");
          break;
        }
        case "exchange":
          if (event.received.length) {
            this.#announcer.toast(richText(t("log.received", { cards: event.received, seat: view.pass.from })), "gold", 3500);
          }
          break;
        case "tip":
          await this.#tips.show(event, view.self); // the game waits until the person has read it
          break;
        case "auto":
          if (event.seat === view.self) this.#announcer.toast(t("autoPlayed"), "warn");
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
  }

  /** @param {PlayEvent} event @param {TableView} view @param {boolean} fourColour */
  async #flyToTrick(event, view, fourColour) {
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
    if (!from || this.#reducedMotion.matches || !this.#speed.fly) return;
    const [fx, fy] = center(from);
    const [tx, ty] = center(node.getBoundingClientRect());
    const rest = matrixOf(node); // the card's place in the trick
    await run(
      node,
      [{ transform: `translate(${fx - tx}px, ${fy - ty}px) ${rest} scale(${mine ? 1 : 0.5})` }, { transform: rest }],
      this.#speed.fly,
    );
  }

  /** @param {TrickEvent} event */
  async #collect(event) {
    const nodes = $$("#trick [data-trick-card]");
    // While the full trick stays on the table, the card that takes it is marked.
    nodes.find((node) => node.dataset.seat === String(event.winner))?.classList.add("winner");
    await sleep(this.#speed.pause);
    const target = seatElement(event.winner)?.querySelector(".avatar")?.getBoundingClientRect();
    const { collect } = this.#speed;
    if (collect && target) {
      const [tx, ty] = center(target);
      const reduced = this.#reducedMotion.matches;
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
   * (at the start of each hand; nothing moves with reduced motion or the instant speed).
   * It starts in the next frame, before that frame is painted (no card shows in its place
   * first): the drawing of the new hand and the deal are two main-thread tasks, not one long one.
   */
  async dealHand() {
    const speed = this.#speed;
    if (this.#reducedMotion.matches || !speed.deal) return;
    await beforePaint();
    const cards = $$("#hand .card");
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
