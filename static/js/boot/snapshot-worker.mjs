// A worker of its own that makes the memory snapshot (static/js/boot/snapshot.js starts it once
// the table is ready, after a start that found none): the page's Python is not held up by it.
// Answers "kept" or "failed: <why>" and is then terminated.

// interpreter.mjs reads no stored snapshot in this worker: said before that module is evaluated
// (a static import would evaluate it first).
globalThis.heartsSnapshotMaker = true;
const { makeSnapshot } = await import("./interpreter.mjs");

makeSnapshot().then(
  () => postMessage("kept"),
  (err) => postMessage(`failed: ${err?.message ?? err}`),
);
