// The live log: one polite `role="log"` region that tells a screen-reader user, in order,
// what happens at the table (each card played and by whom, who took the trick and its
// points, hearts broken, cards received, their turn and what they must follow, results,
// hints, refusals). It says only what changed; `readTable` (key T) reads the rest on demand.
// Everything it says comes from Python's events and view, worded by i18n.js.

import { richText } from "./cardface.js";
import { $, el, toast } from "./dom.js";
import { cardName, say, seatName, spokenText, t } from "./i18n.js";

const KEEP = 60; // lines kept in the log: a few tricks and their aftermath, never the whole match
let lastTurn = null; // the turn already announced, so a redraw does not repeat it

/** Add one line to the log (screen readers speak it; the page shows the log only to them). */
export function announce(text) {
  if (!text) return;
  const log = $("#log");
  log.append(el("p", { text: spokenText(text) }));
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

/**
 * A message for everyone: a toast for the eye, a line in the log for the ear (`spoken`: its own wording).
 * @param {string} text @param {string} [kind] @param {number} [ms] @param {string} [spoken]
 */
export function notify(text, kind = "", ms = undefined, spoken = text) {
  toast(richText(text), kind, ms);
  announce(spoken);
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

function scoresText(values) {
  return values.map((score, seat) => say("log.seatScore", { seat, score: signed(score) })).join(", ");
}

/** What one event says, or "" (`view` is the table before the events). */
function eventText(event, view) {
  switch (event.type) {
    case "play":
      return event.seat === view.self
        ? say("log.playYou", { card: event.card })
        : say("log.play", { seat: event.seat, card: event.card });
    case "trick":
      return say(event.winner === view.self ? "log.trickYou" : "log.trick", { seat: event.winner, points: event.points });
    case "hearts_broken":
      return say("log.heartsBroken");
    case "exchange":
      return event.received.length ? say("log.received", { cards: event.received, seat: view.pass.from }) : "";
    case "hand_over":
      return say("log.handOver", {
        n: view.hand_number,
        scores: scoresText(event.scores),
        totals: scoresText(event.totals).replace(/\+/g, ""),
      });
    case "auto":
      return event.seat === view.self ? t("autoPlayed") : "";
    case "new_hand":
      return say("log.newHand", { n: event.hand_number });
    case "seat":
      return say(event.control === "away" ? "together.guestLeft" : "together.guestBack", { seat: event.seat });
    default:
      return "";
  }
}

/** Announce one event (animate.js calls it as each event is shown). */
export function announceEvent(event, view) {
  announce(eventText(event, view));
}

/** Announce the events of one answer, in order (when they are not animated). */
export function announceEvents(events, view) {
  for (const event of events) announceEvent(event, view);
}

/** The hand as spoken: its cards by suit ("two of clubs, …"). */
function handText(view) {
  return view.hand.map((c) => cardName(c.card)).join(", ");
}

/** What the person has to do now, said once per turn: pass, lead or follow. */
export function announceTurn(view) {
  if (!view.self_to_act) {
    lastTurn = null;
    return;
  }
  const key = [view.seed, view.hand_number, view.phase, view.trick_number, view.trick.length].join(":");
  if (key === lastTurn) return;
  lastTurn = key;
  announce(turnText(view));
}

function turnText(view) {
  if (view.phase === "pass") {
    const pass = t(`passTo.${view.pass.name}`, { n: view.pass.count, k: view.pass.offset, name: seatName(view.pass.to) });
    return say("log.yourPass", { n: view.hand_number, pass: `${pass}.`, hand: handText(view) });
  }
  const reasons = view.hand.map((c) => c.why).filter(Boolean);
  const leadCard = reasons.find((r) => r.code === "must_lead_card");
  if (!view.trick.length) return leadCard ? say("log.yourLeadCard", leadCard.params) : say("log.yourLead");
  const follow = reasons.find((r) => r.code === "must_follow");
  if (follow) return say("log.yourFollow", follow.params);
  return say("log.yourVoid", { suit: view.trick[0].card.slice(-1) });
}

/** Key T: the table on demand — the trick so far, whose turn, the scores, the cards left per suit. */
export function readTable(view) {
  const plays = view.trick.map((c) => say("log.playedBy", { seat: c.seat, card: c.card })).join(", ");
  const turn = view.self_to_act ? say("log.turnYou") : view.turn >= 0 ? say("log.turn", { seat: view.turn }) : "";
  const counts = ["C", "D", "H", "S"].map((suit) =>
    say("log.suitCount", {
      n: view.hand.filter((c) => c.card.endsWith(suit)).length,
      suit,
    }),
  );
  announce(
    [
      plays ? say("log.trickSoFar", { plays }) : say("log.trickEmpty"),
      turn,
      say("log.scoresNow", { scores: view.seats.map((s) => say("log.seatScore", { seat: s.seat, score: s.total })).join(", ") }),
      view.phase === "play"
        ? say("log.pointsNow", {
            scores: view.seats.map((s) => say("log.seatScore", { seat: s.seat, score: s.points })).join(", "),
          })
        : "",
      say("log.handLeft", { counts: counts.join(", ") }),
    ]
      .filter(Boolean)
      .join(" "),
  );
}
