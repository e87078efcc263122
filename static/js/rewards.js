// The rewards on the page (docs/rewards.md): the daily deal's day, par beside a hand's result,
// a challenge's comparison, achievements announced. Python computes all of it
// (hearts/table/daily.py, par.py, challenge.py, achievements.py); this module words and draws.
// The challenge dialogs are challenge.js.

import { el, hiddenHeading } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./announce.js").Announcer} Announcer
 * @typedef {import("./protocol.js").Achievement} Achievement
 * @typedef {import("./protocol.js").ChallengeView} ChallengeView
 * @typedef {import("./protocol.js").TableView} TableView
 */

/** Today in UTC, YYYY-MM-DD: the day the daily deal is of (Python never reads the clock). */
export function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

/** An achievement's name in the table's language. @param {string} id */
export function achievementName(id) {
  return t(`rw.ach.${id}.name`);
}

/** Say each achievement a change earned: a toast and a line in the live log. @param {Achievement[]} earned @param {Announcer} announcer */
export function announceAchievements(earned, announcer) {
  for (const a of earned) announcer.notify(t("rw.earned", { name: achievementName(a.id) }), "gold", 5000);
}

/**
 * The par line of a hand's result: the strong bot's score in the person's seat, or "thinking"
 * until Python has it (`[data-par]`: its figure, empty meanwhile).
 * @param {TableView} view
 */
export function parLine(view) {
  const result = view.result;
  if (!result || view.persons.length !== 1) return null;
  const par = view.history[result.hand_number - 1]?.par ?? null;
  return el("p", {
    class: "par-line",
    text: par === null ? t("rw.parPending") : t("rw.par", { points: par }),
    data: { par: par === null ? "" : String(par) },
  });
}

/** The score of one column of the comparison, "–" before it is played. @param {number | null} score */
const shown = (score) => (score === null ? t("rw.challengeNotYet") : String(score));

/**
 * Both (or all) results of a challenge side by side, hand by hand (`[data-challenge-result]`
 * on each row, the best marked): who took fewer points on the same cards.
 * @param {ChallengeView} challenge @param {Set<number>} [own] the columns of results made in this browser
 */
export function challengeTable(challenge, own = new Set()) {
  // Results made in this browser are the person's own, unless the person is playing it again now.
  const mine = (/** @type {number} */ column) => own.has(column) && !challenge.playing;
  const names = challenge.names.map((name, column) => (mine(column) ? t("rw.challengeYou") : name || t("rw.aFriend")));
  if (challenge.playing) names.push(t("rw.challengeYou"));
  /** @param {(number | null)[]} scores @param {number[]} best */
  const cells = (scores, best) => scores.map((s, i) => el("td", { text: shown(s), class: best.includes(i) ? "best" : "" }));
  return el(
    "table",
    { class: "scores-table challenge-table" },
    el("caption", { text: t("rw.challengeBoth") }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        hiddenHeading(t("hand")),
        names.map((name) => el("th", { text: name })),
      ),
    ),
    el(
      "tbody",
      {},
      challenge.rows.map((row) =>
        el(
          "tr",
          { data: { challengeResult: String(row.hand) } },
          el("td", { text: t("rw.challengeHand", { n: row.hand }) }),
          cells(row.scores, row.best),
        ),
      ),
      el("tr", { class: "total" }, el("td", { text: t("rw.challengeTotal") }), cells(challenge.totals, challenge.best)),
    ),
  );
}
