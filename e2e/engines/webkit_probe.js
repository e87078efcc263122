// Served to WebKit only, as the first script of the game's page (e2e/engines/webkit.py adds it to
// a copy of the build). WebKitGTK's WebDriver is classic WebDriver: no console log, no script
// that runs before the page's own; and its automation sessions are ephemeral, which print no
// console messages. So this script records what the other engines' drivers report (console
// errors, uncaught exceptions, unhandled rejections, uncaught errors of the page's workers) in
// sessionStorage, kept across reloads of the tab, where the driver reads them; and it runs the
// scripts the driver keeps there for the tab (Tab.add_init_script) before the page's own.
(() => {
  const ERRORS = "engines.errors";
  const INIT = "engines.init";
  /** @param {string} text */
  const record = (text) => {
    const list = JSON.parse(sessionStorage.getItem(ERRORS) ?? "[]");
    list.push(text);
    sessionStorage.setItem(ERRORS, JSON.stringify(list));
  };
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    record(`console: ${args.map(String).join(" ")}`);
    consoleError(...args);
  };
  addEventListener("error", (event) => record(`page error: ${event.message}`));
  addEventListener("unhandledrejection", (event) => record(`page error: unhandled rejection: ${String(event.reason)}`));
  // A page on its way out: WebKit stops the loads of a page as soon as the next navigation starts,
  // so a worker still loading (the snapshot maker, a while after the start) reports an error
  // then, which is the navigation's doing, not the game's (the other engines report none).
  let leaving = false;
  for (const type of ["beforeunload", "pagehide"]) addEventListener(type, () => (leaving = true));
  addEventListener("pageshow", () => (leaving = false));
  const PageWorker = globalThis.Worker;
  globalThis.Worker = class extends PageWorker {
    /** @param {string | URL} url @param {WorkerOptions} [options] */
    constructor(url, options) {
      super(url, options);
      this.addEventListener("error", (event) => leaving || record(`worker error: ${event.message}`));
    }
  };
  // The page's CSP allows eval ('unsafe-eval': PyScript needs it), so the kept scripts run here.
  for (const script of JSON.parse(sessionStorage.getItem(INIT) ?? "[]")) new Function(script)();
})();
