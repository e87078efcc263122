// The only module that calls Python, and the one queue between the page and Python.
//
// Python (the `hearts` package) runs in a PyScript worker declared in index.html:
//   <script type="py" worker name="hearts" src="./py/worker.py" config="./pyscript.json">
// py/worker.py exposes every command of hearts.table.api as `xworker.sync.<command>`.
// A click becomes: input.js → main.js → `bridge.run(task)` → the task calls one of the
// commands below → sync.<command>(JSON text) in the worker → hearts.table.api.call(...) →
// a JSON text back → a plain object here.
//
// Every command returns a promise of either the command's data or a typed error
// `{error: {code, message}}`; none of them throws. The commands are reached only through
// `run`: tasks run one at a time, in the order they were queued, each to its end (a task
// that changes the table also draws the answer), so Python sees calls in the page's order
// and the page never applies answers out of order. A task that only asks (statistics, a
// review step, the share link) is a task of its own: a long review is many short tasks,
// and a card played meanwhile takes its turn between two of them.

import { errorMessage } from "./dom.js";
import { PROTOCOL_VERSION } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").Commands} Commands
 * @typedef {import("./protocol.js").NewMatchRequest} NewMatchRequest
 * @typedef {import("./protocol.js").CheckRulesAnswer} CheckRulesAnswer
 * @typedef {import("./protocol.js").ErrorBody} ErrorBody
 * @typedef {import("./protocol.js").ErrorAnswer} ErrorAnswer
 */
/**
 * @template {keyof Commands} K
 * @typedef {import("./protocol.js").Answer<K>} Answer
 */
/** @typedef {import("../../runtime/pyscript/core.js").WorkerCommands} WorkerCommands */

/**
 * Start PyScript and resolve (to the worker's commands) once Python has run py/worker.py
 * and they are callable. PyScript is imported here, not statically: main.js draws the kept
 * table (boot/preview.js) before PyScript is evaluated and starts the worker.
 * @returns {Promise<WorkerCommands>}
 */
async function startWorker() {
  const { whenDefined } = await import("../../runtime/pyscript/core.js");
  performance.mark("hearts:pyscript-core");
  const { xworker } = await whenDefined("py");
  performance.mark("hearts:worker-created");
  await xworker.ready;
  return xworker.sync;
}

/**
 * The commands of hearts.table.api as functions, over `send`.
 * @param {<K extends keyof Commands>(command: K, payload?: Commands[K]["request"]) => Promise<Answer<K>>} send
 */
function commands(send) {
  const python = {
    // What the settings screen offers: presets, rule choices, defaults, bot levels.
    rulesInfo: () => send("rules_info"),
    // Validate a rules object and describe it (cards each, lead card, pass cycle).
    checkRules: (/** @type {Record<string, unknown>} */ rules) => send("check_rules", { rules }),

    // Each of these answers {protocol, state, events, save} (see hearts/table/protocol.py).
    newMatch: (/** @type {NewMatchRequest} */ settings) => send("new_match", settings),
    resume: (/** @type {string} */ save) => send("resume", { save }),
    state: () => send("state"),
    passCards: (/** @type {string[]} */ cards) => send("pass", { cards }),
    playCard: (/** @type {string} */ card) => send("play", { card }),
    advance: () => send("advance"),
    // `seat`: the person choosing; without it, the shown seat (pass-and-play shows the one to choose).
    /** @param {number} [seat] */
    autoPlay: (seat) => send("auto_play", seat === undefined ? {} : { seat }),
    undo: () => send("undo"),
    /** @param {number} [seat] */
    nextHand: (seat) => send("next_hand", seat === undefined ? {} : { seat }),
    // A guest's message as it came over its data channel: Python referees it for that seat.
    guest: (/** @type {number} */ seat, /** @type {string} */ message) => send("guest", { seat, message }),
    // A guest dropped out (away: its bot plays) or is back.
    setAway: (/** @type {number} */ seat, /** @type {boolean} */ away) => send("set_away", { seat, away }),
    sameDealAgain: () => send("same_deal_again"),

    // {hint: {cards: ["QS"], reason: {code, params}}}: the strong bot's choice for the person.
    hint: () => send("hint"),
    // {save: text}
    save: () => send("save"),

    /**
     * Python's description of `rules`, or of `fallback` (the defaults) when it refuses them;
     * `refused` is the refusal then. Stored rules an older version accepted may be refused now.
     * @param {Record<string, unknown>} rules @param {Record<string, unknown>} fallback
     * @returns {Promise<{checked: CheckRulesAnswer, refused: ErrorBody | null}>}
     */
    async checkRulesOr(rules, fallback) {
      const answer = await python.checkRules(rules);
      if (!("error" in answer)) return { checked: answer, refused: null };
      const again = await python.checkRules(fallback);
      if ("error" in again) throw new Error(`the default rules are refused: ${again.error.message}`);
      return { checked: again, refused: answer.error };
    },

    // Statistics (hearts/table/stats.py): each answers {stats, stats_save}; the page stores stats_save.
    // statsLoad hands Python the stored text (null: none yet) at start-up.
    statsLoad: (/** @type {string | null} */ text) => send("stats_load", { text }),
    stats: () => send("stats"),
    statsReset: () => send("stats_reset"),
    // {stats_save}: statistics from an import file, checked (and migrated) without taking them.
    statsCheck: (/** @type {string} */ text) => send("stats_check", { text }),

    // The review of finished hand `hand` (0-based): {hand, replay, decisions, budget_ms}; then one
    // verdict per decision, {verdict: {kind, trick, chosen, best, loss}}, each a short search in the
    // worker, so the page asks for them one at a time and shows each as it comes.
    reviewHand: (/** @type {number} */ hand) => send("review_hand", { hand }),
    reviewStep: (/** @type {number} */ hand, /** @type {number} */ step) => send("review_step", { hand, step }),
    // {saw}: exactly the view the seat that made play `play` decided from.
    reviewSeat: (/** @type {number} */ hand, /** @type {number} */ play) => send("review_seat", { hand, play }),

    // {link: "?share=…", deal_number}: the hand on the table as a link relative to the page.
    shareLink: () => send("share_link"),
    // A new match from a shared link's code (an error, and nothing changes, for a bad one).
    openShare: (/** @type {string} */ share) => send("open_share", { share }),
  };
  return python;
}

/** @typedef {ReturnType<typeof commands>} Python what a task may ask Python */

/** The worker, and the queue of tasks that may call it. */
export class Bridge {
  /** @type {Promise<unknown>} the last task queued (settled: the queue is free) */
  #tail = Promise.resolve();
  #python;

  constructor() {
    /** Resolves to the worker's commands once Python is ready; rejects when it cannot start. */
    this.ready = startWorker();
    this.#python = commands((command, payload = {}) => this.#send(command, payload));
  }

  /**
   * Run `task` with Python's commands once every task queued before it has finished. The
   * promise is the task's result (it rejects when the task throws; the queue goes on). A
   * task calls the commands it is given and never waits for another task: that one would
   * wait for it.
   * @template T
   * @param {(python: Python) => Promise<T> | T} task
   * @returns {Promise<T>}
   */
  run(task) {
    const result = this.#tail.then(() => task(this.#python));
    this.#tail = result.catch(() => {});
    return result;
  }

  /**
   * @template {keyof Commands} K
   * @param {K} command @param {Commands[K]["request"]} payload
   * @returns {Promise<Answer<K>>}
   */
  async #send(command, payload) {
    try {
      const sync = await this.ready;
      return JSON.parse(await sync[command](JSON.stringify(payload)));
    } catch (err) {
      // The worker itself failed (not a refused move: Python answers those as data).
      /** @type {ErrorAnswer} */
      const failed = { protocol: PROTOCOL_VERSION, error: { code: "worker", message: errorMessage(err) } };
      return failed;
    }
  }
}
