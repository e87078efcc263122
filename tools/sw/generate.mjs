// Writes DIST/sw.js: a Workbox service worker that precaches every file of the built folder.
//
//   node tools/sw/generate.mjs DIST
//
// tools/build_offline.py runs this as the build's last step (after every file exists).
// Workbox's generateSW lists the files, gives each a content-hash revision (so any changed
// file changes sw.js, which is how the browser learns of a new version), and bundles its
// runtime into sw.js itself (no CDN; its importScripts are our static/js/sw-guard.js and sw-first-install.js).
// The page (static/js/offline.js) registers it and asks the player before a new version takes over.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node tools/sw/generate.mjs DIST");
  process.exit(2);
}

// Workbox bundles sw.js from a file it writes into a folder of its own under the system's temporary
// folder and never removes (one per build and per test that makes a new version). That folder goes
// into one of ours, removed at the end: workbox-build reads TMPDIR when it loads, so it loads after.
const scratch = mkdtempSync(join(tmpdir(), "hearts-sw-"));
process.env.TMPDIR = scratch;
const { generateSW } = await import("workbox-build");

const { count, size, warnings } = await generateSW({
  globDirectory: dir,
  globPatterns: ["**/*"],
  swDest: `${dir}/sw.js`,
  // Workbox skips files over 2 MiB by default; pyodide.asm.wasm is several times larger.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // Files whose URL names their version (the pinned Pyodide's folder, the content-hashed zips)
  // never change under that URL: Workbox then fetches them without cache: "reload", so the
  // precache takes them from the HTTP cache the page's first start filled (304 at most)
  // instead of downloading the runtime a second time. Any other file keeps its md5 revision.
  dontCacheBustURLsMatching: /^(runtime\/pyodide-[^/]+\/|py\/(hearts|stdlib)-[0-9a-f]+\.zip$)/,
  cacheId: "hearts",
  // The address may carry ?setup=… or ?lang=…: the page reads them, the cache ignores them.
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
  // A new version waits until the player agrees (offline.js sends SKIP_WAITING after saving).
  skipWaiting: false,
  // The first visit's page is controlled at once, so it keeps working if the network goes.
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  inlineWorkboxRuntime: true,
  // Our own parts, run before Workbox's: a Cache Storage that stops answering does not hold the
  // game (static/js/sw-guard.js says how); a first install's precache waits for the table
  // (static/js/sw-first-install.js says why).
  importScripts: ["static/js/sw-guard.js", "static/js/sw-first-install.js"],
  mode: "production",
  sourcemap: false,
});

rmSync(scratch, { recursive: true, force: true });
for (const warning of warnings) console.error(`sw: ${warning}`);
if (warnings.length) process.exit(1);
console.log(`sw.js: ${count} files precached, ${(size / 1e6).toFixed(1)} MB`);
