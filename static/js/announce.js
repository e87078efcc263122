// The live log: one polite `role="log"` region that tells a screen-reader user, in order,
// what happens at the table (each card played and by whom, who took the trick and its
// points, hearts broken, cards received, their turn and what they must follow, results,
// hints, refusals). It says only what changed; `readTable` (key T) reads the rest on demand.
// Everything it says comes from Python's events and view, worded by i18n.js.

import { richText } from "./cardface.js";
import { el } from "./dom.js";
import { cardName, isYou, labelled, say, seatName, spokenText, t } from "./i18n.js";
import { moonText, tiedLeadText, winnersText } from "./render.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").Event} Event
 * @typedef {import("./dom.js").Toasts} Toasts
 */

const KEEP = 60; // lines kept in the log: a few tricks and their aftermath, never the whole match

/** The live log and the toasts: what the page tells the ear and the eye. */
export class Announcer {
  #log;
  #toasts;
  /** @type {string | null} the turn already announced, so a redraw does not repeat it */
  #lastTurn = null;
  /** the hand whose number its new_hand event said: its pass need not say it again */
  #handSaid = 0;
  /** @type {Set<string>} the hands without a pass whose cards were said, per person shown (pass-and-play) */
  #handsHeard = new Set();

  /** @param {HTMLElement} log the role="log" region @param {Toasts} toasts */
  constructor(log, toasts) {
    this.#log = log;
    this.#toasts = toasts;
  }

  /** Add one line to the log (screen readers speak it; the page shows the log only to them). @param {string} text */
  announce(text) {
    if (!text) return;
    this.#log.append(el("p", { text: spokenText(text) }));
    while (this.#log.childElementCount > KEEP) this.#log.firstElementChild?.remove();
  }

  /**
   * A message for everyone: a toast for the eye, a line in the log for the ear (`spoken`: its own wording).
   * @param {string} text @param {string} [kind] @param {number} [ms] @param {string} [spoken]
   * @param {boolean} [now] shown at once (an answer the person asked for), as warnings are
   */
  notify(text, kind = "", ms = undefined, spoken = text, now = kind === "warn") {
    this.#toasts.show(richText(text), kind, ms, now);
    this.announce(spoken);
  }

  /** Take away the toast showing if it is of `kind`. @param {string} kind */
  dismiss(kind) {
    this.#toasts.dismiss(kind);
  }

  /** A toast alone (what the log says of it comes with the event). @type {Toasts["show"]} */
  toast(content, kind, ms) {
    this.#toasts.show(content, kind, ms);
  }

  /** Announce one event (animate.js calls it as each event is shown). @param {Event} event @param {TableView} view */
  event(event, view) {
    if (event.type === "new_hand") this.#handSaid = event.hand_number;
    this.announce(eventText(event, view));
  }

  /** Announce the events of one answer, in order (when they are not animated). @param {Event[]} events @param {TableView} view */
  events(events, view) {
    let rushed = false;
    for (const event of events) {
      rushed ||= startsRush(event);
      if (!rushed || saidInRush(event)) this.event(event, view);
    }
  }

  /**
   * What the person has to do now, said once per turn: pass, lead or follow.
   * @param {TableView} view @returns {boolean} whether a new turn was said
   */
  turn(view) {
    if (!view.self_to_act) {
      this.#lastTurn = null;
      return false;
    }
    const key = [view.seed, view.hand_number, view.phase, view.trick_number, view.trick.length].join(":");
    if (key === this.#lastTurn) return false;
    this.#lastTurn = key;
    this.announce(turnText(view, view.hand_number === this.#handSaid));
    return true;
  }

  /**
   * A hand without a pass (the hold hand, or no passing at all): the person's cards, said once as
   * it starts, before they have played a card (a passing hand says them with the pass to make).
   * @param {TableView} view
   */
  handWithoutPass(view) {
    if (view.result !== null || view.phase !== "play") {
      this.#handsHeard.clear(); // a guest's seed is 0 in every match: the next match's hand 1 is another
      return;
    }
    if (view.pass.name !== "none" || view.trick_number > 0 || view.trick.some((c) => c.seat === view.self)) return;
    const key = [view.seed, view.hand_number, view.self].join(":");
    if (!view.hand.length || this.#handsHeard.has(key)) return;
    this.#handsHeard.add(key);
    const numberSaid = view.hand_number === this.#handSaid;
    this.announce(
      say(numberSaid ? "log.yourPassOn" : "log.yourPass", {
        n: view.hand_number,
        pass: `${t("passShort.none")}.`,
        hand: handText(view),
      }),
    );
  }

  /**
   * Pass-and-play: the cards the shown person received with the pass, said once they reveal
   * their hand (the hand-over kept them unsaid); nothing once the first trick is over.
   * @param {TableView} view
   */
  received(view) {
    const cards = view.hand.filter((c) => c.received).map((c) => c.card);
    if (cards.length) this.announce(receivedText(cards, view));
  }

  /** Key T: the table on demand. @param {TableView} view */
  readTable(view) {
    this.announce(tableText(view));
  }

  /** Key L: the last trick, said as its overlay shows it (or that there is none yet). @param {TableView} view */
  lastTrick(view) {
    this.announce(lastTrickText(view));
  }
}

/**
 * A claim or an early end: the cards that follow it in the answer are played at once.
 * @param {Event} event
 */
export const startsRush = (event) => event.type === "claimed" || event.type === "early_end";

/**
 * Whether the log says `event` when it comes after a claim or an early end: not each card
 * and trick played at once (the log has said why they go at once, the hand's result follows).
 * @param {Event} event
 */
export const saidInRush = (event) => !["play", "trick", "hearts_broken"].includes(event.type);

const signed = (/** @type {number} */ n) => (n > 0 ? `+${n}` : String(n));

/**
 * The person's time ran out and the computer chose for them: the cards it passed (their own view
 * alone names them), or that it played (the play is said next). As the key and parameters of one text.
 * @param {import("./protocol.js").AutoEvent} event @returns {[string, Record<string, unknown>]}
 */
export const autoText = (event) => (event.cards.length ? ["autoPassed", { cards: event.cards }] : ["autoPlayed", {}]);

/** The cards the shown person received with this hand's pass, said. @param {string[]} cards @param {TableView} view */
const receivedText = (cards, view) => say("log.received", { cards, seat: view.pass.from });

/** @param {number[]} values */
function scoresText(values) {
  return values.map((score, seat) => say("log.seatScore", { seat, score: signed(score) })).join(", ");
}

/** A hand's end: what each seat scored in it and the totals. @param {number} n @param {number[]} scores @param {number[]} totals */
function handOverText(n, scores, totals) {
  return say("log.handOver", { n, scores: scoresText(scores), totals: scoresText(totals).replace(/\+/g, "") });
}

/** What one event says, or "" (`view` is the table before the events). @param {Event} event @param {TableView} view */
function eventText(event, view) {
  switch (event.type) {
    case "play":
      return isYou(event.seat)
        ? say("log.playYou", { card: event.card })
        : say("log.play", { seat: event.seat, card: event.card });
    case "trick": {
      // Q♠ taken is said in words too, as its sound marks it.
      const queen = event.cards.some((c) => c.card === "QS") ? "Queen" : "";
      const key = `log.trick${queen}${isYou(event.winner) ? "You" : ""}`;
      return say(key, { seat: event.winner, points: event.points, card: "QS" });
    }
    case "hearts_broken":
      return say("log.heartsBroken");
    case "exchange":
      return event.received.length ? receivedText(event.received, view) : "";
    case "hand_over":
      return [handOverText(view.hand_number, event.scores, event.totals), moonText(event.moon)].filter(Boolean).join(" ");
    case "match_over":
      return `${t("matchOver")}. ${winnersText(view, event.winners, event.winning_sides)}`;
    case "undo":
      return say("log.undo", { card: event.card });
    case "auto":
      return event.seat === view.self ? say(...autoText(event)) : "";
    case "new_hand":
      return say("log.newHand", { n: event.hand_number });
    case "claimed":
      return say(isYou(event.seat) ? "log.claimedYou" : "log.claimed", { seat: event.seat, n: event.tricks });
    case "early_end":
      return say("log.earlyEnd", { n: event.tricks });
    case "seat":
      return say(event.control === "away" ? "together.guestLeft" : "together.guestBack", { seat: event.seat });
    default:
      return "";
  }
}

/** The hand as spoken: its cards by suit ("two of clubs, …"). @param {TableView} view */
function handText(view) {
  return view.hand.map((c) => cardName(c.card)).join(", ");
}

/** The pass to make: how many cards, to whom. @param {TableView} view */
function passText({ pass }) {
  return t(`passTo.${pass.name}`, { n: pass.count, k: pass.offset, name: seatName(pass.to) });
}

/** @param {TableView} view @param {boolean} numberSaid the hand's number was just said ("Hand 2.") */
function turnText(view, numberSaid) {
  if (view.phase === "pass")
    return say(numberSaid ? "log.yourPassOn" : "log.yourPass", {
      n: view.hand_number,
      pass: `${passText(view)}.`,
      hand: handText(view),
    });
  const reasons = view.hand.map((c) => c.why).filter((why) => why !== null);
  const leadCard = reasons.find((r) => r.code === "must_lead_card");
  if (!view.trick.length) return leadCard ? say("log.yourLeadCard", leadCard.params) : say("log.yourLead");
  const led = view.trick[0].card.slice(-1);
  const follow = reasons.find((r) => r.code === "must_follow");
  if (follow) return say("log.yourFollow", follow.params);
  // Every card of the led suit: all may be played, so none says why another may not.
  if (view.hand.every((c) => c.card.endsWith(led))) return say("log.yourFollow", { suit: led });
  // Void in the led suit, yet some cards kept back (no points on the first trick).
  const other = reasons[0];
  if (other) return say("log.yourVoidBut", { suit: led, reason: say(`illegal.${other.code}`, other.params) });
  return say("log.yourVoid", { suit: led });
}

/**
 * The table on demand — the trick so far, whose turn, the scores, the cards left per suit.
 * @param {TableView} view
 */
function tableText(view) {
  const plays = view.trick.map((c) => say("log.playedBy", { seat: c.seat, card: c.card })).join(", ");
  const turn = view.self_to_act ? say("log.turnYou") : view.turn >= 0 ? say("log.turn", { seat: view.turn }) : "";
  // One text per suit: a language may inflect the suit by the count ("1 kier", "5 kierów").
  const counts = ["C", "D", "H", "S"].map((suit) =>
    say(`log.suitCount.${suit}`, { n: view.hand.filter((c) => c.card.endsWith(suit)).length }),
  );
  return [
    whereTheHandIs(view, plays),
    turn,
    // A hand's result says the totals already.
    view.result
      ? ""
      : say("log.scoresNow", {
          scores: view.seats.map((s) => say("log.seatScore", { seat: s.seat, score: s.total })).join(", "),
        }),
    view.phase === "play"
      ? say("log.pointsNow", {
          scores: view.seats.map((s) => say("log.seatScore", { seat: s.seat, score: s.points })).join(", "),
        })
      : "",
    view.hand.length ? say("log.handLeft", { counts: counts.join(", ") }) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The hand's last trick: each card and who played it, then who took it (the overlay's
 * caption); before the first trick is over, that there is none.
 * @param {TableView} view
 */
function lastTrickText(view) {
  const last = view.last_trick;
  if (!last) return say("log.noLastTrick");
  const plays = last.cards.map((c) => say("log.playedBy", { seat: c.seat, card: c.card })).join(", ");
  const taker = isYou(last.winner) ? t("takeTrickYou") : t("takesTrick", { name: seatName(last.winner) });
  return `${labelled(t("lastTrick"), plays)}. ${taker}.`;
}

/**
 * What the table is at: the pass to make (or awaited), the hand's result, or the trick so far.
 * @param {TableView} view @param {string} plays the trick's cards, said
 */
function whereTheHandIs(view, plays) {
  const result = view.result;
  if (result) {
    // A match that goes on past its target says why, as the result shows it.
    const tied = view.match.tied_lead.length ? tiedLeadText(view) : "";
    return [handOverText(result.hand_number, result.scores, result.totals), tied].filter(Boolean).join(" ");
  }
  // The pass text has no full stop of its own (the status line shows it as it is).
  if (view.phase === "pass") return view.pass.done ? say("passWaiting") : `${passText(view)}.`;
  return plays ? say("log.trickSoFar", { plays }) : say("log.trickEmpty");
}
