// Loaded by the service worker (sw.js, Workbox's: tools/sw/generate.mjs `importScripts`) before
// its own code: a Cache Storage that stops answering must not hold the game.
//
// Workbox answers every file of the game from its precache: `caches.match`, then the network only
// on a miss. Cache Storage has been seen stuck in WebKit's workers (promises that never settle);
// in the service worker that holds every request of the page, the page itself first: Chromium
// waits for ever, Firefox and WebKit give up on the worker after a minute or more. So a lookup
// that has not answered within LOOKUP_WAIT_MS also asks the network, and the first of the two to
// give a usable response wins. A healthy lookup takes milliseconds; the wait is long so that a
// slow disk seldom sends a lookup to the network (where a newer version of the game may be). Offline
// the network fails at once and the lookup is waited for as before: a cache that is slow, not
// stuck, still starts the game with no network. Once a lookup was late the next ones ask both at
// once, until one answers in time again: a stuck cache costs one wait, not one per file.
// The install's lookups are left alone (a response the network gave there would count as
// precached and never be stored): an install held by a stuck cache only keeps the old version.
(() => {
  const LOOKUP_WAIT_MS = 5000;
  const lookup = CacheStorage.prototype.match;
  let installing = false;
  let late = false;
  self.addEventListener("install", () => {
    installing = true;
  });
  self.addEventListener("activate", () => {
    installing = false;
  });

  /**
   * @this {CacheStorage}
   * @param {RequestInfo | URL} key
   * @param {MultiCacheQueryOptions} [options]
   * @returns {Promise<Response | undefined>}
   */
  CacheStorage.prototype.match = function (key, options) {
    const cached = lookup.call(this, key, options);
    if (installing) return cached;
    return new Promise((resolve) => {
      const began = Date.now();
      const network = new AbortController();
      let settled = false;
      /** @param {Response | undefined} response @returns {boolean} whether it is the answer */
      const settle = (response) => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        resolve(response);
        return true;
      };
      // A lookup that fails counts as a miss: Workbox then fetches the file itself.
      cached
        .catch((err) => console.warn("service worker: Cache Storage failed:", err))
        .then((response) => {
          late = Date.now() - began > LOOKUP_WAIT_MS;
          if (settle(response || undefined)) network.abort(); // the network's download, if asked, is not needed
        });
      // Workbox's keys may carry `?__WB_REVISION__=`: servers ignore it. A failed or refused fetch
      // (offline, a 404) leaves the answer to the cache.
      const timer = setTimeout(
        () => {
          if (!late) console.warn("service worker: Cache Storage did not answer; asking the network too");
          late = true;
          fetch(key, { signal: network.signal }).then(
            (response) => response.ok && settle(response),
            () => {},
          );
        },
        late ? 0 : LOOKUP_WAIT_MS,
      );
    });
  };
})();
