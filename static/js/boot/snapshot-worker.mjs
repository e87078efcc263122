// A worker of its own that makes the memory snapshot (static/js/boot/snapshot.js starts it once
// the table is ready, after a start that found none): the page's Python is not held up by it.
// Answers "kept" or "failed: <why>" and is then terminated.

// interpreter.mjs reads no stored snapshot in this worker: said before that module is evaluated
// (a static import would evaluate it first).
// A failed import (the page left while the maker loaded, a fetch that failed) answers "failed"
// like a failed snapshot, rather than escaping as an uncaught error of the worker.
globalThis.heartsSnapshotMaker = true;
import("./interpreter.mjs")
  .then(({ makeSnapshot }) => makeSnapshot())
  .then(
    () => postMessage("kept"),
    (err) => postMessage(`failed: ${err?.message ?? err}`),
  );
