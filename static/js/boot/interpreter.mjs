// The interpreter module PyScript loads (pyscript.json "interpreter"): Pyodide's own
// loadPyodide, wrapped so that the worker starts from a memory snapshot when it can.
//
// PyScript's worker imports this module and calls `loadPyodide({stdout, stderr, indexURL})`
// (and reads `version`); it then registers its own `pyscript` module and runs py/worker.py.
// Everything here happens inside that call, in the worker, before PyScript touches Python:
//
// - First start (or a new version of the game): boot Pyodide normally, unpack the package zip,
//   import hearts.table.api (what py/worker.py needs) and the standard modules PyScript's own
//   `pyscript` package imports (build.mjs's SNAPSHOT_IMPORTS: compiled from source otherwise,
//   Pyodide's stdlib zip holds no .pyc). Once the table is ready the page makes the snapshot in
//   a worker of its own (snapshot-worker.mjs → `makeSnapshot` below: the same boot with
//   `_makeSnapshot`, then `makeMemorySnapshot()`), kept in Cache Storage under the build's
//   SNAPSHOT_KEY (static/js/boot/build.mjs: a hash of the Pyodide files, the zip, that list and
//   this module, so an update never restores a stale heap). Made inside the first start, it
//   would slow that start down (a slower recording boot, the heap's copy and its write).
// - Later starts: restore that snapshot (`_loadSnapshot`): Python's start-up and the package's
//   imports are skipped. Only Python's heap is in a snapshot, so PyScript's package, compiled,
//   is unpacked again from the zip (only that: the heap holds every module of ours) and `random`
//   is reseeded. The zip and the snapshot's bytes are read while Pyodide downloads
//   its own files: loadPyodide awaits `_loadSnapshot` only before it instantiates the wasm.
// - ANY failure of the snapshot path (none stored, Cache Storage blocked or stuck, corrupt bytes, a
//   Pyodide that refuses it, a heap without every module of the package) falls back to the
//   normal boot.
//
// `_makeSnapshot` / `_loadSnapshot` are private Pyodide API: Pyodide is pinned (package.json)
// and the snapshot is tied to its exact build (Pyodide itself checks the build id on restore).

import * as build from "./build.mjs";

/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>} PyodideConfig */
/** @typedef {{ bytes: Promise<Uint8Array> }} StoredSnapshot the bytes of a snapshot found in the cache */

// Marks of the start-up timeline (tools/bench/start_trace.py reads them from a Chromium trace);
// also kept as ms since the worker began, for the `boot` command's "marks" (tools/bench/web_engines.py
// reads them in every engine: a worker's own performance timeline is not the page's).
/** @type {Record<string, number>} */
const marks = {};
const mark = (/** @type {string} */ name) => {
  performance.mark(`hearts:${name}`);
  marks[name] = Math.round(performance.now());
};
mark("interpreter-module");

const GAME = new URL("../../../", import.meta.url); // the game's folder (the service worker's scope)

// -- a first visit's runtime, kept for the offline copy ----------------------------------------
// On a first visit the service worker is registered once the table is ready; its precache then
// fetches every file of the game. The large versioned files (Pyodide's folder and the two zips:
// their URLs name their content) are the ones this worker has just downloaded. A profile on disk
// serves them again from its HTTP cache, but a private window's HTTP cache lives in memory and
// does not keep the 9.6 MB wasm: it would travel twice. So each of them is also put into the
// precache's own cache, under the key the precache gives a file without a revision (its URL),
// and Workbox's install takes what it finds there instead of fetching it (its PrecacheStrategy
// looks in the cache first, on install too). The name is Workbox's: cacheId "hearts"
// (tools/sw/generate.mjs), "precache-v2", the scope. A start the service worker serves finds
// them there already and writes nothing; without Cache Storage or room in it, nothing is kept
// and the precache fetches them as before.
const PRECACHE = `hearts-precache-v2-${GAME.href}`;
const VERSIONED = [build.PYODIDE_URL, build.PACKAGE_URL, build.STDLIB_URL];
const networkFetch = globalThis.fetch.bind(globalThis);

/**
 * Put `copy` (a clone of the response for `url`) into the precache's cache, unless it is there.
 * @param {string} url
 * @param {Response} copy
 */
async function keepForPrecache(url, copy) {
  try {
    const cache = await caches.open(PRECACHE);
    if (await cache.match(url)) return await copy.body?.cancel();
    await cache.put(url, copy);
  } catch {
    // no Cache Storage (blocked, private mode of some browsers) or no room: the precache fetches it
  }
}

/** Pyodide fetches its files with the global fetch: the versioned ones are kept as they arrive. */
globalThis.fetch = async (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit=} */ init) => {
  const response = await networkFetch(input, init);
  if (response.status === 200 && globalThis.caches && VERSIONED.some((prefix) => response.url.startsWith(prefix))) {
    keepForPrecache(response.url, response.clone());
  }
  return response;
};
// Imported here, not by build.mjs: the page reads build.mjs too and needs no Pyodide. Pyodide's
// glue module (which loadPyodide imports itself, later) starts loading at the same time.
import(`${build.PYODIDE_URL}pyodide.asm.mjs`).catch(() => {}); // loadPyodide reports a failure

// "hearts-" + the scope, as the precache: "Clear the offline copy" (offline.js) deletes both.
const CACHE = `hearts-snapshot-${GAME.href}`;
const SNAPSHOT_URL = (/** @type {string} */ key) => new URL(`snapshot/${key}`, GAME).href; // a cache key, never fetched
const MAGIC = 1886286592; // Pyodide's snapshot header (API.restoreSnapshot checks it too)
const IMPORTS = `import ${["hearts.table.api", ...build.SNAPSHOT_IMPORTS].join(", ")}`;
// After a restore: PyScript's package, compiled, goes where PyScript writes its sources
// (./pyscript/__pycache__/); the game's modules are not unpacked, as the heap holds them all.
// Unpacking them would be Python's zipfile code going over every file in wasm at every start.
// Answers the modules of the zip that the heap lacks (a snapshot made without them is refused).
const PACKAGE_FILE = "/tmp/hearts.zip";
const RESTORED = `import sys, zipfile
with zipfile.ZipFile("${PACKAGE_FILE}") as package:
    names = package.namelist()
    package.extractall(".", [name for name in names if name.startswith("pyscript/")])
modules = {name.split(".")[0].removesuffix("/__init__").replace("/", ".") for name in names if name.startswith("hearts/")}
", ".join(sorted(modules - sys.modules.keys()))`;
// Where every boot gets Pyodide's files, and the standard library byte-compiled at build time
// (tools/boot/stdlib.mjs: Pyodide's own zip holds sources, compiled again at every start).
const RUNTIME = { indexURL: build.PYODIDE_URL, stdLibURL: build.STDLIB_URL };

// How this worker started, for py/worker.py's `boot` command (tests, benchmarks), as JSON
// text: mode is "snapshot" (restored), "made" (booted normally, a snapshot is to be made) or
// "plain" (no snapshot possible); fallback says why a stored snapshot was not used; marks: the
// start-up marks so far, ms since the worker began. Text, not an object: in a
// `_makeSnapshot` run Pyodide wraps every object `js` hands to Python in a recording Proxy,
// which throws on a null property.
/** @type {{ mode: "snapshot" | "made" | "plain" | null, fallback: string | null }} */
const boot = { mode: null, fallback: null };
const tell = (/** @type {"snapshot" | "made" | "plain"} */ mode) => {
  boot.mode = mode;
  /** @type {{ heartsBoot?: string }} */ (globalThis).heartsBoot = JSON.stringify({ ...boot, marks });
};

// WebKit has shipped Cache Storage whose promises never settle (a stopped or stuck storage
// process: WebKit bugs 248231, 304170), and a start must not wait on it for good. Opening the
// cache and finding the snapshot take milliseconds, and reading its bytes (tens of MB) well under
// a second; the limits leave room for a slow phone or a machine under load, where a start that
// gave up on a good snapshot would only be slower. Past either limit the start boots without
// the snapshot, as after any other failure of that path: seconds lost, never the start.
const CACHE_WAIT_MS = 10_000;
const BYTES_WAIT_MS = 30_000;

class StorageStuck extends Error {}

/**
 * `promise`, or a StorageStuck rejection naming `what` once `ms` have passed without it settling.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function within(promise, ms, what) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new StorageStuck(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** @returns {Promise<Cache | null>} */
async function openCache() {
  if (!build.SNAPSHOT_KEY || !globalThis.caches) return null;
  try {
    return await within(caches.open(CACHE), CACHE_WAIT_MS, "Cache Storage");
  } catch (err) {
    // storage blocked (private mode, policy) or stuck: boot without a snapshot
    if (err instanceof StorageStuck) boot.fallback = err.message;
    return null;
  }
}

/**
 * The stored snapshot's response (its bytes not read yet), or null.
 * @param {Cache | null} cache
 */
async function storedSnapshot(cache) {
  if (!cache || !build.SNAPSHOT_KEY) return null;
  return (await within(cache.match(SNAPSHOT_URL(build.SNAPSHOT_KEY)), CACHE_WAIT_MS, "Cache Storage")) ?? null;
}

/** @param {ArrayBuffer} buffer */
function checkedSnapshot(buffer) {
  const bytes = new Uint8Array(buffer);
  const header = bytes.length >= 48 && new Uint32Array(bytes.buffer, 0, 1)[0];
  if (header !== MAGIC || bytes.length % 4) throw new Error("stored snapshot is corrupt");
  mark("snapshot-read");
  return bytes;
}

/** The package zip's bytes, downloaded once per start (started below, before Pyodide's module loads). */
function downloadPackage() {
  return fetch(build.PACKAGE_URL).then((response) => {
    if (!response.ok) throw new Error(`package zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
}

/** @param {Pyodide} pyodide */
async function unpackPackage(pyodide) {
  pyodide.unpackArchive(await packageDownload, "zip", { extractDir: "." });
  mark("package-unpacked");
}

/**
 * The stored snapshot's bytes being read (checked once read), or null when none is stored.
 * @param {Cache | null} cache
 * @returns {Promise<StoredSnapshot | null>}
 */
async function readStored(cache) {
  const response = await storedSnapshot(cache);
  if (!response) return null;
  const bytes = within(response.arrayBuffer(), BYTES_WAIT_MS, "the stored snapshot").then(checkedSnapshot);
  // loadPyodide awaits it later: until then a rejection (corrupt bytes) would count as unhandled.
  bytes.catch(() => {});
  return { bytes };
}

/** Open the cache and start reading the stored snapshot (rejections are looked at by loadPyodide). */
function startReading() {
  const cache = openCache();
  const stored = cache.then(readStored);
  stored.catch(() => {});
  return { cache, stored };
}

// In PyScript's worker the snapshot and the zip are read from here on, while Pyodide's module
// is still loading: the read does not wait for that import.
// Not in the snapshot maker (snapshot-worker.mjs says so first): it makes a new one.
const early = /** @type {{ heartsSnapshotMaker?: boolean }} */ (globalThis).heartsSnapshotMaker ? null : startReading();
const packageDownload = downloadPackage();
packageDownload.catch(() => {}); // unpackPackage reports a failure
/** @type {typeof import("pyodide")} */
const pyodideModule = await import(`${build.PYODIDE_URL}pyodide.mjs`);
export const version = pyodideModule.version;
mark("pyodide-module");

/**
 * @param {PyodideConfig} options
 * @param {StoredSnapshot} read
 */
async function restore(options, read) {
  const pyodide = await pyodideModule.loadPyodide({ ...options, _loadSnapshot: read.bytes });
  mark("snapshot-restored");
  pyodide.FS.writeFile(PACKAGE_FILE, new Uint8Array(await packageDownload));
  const missing = pyodide.runPython(RESTORED);
  if (missing) throw new Error(`snapshot lacks ${missing}`);
  mark("package-unpacked");
  // A restored heap has the random state (and the hash seed) of the run that made it.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

/**
 * Keep the snapshot for the next start; drop the snapshots of other versions.
 * @param {Cache} cache
 * @param {Uint8Array<ArrayBuffer>} snapshot
 * @param {string} key the build's SNAPSHOT_KEY
 */
async function keep(cache, snapshot, key) {
  const url = SNAPSHOT_URL(key);
  await cache.put(url, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
  for (const request of await cache.keys()) {
    if (request.url !== url) await cache.delete(request);
  }
}

/**
 * A normal boot with the package unpacked and imported (PyScript's worker, or the snapshot maker's).
 * @param {PyodideConfig} options
 */
async function bootPython(options) {
  const pyodide = await pyodideModule.loadPyodide(options);
  mark("python-booted");
  await unpackPackage(pyodide);
  pyodide.runPython(IMPORTS);
  mark("package-imported");
  return pyodide;
}

/**
 * Make the memory snapshot and keep it (snapshot-worker.mjs: a worker with no PyScript in it,
 * so the heap holds only pure-Python state). Rejects when it cannot be made or kept.
 */
export async function makeSnapshot() {
  const cache = await openCache();
  if (!cache || !build.SNAPSHOT_KEY) throw new Error("no Cache Storage");
  const pyodide = await bootPython({ ...RUNTIME, _makeSnapshot: true });
  // A copy of the heap, into an ArrayBuffer of its own
  const snapshot = /** @type {Uint8Array<ArrayBuffer>} */ (pyodide.makeMemorySnapshot());
  mark("snapshot-made");
  await keep(cache, snapshot, build.SNAPSHOT_KEY);
}

/** @param {PyodideConfig} [options] PyScript's (stdout, stderr, indexURL) */
export async function loadPyodide(options = {}) {
  const opts = { ...options, ...RUNTIME };
  const reading = early ?? startReading();
  const cache = await reading.cache;
  try {
    const stored = await reading.stored;
    if (stored) {
      const pyodide = await restore(opts, stored);
      tell("snapshot");
      return pyodide;
    }
  } catch (err) {
    boot.fallback = err instanceof Error ? err.message : String(err);
    console.warn("snapshot not used:", boot.fallback);
  }
  const pyodide = await bootPython(opts);
  tell(cache ? "made" : "plain"); // made: the page makes one once the table is ready (snapshot.js)
  return pyodide;
}
