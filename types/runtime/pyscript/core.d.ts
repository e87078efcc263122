// What the page uses of PyScript's core.js (copied to dist/runtime/pyscript/ by tools/build.py;
// tsconfig's rootDirs lets "../../runtime/pyscript/core.js" resolve here).
import type { Commands } from "../../../static/js/protocol.js";

/** py/worker.py exposes each command as a function of one JSON text that answers a JSON text;
 * `boot` (how the worker started: static/js/boot/interpreter.mjs) too. */
export type WorkerCommands = { [name in keyof Commands | "boot"]: (payload: string) => Promise<string> };

/** A `<script type="py" worker>`'s worker (PyScript's XWorker: a module Worker), also attached to the element as `xworker`. */
export interface PyWorker extends Worker {
  ready: Promise<void>;
  sync: WorkerCommands;
}

export function whenDefined(type: "py"): Promise<{ xworker: PyWorker }>;
