// Plays the events of one answer (see hearts/table/session.py) before the new view is drawn:
// a card flies from its seat (or the person's hand) to the trick, a full trick stays a
// moment and then slides to whoever took it. Speed comes from the settings; with
// "prefers-reduced-motion" nothing moves, cards appear and fade.

import { announceEvent } from "./announce.js";
import { faceCard, richText } from "./cardface.js";
import { $, $$, beforePaint, sleep, toast } from "./dom.js";
import { t } from "./i18n.js";
import { showTip } from "./learn.js";
import { placeInTrick, seatElement } from "./render.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").Event} Event
 */

// Milliseconds. A bot's card takes `bot` (it "thinks") + `fly`; a finished trick stays
// `pause`, then goes in `collect`; `deal` is the stagger between two cards dealt.
// Normal is brisk (a bot card ≈ 0.35 s, the trick visible ≈ 0.8 s); calm is the old normal.
const SPEEDS = {
  slow: { fly: 420, pause: 1400, bot: 650, collect: 480, deal: 60 },
  calm: { fly: 280, pause: 1100, bot: 380, collect: 340, deal: 45 },
  normal: { fly: 170, pause: 800, bot: 180, collect: 240, deal: 30 },
  fast: { fly: 110, pause: 400, bot: 60, collect: 160, deal: 18 },
  instant: { fly: 0, pause: 0, bot: 0, collect: 0, deal: 0 },
};
let speed = SPEEDS.normal;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

export function setSpeed(name) {
  speed = SPEEDS[name] ?? SPEEDS.normal;
}

/** How long a bot seems to think before its card is asked for. */
export const botDelay = () => speed.bot;

const center = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

function matrixOf(node) {
  const transform = getComputedStyle(node).transform;
  return transform === "none" ? "" : transform;
}

async function run(node, keyframes, duration) {
  if (!duration) return;
  await node.animate(keyframes, { duration, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }).finished.catch(() => {});
}

/** @param {TableView} view */
async function flyToTrick(event, view) {
  const mine = event.seat === view.self;
  const box = $("#trick");
  if (box.querySelector(`[data-trick-card="${event.card}"]`)) return;
  const source = mine ? $(`#hand [data-card="${event.card}"]`) : seatElement(event.seat)?.querySelector(".avatar");
  const from = source?.getBoundingClientRect();
  if (mine) source?.remove();
  const node = placeInTrick(faceCard(event.card, { data: { trickCard: event.card, seat: event.seat } }), event.seat, view);
  node.style.zIndex = String(box.childElementCount + 1);
  box.append(node);
  if (!from || reducedMotion.matches || !speed.fly) return;
  const [fx, fy] = center(from);
  const [tx, ty] = center(node.getBoundingClientRect());
  const rest = matrixOf(node); // the card's place in the trick
  await run(
    node,
    [{ transform: `translate(${fx - tx}px, ${fy - ty}px) ${rest} scale(${mine ? 1 : 0.5})` }, { transform: rest }],
    speed.fly,
  );
}

async function collect(event) {
  const nodes = $$("#trick [data-trick-card]");
  // While the full trick stays on the table, the card that takes it is marked.
  nodes.find((node) => node.dataset.seat === String(event.winner))?.classList.add("winner");
  await sleep(speed.pause);
  const target = seatElement(event.winner)?.querySelector(".avatar")?.getBoundingClientRect();
  if (speed.collect && target) {
    const [tx, ty] = center(target);
    await Promise.all(
      nodes.map((node) => {
        const [fx, fy] = center(node.getBoundingClientRect());
        const rest = matrixOf(node);
        const end = reducedMotion.matches
          ? { opacity: 0 }
          : { transform: `translate(${tx - fx}px, ${ty - fy}px) ${rest} scale(0.35)`, opacity: 0.2 };
        const start = reducedMotion.matches ? { opacity: 1 } : { transform: rest, opacity: 1 };
        return node
          .animate([start, end], { duration: speed.collect, easing: "ease-in", fill: "forwards" })
          .finished.catch(() => {});
      }),
    );
  }
  for (const node of nodes) node.remove();
}

/**
 * Show what happened, in order. `view` is the state before these events.
 * @param {Event[]} events
 * @param {TableView} view
 */
export async function playEvents(events, view) {
  for (const event of events) {
    announceEvent(event, view);
    switch (event.type) {
      case "play":
        await flyToTrick(event, view);
        break;
      case "trick":
        await collect(event);
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
          toast(richText(t("log.received", { cards: event.received, seat: view.pass.from })), "gold", 3500);
        }
        break;
      case "tip":
        await showTip(event); // the game waits until the person has read it
        break;
      case "auto":
        if (event.seat === view.self) toast(t("autoPlayed"), "warn");
        break;
      case "seat":
        toast(t(event.control === "away" ? "together.guestLeft" : "together.guestBack", { seat: event.seat }), "warn", 4000);
        break;
      default:
        break;
    }
  }
}

/**
 * Deal the hand: its cards come in one after the other from the middle of the table
 * (at the start of each hand; nothing moves with reduced motion or the instant speed).
 * It starts in the next frame, before that frame is painted (no card shows in its place
 * first): the drawing of the new hand and the deal are two main-thread tasks, not one long one.
 */
export async function dealHand() {
  if (reducedMotion.matches || !speed.deal) return;
  await beforePaint();
  const cards = $$("#hand .card");
  const from = $("#center")?.getBoundingClientRect();
  if (!from || !cards.length) return;
  const [fx, fy] = center(from);
  // Every place read before the first animation starts: reads between them made one style and layout per card.
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
