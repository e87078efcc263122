// Loaded by the service worker (sw.js, Workbox's: tools/sw/generate.mjs `importScripts`) after
// sw-guard.js and before Workbox's own code: a first install's precache waits for the table.
//
// WebKit fires a new worker's `install` event only once the page that called register() has seen
// its promise resolve. A page that leaves in between (a navigation or a reload a moment after
// register()) never acknowledges it, and the worker stays "installing" with no install event, and
// every later register() of the game queued behind it, until that page's process ends (measured in
// WebKitGTK 2.50: still so after 85 s; going back to the page, out of the back/forward cache, lets it
// go on at once). So static/js/offline.js registers as soon as the page starts, while the person waits for
// the table, not once it is ready, when a person (or a test) goes on at once. The game's own
// download still goes first: this holds Workbox's precache on a first install until a page says its
// table is ready (message PRECACHE), so the precache then takes Pyodide and the zips from the HTTP
// cache the start filled. A page that never gets ready lets it go after HOLD_MS. An update (a worker
// is active) installs as before.
(() => {
  const HOLD_MS = 60000;
  /** @type {() => void} */
  let go = () => {};
  const ready = new Promise((/** @type {(value?: void) => void} */ resolve) => {
    go = () => resolve();
  });
  const timer = setTimeout(go, HOLD_MS);
  ready.then(() => clearTimeout(timer));
  self.addEventListener("message", (event) => {
    if (event.data?.type === "PRECACHE") go();
  });
  const add = self.addEventListener;
  /**
   * @param {string} type
   * @param {EventListenerOrEventListenerObject} listener
   * @param {boolean | AddEventListenerOptions} [options]
   */
  const gated = (type, listener, options) => {
    if (type !== "install" || typeof listener !== "function") return add.call(self, type, listener, options);
    const install = listener;
    /** @param {Event} event */
    const held = (event) => {
      const worker = /** @type {{ registration: { active: unknown } }} */ (/** @type {unknown} */ (self));
      if (worker.registration.active) return install.call(self, event);
      // Workbox calls waitUntil itself once it runs: allowed while this extension is pending.
      const extendable = /** @type {{ waitUntil(p: Promise<unknown>): void }} */ (/** @type {unknown} */ (event));
      extendable.waitUntil(ready.then(() => install.call(self, event)));
    };
    return add.call(self, type, held, options);
  };
  self.addEventListener = gated;
})();
