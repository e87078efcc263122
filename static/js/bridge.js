// The only module that calls Python.
//
// Python (the `hearts` package) runs in a PyScript worker declared in index.html:
//   <script type="py" worker name="hearts" src="./py/worker.py" config="./pyscript.json">
// py/worker.py exposes every command of hearts.table.api as `xworker.sync.<command>`.
// A click becomes: input.js → main.js → one function below → sync.<command>(JSON text) in
// the worker → hearts.table.api.call(...) → a JSON text back → a plain object here.
//
// Every function returns a promise of either the command's data or a typed error
// `{error: {code, message}}`; none of them throws. Calls run one at a time, in order,
// so the page never sees answers out of order.

import { errorMessage } from "./dom.js";
import { PROTOCOL_VERSION } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").Commands} Commands
 * @typedef {import("./protocol.js").NewMatchRequest} NewMatchRequest
 */
/**
 * @template {keyof Commands} K
 * @typedef {import("./protocol.js").Answer<K>} Answer
 */

/** @type {Promise<unknown>} */
let queue = Promise.resolve();

/**
 * Resolves (to the worker's commands) once Python has run py/worker.py and they are callable.
 * PyScript is imported here, not statically: main.js then draws the kept table
 * (boot/preview.js) before PyScript's 140 kB are evaluated and start the worker.
 */
export const ready = (async () => {
  const { whenDefined } = await import("../../runtime/pyscript/core.js");
  performance.mark("hearts:pyscript-core");
  const { xworker } = await whenDefined("py");
  performance.mark("hearts:worker-created");
  await xworker.ready;
  return xworker.sync;
})();

/**
 * @template {keyof Commands} K
 * @param {K} command
 * @param {Commands[K]["request"]} [payload]
 * @returns {Promise<Answer<K>>}
 */
function send(command, payload = {}) {
  const run = async () => {
    try {
      const sync = await ready;
      return JSON.parse(await sync[command](JSON.stringify(payload)));
    } catch (err) {
      // The worker itself failed (not a refused move: Python answers those as data).
      return { protocol: PROTOCOL_VERSION, error: { code: "worker", message: errorMessage(err) } };
    }
  };
  const answer = queue.then(run);
  queue = answer;
  return answer;
}

// What the settings screen offers: presets, rule choices, defaults, bot levels.
export const rulesInfo = () => send("rules_info");
// Validate a rules object and describe it (cards each, lead card, pass cycle).
export const checkRules = (/** @type {Record<string, unknown>} */ rules) => send("check_rules", { rules });

// Each of these answers {protocol, state, events, save} (see hearts/table/protocol.py).
export const newMatch = (/** @type {NewMatchRequest} */ settings) => send("new_match", settings);
export const resume = (/** @type {string} */ save) => send("resume", { save });
export const state = () => send("state");
export const passCards = (/** @type {string[]} */ cards) => send("pass", { cards });
export const playCard = (/** @type {string} */ card) => send("play", { card });
export const advance = () => send("advance");
// `seat`: the person choosing; without it, the shown seat (pass-and-play shows the one to choose).
export const autoPlay = (seat) => send("auto_play", seat === undefined ? {} : { seat });
export const undo = () => send("undo");
export const nextHand = (seat) => send("next_hand", seat === undefined ? {} : { seat });
// A guest's message as it came over its data channel: Python referees it for that seat.
export const guest = (seat, message) => send("guest", { seat, message });
// A guest dropped out (away: its bot plays) or is back.
export const setAway = (seat, away) => send("set_away", { seat, away });
export const sameDealAgain = () => send("same_deal_again");

// {hint: {cards: ["QS"], reason: {code, params}}}: the strong bot's choice for the person.
export const hint = () => send("hint");
// {save: text}
export const save = () => send("save");

/**
 * Python's description of `rules`, or of `fallback` (the defaults) when it refuses them;
 * `refused` is the refusal then. Stored rules an older version accepted may be refused now.
 * @param {Record<string, unknown>} rules
 * @param {Record<string, unknown>} fallback
 * @returns {Promise<{checked: import("./protocol.js").CheckRulesAnswer, refused: import("./protocol.js").ErrorBody | null}>}
 */
export async function checkRulesOr(rules, fallback) {
  const answer = await checkRules(rules);
  if (!("error" in answer)) return { checked: answer, refused: null };
  const again = await checkRules(fallback);
  if ("error" in again) throw new Error(`the default rules are refused: ${again.error.message}`);
  return { checked: again, refused: answer.error };
}

// Statistics (hearts/table/stats.py): each answers {stats, stats_save}; the page stores stats_save.
// statsLoad hands Python the stored text (null: none yet) at start-up.
export const statsLoad = (/** @type {string | null} */ text) => send("stats_load", { text });
export const stats = () => send("stats");
export const statsReset = () => send("stats_reset");
// {stats_save}: statistics from an import file, checked (and migrated) without taking them.
export const statsCheck = (/** @type {string} */ text) => send("stats_check", { text });

// The review of finished hand `hand` (0-based): {hand, replay, decisions, budget_ms}; then one
// verdict per decision, {verdict: {kind, trick, chosen, best, loss}}, each a short search in the
// worker, so the page asks for them one at a time and shows each as it comes.
export const reviewHand = (hand) => send("review_hand", { hand });
export const reviewStep = (hand, step) => send("review_step", { hand, step });
// {saw}: exactly the view the seat that made play `play` decided from.
export const reviewSeat = (hand, play) => send("review_seat", { hand, play });

// {link: "?share=…", deal_number}: the hand on the table as a link relative to the page.
export const shareLink = () => send("share_link");
// A new match from a shared link's code (an error, and nothing changes, for a bad one).
export const openShare = (share) => send("open_share", { share });
