// After a start without a stored memory snapshot (the first, or the first after an update, or a
// fallback), make one for the next start: in a worker of its own (snapshot-worker.mjs), once the
// table is ready and the page idle, so that neither this start nor the person waits for it.
// Its boot runs beside the page's Python for a few seconds, once per version of the game.

/** @returns {Promise<unknown>} */
const idle = () =>
  new Promise((resolve) => {
    if ("requestIdleCallback" in globalThis) requestIdleCallback(resolve, { timeout: 2000 });
    else setTimeout(resolve, 500);
  });

/**
 * Once the service worker controls the page (a first visit registers it when the table is ready):
 * the maker, a worker of this page, then loads this very version's files from its cache, also
 * offline. Without one after 30 s (no service worker here) the maker loads from the network.
 */
/** @returns {Promise<unknown>} */
const controlled = () =>
  new Promise((resolve) => {
    const sw = navigator.serviceWorker;
    if (!sw || sw.controller) return resolve(undefined);
    sw.addEventListener("controllerchange", () => resolve(undefined), { once: true });
    setTimeout(resolve, 30_000);
  });

/**
 * Call once the table is ready (main.js).
 * @param {{boot: (payload: string) => Promise<string>}} sync the worker's commands (py/worker.py)
 */
export async function makeSnapshotLater(sync) {
  const { mode } = JSON.parse(await sync.boot("{}"));
  if (mode !== "made") return; // restored one, or no Cache Storage
  await controlled();
  await idle();
  const maker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  maker.onmessage = ({ data }) => {
    maker.terminate();
    if (data !== "kept") console.warn("snapshot not kept:", data);
  };
  maker.onerror = (event) => {
    maker.terminate();
    console.warn("snapshot not made:", event.message);
  };
}
