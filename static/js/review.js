// The end-of-hand review: the finished hand face up, trick by trick, the passes, and for each
// of the person's decisions the strong search's choice and the expected points lost against
// it. Python computes one verdict per call in the worker (hearts/review.py), so the first
// verdicts show while the rest are computed and the page never waits. It also shows that the
// bots played fair: a bot's card opens exactly the view that bot decided from. Each call is a
// task of its own in the bridge's queue, so play goes on between two verdicts.

import { cardInText, richText } from "./cardface.js";
import { titleBar } from "./dialogs.js";
import { $, dialogOf, el, fill } from "./dom.js";
import { errorText, labelled, seatName, t } from "./i18n.js";

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./dom.js").ElOptions} ElOptions
 * @typedef {import("./protocol.js").ReviewHand} ReviewHand
 * @typedef {import("./protocol.js").ReviewDecision} ReviewDecision
 * @typedef {import("./protocol.js").ReviewVerdict} ReviewVerdict
 * @typedef {import("./protocol.js").ErrorBody} ErrorBody
 */

/** @param {string | string[]} choice */
const chosenText = (choice) => (Array.isArray(choice) ? choice.join(",") : choice);

/** @param {string} card @param {ElOptions} [extra] */
function cardChip(card, extra = {}) {
  const red = card.endsWith("H") || card.endsWith("D");
  return cardInText(card, { ...extra, class: `rc${red ? " red" : ""}` });
}

/**
 * Cards side by side; for the ear a comma between them (visually hidden: the chips are apart
 * already), else a screen reader runs their names together ("two of clubsfive of clubs").
 * @param {string[]} cards
 */
const cardList = (cards) =>
  el(
    "span",
    { class: "rc-list" },
    cards.flatMap((c, i) => (i ? [el("span", { class: "sr-only", text: ", " }), cardChip(c)] : [cardChip(c)])),
  );

/** @param {ReviewHand} replay */
function handsSection(replay) {
  return el(
    "section",
    { class: "review-hands" },
    replay.deal.map((dealt, seat) => {
      const kept = dealt.filter((c) => !replay.passes[seat].includes(c));
      const held = [...kept, ...replay.received[seat]];
      return el(
        "div",
        { class: "review-hand", data: { reviewHand: seat } },
        el("h3", { text: seatName(seat) }),
        cardList(sortCards(held)),
        replay.pass_offset
          ? el(
              "p",
              { class: "review-pass" },
              t("review.passed"),
              " ",
              cardList(replay.passes[seat]),
              " · ",
              t("review.received"),
              " ",
              cardList(replay.received[seat]),
            )
          : null,
      );
    }),
  );
}

const ORDER = "CDSH";
const RANKS = "23456789TJQKA";
const sortCards = (/** @type {string[]} */ cards) =>
  [...cards].sort((a, b) => ORDER.indexOf(a.slice(-1)) - ORDER.indexOf(b.slice(-1)) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]));

/** @param {ReviewDecision} decision @param {number} index */
function stepItem(decision, index) {
  const what =
    decision.kind === "pass"
      ? t("review.stepPass", { cards: decision.chosen })
      : t("review.stepPlay", { n: decision.trick, card: decision.chosen });
  return el(
    "li",
    { class: "review-step pending", data: { reviewStep: index, reviewCard: chosenText(decision.chosen) } },
    el("span", { class: "what" }, richText(what)),
    el("span", { class: "verdict", text: t("review.thinking") }),
  );
}

/** @param {HTMLElement} item @param {ReviewVerdict} verdict */
function showVerdict(item, verdict) {
  item.dataset.best = chosenText(verdict.best);
  item.dataset.loss = String(verdict.loss);
  item.classList.remove("pending");
  item.classList.toggle("best", verdict.loss === 0);
  item.classList.toggle("costly", verdict.loss >= 1);
  const best = Array.isArray(verdict.best) ? { cards: verdict.best } : { card: verdict.best };
  const text =
    verdict.loss === 0
      ? t("review.same")
      : t(Array.isArray(verdict.best) ? "review.betterPass" : "review.better", { ...best, loss: verdict.loss.toFixed(1) });
  fill($(".verdict", item), richText(text));
}

/** The runner of the review dialog: one review computes at a time, a newer one (or closing) stops the older. */
export class Reviews {
  #bridge;
  #running = 0; // the review being computed

  /** @param {Bridge} bridge */
  constructor(bridge) {
    this.#bridge = bridge;
  }

  /**
   * Open the review of finished hand `hand` (0-based) in the review dialog; resolves when it closes.
   * @param {number} hand @returns {Promise<unknown>}
   */
  async open(hand) {
    const dialog = dialogOf("#dlg-review");
    const token = ++this.#running;
    const answer = await this.#bridge.run((python) => python.reviewHand(hand));
    if ("error" in answer) return { error: answer.error };
    const { replay, decisions } = answer;
    const progress = el("p", {
      class: "review-progress",
      data: { reviewProgress: "0" },
      text: t("review.progress", { done: 0, n: decisions.length }),
    });
    const summary = el("p", { class: "review-summary", data: { reviewSummary: "" } });
    const items = decisions.map(stepItem);
    const saw = el(
      "div",
      // Polite: a screen reader says what the seat saw; the focus stays on the card list, for the next.
      { class: "review-saw", data: { reviewSaw: "" }, attrs: { "aria-live": "polite" } },
      el("p", { class: "muted", text: t("review.sawHelp") }),
    );
    const done = el("button", {
      class: "secondary",
      text: t("close"),
      data: { action: "close-review" },
      attrs: { type: "button" },
    });
    done.addEventListener("click", () => dialog.close());
    fill(
      dialog,
      titleBar(dialog, t("review.title", { n: hand + 1 })),
      el(
        "div",
        { class: "body", data: { review: hand } },
        summary,
        progress,
        // How far to trust a verdict, not the search's budget: "60 ms of work" told a player nothing.
        el("p", { class: "muted review-sure", text: t("review.howSure") }),
        el("ol", { class: "review-steps" }, items),
        handsSection(replay),
        tricksSection(replay, decisions, (play) => this.#showSaw(hand, play, saw)),
        el("p", { class: "review-fair", text: t("review.fair") }),
        saw,
      ),
      el("footer", {}, done),
    );
    dialog.addEventListener(
      "close",
      () => {
        if (this.#running === token) this.#running++;
      },
      { once: true },
    );
    dialog.returnValue = "";
    dialog.showModal();
    this.#computeVerdicts(token, hand, decisions, { items, progress, summary });
    return new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  }

  /**
   * @param {number} token @param {number} hand @param {ReviewDecision[]} decisions
   * @param {{items: HTMLElement[], progress: HTMLElement, summary: HTMLElement}} boxes one item per decision
   */
  async #computeVerdicts(token, hand, decisions, { items, progress, summary }) {
    /** @type {ReviewVerdict[]} */
    const verdicts = [];
    for (let step = 0; step < decisions.length; step++) {
      if (token !== this.#running) return;
      const answer = await this.#bridge.run((python) => python.reviewStep(hand, step));
      if (token !== this.#running) return;
      if ("error" in answer) {
        progress.textContent = errorText(answer.error);
        return;
      }
      verdicts.push(answer.verdict);
      showVerdict(items[step], answer.verdict);
      progress.textContent = t("review.progress", { done: step + 1, n: decisions.length });
    }
    progress.dataset.reviewProgress = "done";
    fill(summary, richText(summaryText(decisions, verdicts)));
  }

  /** @param {number} hand @param {number} play @param {HTMLElement} box */
  async #showSaw(hand, play, box) {
    const answer = await this.#bridge.run((python) => python.reviewSeat(hand, play));
    if ("error" in answer) {
      fill(box, el("p", { text: errorText(answer.error) }));
      return;
    }
    const s = answer.saw;
    /** @param {string} label @param {string[]} cards */
    const line = (label, cards) => el("p", {}, el("b", { text: labelled(label, "") }), cards.length ? cardList(cards) : "–");
    fill(
      box,
      el("h3", {}, richText(t("review.sawTitle", { seat: s.seat, card: s.card, n: s.trick_number }))),
      line(t("review.sawHand"), s.hand),
      line(t("review.sawLegal"), s.legal),
      line(
        t("review.sawTrick"),
        s.trick.map((c) => c.card),
      ),
      s.passed.length ? line(t("review.passed"), s.passed) : null,
      s.received.length ? line(t("review.received"), s.received) : null,
      el("p", { text: t("review.sawPlayed", { n: s.played.length }) }),
      el("p", { class: "muted", text: t("review.sawNothingElse") }),
    );
    // Below the list of tricks, out of sight in the dialog's scrolling body: bring it in.
    box.scrollIntoView({
      block: "nearest",
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  }
}

/**
 * @param {ReviewHand} replay @param {ReviewDecision[]} decisions
 * @param {(play: number) => void} showSaw opens what the seat of a bot's play saw
 */
function tricksSection(replay, decisions, showSaw) {
  const mine = new Set(decisions.filter((d) => d.kind === "play").map((d) => d.play));
  let index = 0;
  return el(
    "section",
    { class: "review-tricks" },
    el("h3", { text: t("review.tricks") }),
    el(
      "ol",
      {},
      replay.tricks.map((trick) =>
        el(
          "li",
          {},
          trick.cards.map((c) => {
            const play = index++;
            const chip = cardChip(c.card, { attrs: { title: seatName(c.seat) } });
            if (c.seat === trick.winner) chip.classList.add("won");
            if (mine.has(play)) return el("span", { class: "by" }, el("small", { text: seatName(c.seat) }), chip);
            const pick = el(
              "button",
              { class: "by bot", attrs: { type: "button" }, data: { reviewPlay: play } },
              el("small", { text: seatName(c.seat) }),
              chip,
            );
            pick.addEventListener("click", () => showSaw(play));
            return pick;
          }),
          el("span", { class: "taker", text: t("review.taker", { seat: trick.winner, points: trick.points }) }),
        ),
      ),
    ),
  );
}

/** @param {ReviewDecision[]} decisions @param {ReviewVerdict[]} verdicts */
function summaryText(decisions, verdicts) {
  const total = verdicts.reduce((sum, v) => sum + v.loss, 0);
  let worst = 0;
  verdicts.forEach((v, i) => {
    if (v.loss > verdicts[worst].loss) worst = i;
  });
  if (!verdicts.length || verdicts[worst].loss === 0) return t("review.summaryNone");
  const d = decisions[worst];
  const what =
    d.kind === "pass" ? t("review.stepPass", { cards: d.chosen }) : t("review.stepPlay", { n: d.trick, card: d.chosen });
  return t("review.summary", { total: total.toFixed(1), what, loss: verdicts[worst].loss.toFixed(1) });
}
