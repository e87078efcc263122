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

import { whenDefined } from "../../runtime/pyscript/core.js";

let sync = null;
let queue = Promise.resolve();

/** Resolves once Python has run py/worker.py and the commands are callable. */
export const ready = (async () => {
  const { xworker } = await whenDefined("py");
  await xworker.ready;
  sync = xworker.sync;
})();

function send(command, payload = {}) {
  const run = async () => {
    try {
      await ready;
      return JSON.parse(await sync[command](JSON.stringify(payload)));
    } catch (err) {
      // The worker itself failed (not a refused move: Python answers those as data).
      return { error: { code: "worker", message: String(err?.message ?? err) } };
    }
  };
  const answer = queue.then(run);
  queue = answer;
  return answer;
}

// What the settings screen offers: presets, rule choices, defaults, bot levels.
export const rulesInfo = () => send("rules_info");
// Validate a rules object and describe it (cards each, lead card, pass cycle).
export const checkRules = (rules) => send("check_rules", { rules });

// Each of these answers {protocol, state, events, save} (see hearts/table/protocol.py).
export const newMatch = (settings) => send("new_match", settings);
export const resume = (save) => send("resume", { save });
export const state = () => send("state");
export const passCards = (cards) => send("pass", { cards });
export const playCard = (card) => send("play", { card });
export const advance = () => send("advance");
export const autoPlay = () => send("auto_play");
export const undo = () => send("undo");
export const nextHand = () => send("next_hand");
export const sameDealAgain = () => send("same_deal_again");

// {hint: {cards: ["QS"], reason: {code, params}}}: the strong bot's choice for the person.
export const hint = () => send("hint");
// {save: text}
export const save = () => send("save");
