// A worker of its own that makes the memory snapshot (static/js/boot/snapshot.js starts it once
// the table is ready, after a start that found none): the page's Python is not held up by it.
// Answers "kept" or "failed: <why>" and is then terminated.

import { makeSnapshot } from "./interpreter.mjs";

makeSnapshot().then(
  () => postMessage("kept"),
  (err) => postMessage(`failed: ${err?.message ?? err}`),
);
