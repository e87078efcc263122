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

import { errorMessage, sleep } from "./dom.js";
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

const PYSCRIPT = "../../runtime/pyscript/core.js";
// How long an answer may take before the worker counts as hung. A budgeted search (a bot, a hint,
// a review step) takes a second or two, resuming a long match a little more, a slow phone several
// times that; a worker that ended (out of memory, closed) never answers.
const ANSWER_LIMIT_MS = 30_000;
// Restarts in a row, with no good answer between them, before the page gives up.
const MAX_RESTARTS = 2;

/**
 * One Python worker: its commands once Python is ready, and a promise that rejects when it
 * fails (its `error` event: an exception nobody caught in the worker).
 * @typedef {{ready: Promise<WorkerCommands>, failed: Promise<never>, xworker: Promise<PyWorker>}} Running
 * @typedef {import("../../runtime/pyscript/core.js").PyWorker} PyWorker
 */

/**
 * Start PyScript and resolve (to the worker's commands) once Python has run py/worker.py
 * and they are callable. PyScript is imported here, not statically: main.js draws the kept
 * table (boot/preview.js) before PyScript is evaluated and starts the worker.
 * @returns {Promise<PyWorker>}
 */
async function firstWorker() {
  const { whenDefined } = await import(PYSCRIPT);
  performance.mark("hearts:pyscript-core");
  const { xworker } = await whenDefined("py");
  performance.mark("hearts:worker-created");
  return xworker;
}

/**
 * A new worker in place of the one index.html declared: a fresh copy of its
 * `<script type="py" worker>` element, which PyScript starts as it starts the first (the same
 * config, interpreter and memory snapshot); the old worker is ended and its element removed.
 * @param {PyWorker} old @returns {Promise<PyWorker>}
 */
async function replacementWorker(old) {
  old.terminate();
  const declared = document.querySelector('script[type="py"][worker]');
  if (!(declared instanceof HTMLScriptElement)) throw new Error("no Python worker is declared");
  const script = /** @type {HTMLScriptElement & {xworker?: PyWorker}} */ (declared.cloneNode());
  declared.replaceWith(script);
  // PyScript sees the element (a MutationObserver) and attaches its worker to it.
  for (let waited = 0; !script.xworker; waited += 25) {
    if (waited > ANSWER_LIMIT_MS) throw new Error("PyScript did not start a new worker");
    await sleep(25);
  }
  return script.xworker;
}

/** @param {Promise<PyWorker>} xworker @returns {Running} */
function watched(xworker) {
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    xworker.then((w) => w.addEventListener("error", (e) => reject(new Error(e.message || "the Python worker failed"))));
  });
  failed.catch(() => {}); // looked at by each call, and by the bridge when no call is running
  const ready = xworker.then(async (w) => {
    await w.ready;
    return w.sync;
  });
  return { ready, failed, xworker };
}

/**
 * `answer`, or a rejection once the worker failed or no answer came within the limit.
 * @param {Promise<string>} answer @param {Promise<never>} failed @returns {Promise<string>}
 */
function withinLimit(answer, failed) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Python within ${ANSWER_LIMIT_MS / 1000} s`)), ANSWER_LIMIT_MS);
  });
  return /** @type {Promise<string>} */ (Promise.race([answer, failed, late])).finally(() => clearTimeout(timer));
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
    // The rest of the hand at once, when the view says the person may (can_claim).
    claim: () => send("claim"),
    /** @param {number} [seat] */
    nextHand: (seat) => send("next_hand", seat === undefined ? {} : { seat }),
    // A guest's message as it came over its data channel: Python referees it for that seat.
    guest: (/** @type {number} */ seat, /** @type {string} */ message) => send("guest", { seat, message }),
    // A guest dropped out (away: its bot plays) or is back.
    setAway: (/** @type {number} */ seat, /** @type {boolean} */ away) => send("set_away", { seat, away }),
    sameDealAgain: () => send("same_deal_again"),

    // {hint: {cards: ["QS"], reason: {code, params}}}: the choice of the strong bot (quick) or the
    // expert (the same search with more work: up to about a second) for the person.
    hint: (/** @type {import("./protocol.js").HintLevel} */ level) => send("hint", { level }),
    // {save: text}
    save: () => send("save"),
    // {save: text}: the person has read (closed) the learn tip of `kind`; until then a resumed table shows it again.
    tipRead: (/** @type {import("./protocol.js").TipKind} */ kind) => send("tip_read", { kind }),

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
    // statsLoad hands Python the stored text (null: none yet) at start-up; stats' daily streak is
    // the one as of `date` (today in UTC, YYYY-MM-DD: 0 once a day was missed).
    statsLoad: (/** @type {string | null} */ text) => send("stats_load", { text }),
    stats: (/** @type {string} */ date) => send("stats", { date }),
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
    // A new match from a shared link's code (an error, and nothing changes, for a bad one);
    // `early_end`: the table setting, as for a new match.
    openShare: (/** @type {string} */ share, /** @type {boolean} */ early_end) => send("open_share", { share, early_end }),

    // Par of finished hand `hand`: one search per call, {done, par, you, steps, of}; ask again until done.
    par: (/** @type {number} */ hand) => send("par", { hand }),
    // The daily deal of `date` (today in UTC, YYYY-MM-DD): whether it counts, its result, the streak.
    dailyInfo: (/** @type {string} */ date) => send("daily_info", { date }),
    newDaily: (/** @type {string} */ date) => send("new_daily", { date }),
    // {link: "?challenge=…", hands, players}: the hand whose result shows ("hand") or the finished hands.
    challengeLink: (/** @type {"hand" | "match"} */ scope, /** @type {string} */ name) =>
      send("challenge_link", name ? { scope, name } : { scope }),
    // A challenge link checked and shown ({challenge}), the table unchanged; then played.
    readChallenge: (/** @type {string} */ challenge) => send("read_challenge", { challenge }),
    openChallenge: (/** @type {string} */ challenge) => send("open_challenge", { challenge }),
  };
  return python;
}

/** @typedef {ReturnType<typeof commands>} Python what a task may ask Python */

/**
 * What the page does with a new worker after the last one failed (main.js: resume the autosave),
 * inside the task whose call found the failure (or a task of its own when none was running).
 * @typedef {(python: Python) => Promise<unknown>} OnRestart
 */

/** The worker, and the queue of tasks that may call it. */
export class Bridge {
  /** @type {Promise<unknown>} the last task queued (settled: the queue is free) */
  #tail = Promise.resolve();
  #python;
  /** @type {Running} */
  #worker;
  #restarts = 0;
  /** @type {OnRestart} */
  #onRestart = async () => undefined;

  constructor() {
    this.#worker = watched(firstWorker());
    /** Resolves to the first worker's commands once Python is ready; rejects when it cannot start. */
    this.ready = this.#worker.ready;
    this.#python = commands((command, payload = {}) => this.#send(command, payload));
    this.#watch(this.#worker);
  }

  /** What to do with a new worker after the last one failed (main.js: resume the autosave). @param {OnRestart} handler */
  whenRestarted(handler) {
    this.#onRestart = handler;
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
   * A worker that fails while no call is running is replaced in a task of its own.
   * @param {Running} worker
   */
  #watch(worker) {
    worker.failed.catch(() => {
      this.run(async () => {
        if (this.#worker === worker) await this.#restart(worker);
      }).catch((err) => console.error(err));
    });
  }

  /**
   * @template {keyof Commands} K
   * @param {K} command @param {Commands[K]["request"]} payload
   * @returns {Promise<Answer<K>>}
   */
  async #send(command, payload) {
    const worker = this.#worker;
    /** @type {WorkerCommands} */
    let sync;
    try {
      sync = await worker.ready;
    } catch (err) {
      return failedAnswer("worker", err); // Python never started: nothing to restart from (main.js says so)
    }
    try {
      const text = await withinLimit(sync[command](JSON.stringify(payload)), worker.failed);
      this.#restarts = 0;
      return JSON.parse(text);
    } catch (err) {
      // The worker itself failed or hung (a refused move is an answer, not this). A new one
      // resumes the table from its last autosave; the call that found the failure is lost.
      if (this.#worker === worker && !(await this.#restart(worker))) return failedAnswer("worker", err);
      return failedAnswer("restarted", err);
    }
  }

  /**
   * Replace a failed worker and hand the new one to the page (resume). False when the page gives
   * up: too many restarts in a row, or the new worker did not start.
   * @param {Running} failed @returns {Promise<boolean>}
   */
  async #restart(failed) {
    if (this.#restarts >= MAX_RESTARTS) return false;
    this.#restarts += 1;
    const worker = watched(failed.xworker.then(replacementWorker));
    this.#worker = worker;
    this.#watch(worker);
    try {
      await worker.ready;
    } catch {
      return false;
    }
    await this.#onRestart(this.#python);
    return this.#worker === worker;
  }
}

/**
 * The page's own answer when the worker failed: `worker` (it cannot go on) or `restarted` (a new
 * worker took over from the last autosave).
 * @param {"worker" | "restarted"} code @param {unknown} err @returns {ErrorAnswer}
 */
function failedAnswer(code, err) {
  return { protocol: PROTOCOL_VERSION, error: { code, message: errorMessage(err) } };
}
