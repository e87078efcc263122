// Offline play, installation and updates.
//
// - Registers sw.js, the service worker Workbox generates at build time (tools/sw/generate.mjs),
//   with Workbox's page module. It precaches the whole game and answers from its cache, so after
//   one visit the game starts with no network at all.
// - A new version (any changed file changes sw.js) installs in the background and then waits.
//   The page shows a banner; only on the player's word does it save the running match, let the
//   new worker take over (SKIP_WAITING) and reload. Nothing reloads by itself.
// - Points <link rel="manifest"> at the manifest of the table's language.
// - Asks for persistent storage without nagging (see askPersistence).
// - clearOfflineCopy(): the way out of a broken cache (Settings → "Clear the offline copy").
//
// Both pages start one `Offline` (main.js, net/guest.js): the game's page hands it the way to
// save the running match; a guest's page has nothing to save (the host's Python keeps the match).

import { Workbox } from "../../runtime/workbox/workbox-window.prod.mjs";
import { el, errorMessage } from "./dom.js";
import { LANGS, t } from "./i18n.js";

const GAME = new URL("../../", import.meta.url); // the game's folder: the worker's scope
const SW_URL = new URL("sw.js", GAME);
const CACHE_PREFIX = "hearts-"; // cacheId in tools/sw/generate.mjs; Workbox appends the scope
const ASKED_PERSIST = "hearts.persistAsked.v1";

const isReady = () => document.body.dataset.ready === "1";

/** Resolves once the table shows a match (main.js and net/guest.js set body[data-ready]). */
function whenReady() {
  return new Promise((/** @type {(value?: void) => void} */ resolve) => {
    if (isReady()) return resolve();
    const observer = new MutationObserver(() => {
      if (!isReady()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  });
}

/** True where a service worker can work (http(s) on a secure origin; not file://). */
export const offlineCapable = () => "serviceWorker" in navigator && window.isSecureContext;

/** The service worker, the update banner and the offline copy of one page. */
export class Offline {
  #save;
  #accepted = false; // the player said "reload": the next controller change reloads

  /** @param {() => Promise<void>} save stores the running match now (nothing to do on a guest's page) */
  constructor(save) {
    this.#save = save;
  }

  start() {
    followLanguage();
    if (offlineCapable()) this.#register();
    whenReady().then(askPersistence);
  }

  /** Store the running match now, once the table shows one (the last autosave stands before). */
  async saveNow() {
    if (isReady()) await this.#save();
  }

  /**
   * The way out of a broken offline copy: save the match, drop this game's service worker and
   * caches (never localStorage, never another app's caches on the same site) and reload from
   * the network. Answers "offline" and changes nothing when the network cannot be reached.
   */
  async clearOfflineCopy() {
    try {
      const probe = await fetch(SW_URL, { cache: "no-store" }); // sw.js is never precached
      await probe.arrayBuffer(); // read to the end: a reload must not cut it off
      if (!probe.ok) return "offline";
    } catch {
      return "offline";
    }
    await this.saveNow();
    const registration = await navigator.serviceWorker?.getRegistration(GAME.href);
    await registration?.unregister();
    for (const name of (await globalThis.caches?.keys()) ?? []) {
      if (name.startsWith(CACHE_PREFIX) && name.endsWith(GAME.href)) await caches.delete(name);
    }
    location.reload();
    return "cleared";
  }

  async #register() {
    let controller = navigator.serviceWorker.controller;
    const first = !controller;
    // Registered at once, also on a first visit: WebKit starts a new worker's install only once this
    // page has seen register() resolve, and never if the page leaves before (static/js/sw-first-install.js).
    // The game's own downloads still go first: a first install's precache waits until this page
    // says the table is ready, and then takes the big versioned files (Pyodide's folder, the package
    // zip) from the HTTP cache those downloads filled (tools/sw/generate.mjs): the runtime travels once.
    const wb = new Workbox(SW_URL.href);
    // Only a page an older version controls has a new one waiting. A page opened while the first
    // visit's worker still installs sees it installed for a moment before it activates (nothing was
    // active): Workbox calls that "waiting" too (Firefox, most times).
    wb.addEventListener("waiting", () => {
      if (navigator.serviceWorker.controller) this.#showUpdate();
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (this.#accepted) location.reload();
      else if (controller) this.#showUpdate(); // not the first install: another tab let a new version in
      controller = navigator.serviceWorker.controller;
    });
    let registration;
    try {
      registration = await wb.register({ immediate: first }); // a later visit: once the page has loaded, as before
    } catch (err) {
      // No network for the update check, or storage blocked: the game plays on as it is.
      console.warn("service worker:", errorMessage(err));
      return;
    }
    if (!first) return;
    await whenReady();
    registration?.installing?.postMessage({ type: "PRECACHE" });
  }

  /** The "new version" banner. */
  #showUpdate() {
    if (document.getElementById("update-banner")) return;
    const later = button(t("data.updateLater"), "secondary", "update-later", () => banner.remove());
    const reload = button(t("data.updateReload"), "primary", "update-reload", async () => {
      reload.disabled = later.disabled = true;
      await this.saveNow();
      const registration = await navigator.serviceWorker.getRegistration(GAME.href);
      if (registration?.waiting) {
        this.#accepted = true;
        registration.waiting.postMessage({ type: "SKIP_WAITING" });
      } else {
        location.reload(); // the new worker took over already (another tab agreed)
      }
    });
    const banner = el(
      "div",
      { class: "update-banner", attrs: { id: "update-banner", role: "alert" } },
      el("span", { text: t("data.updateReady") }),
      later,
      reload,
    );
    document.body.append(banner);
  }
}

/**
 * @param {string} text @param {string} cls @param {string} action @param {() => void} onClick
 * @returns {HTMLButtonElement}
 */
function button(text, cls, action, onClick) {
  const node = el("button", { class: cls, text, attrs: { type: "button" }, data: { action } });
  node.addEventListener("click", onClick);
  return node;
}

/** <link rel="manifest"> follows <html lang>, which i18n.js sets for the table's language. */
function followLanguage() {
  const link = document.querySelector('link[rel="manifest"]');
  if (!link) return;
  const update = () => {
    const lang = LANGS.includes(document.documentElement.lang) ? document.documentElement.lang : "en";
    const href = `manifest.${lang}.webmanifest`;
    if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  };
  update();
  new MutationObserver(update).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
}

/**
 * Ask the browser to keep the game's storage (saves, offline copy) under storage pressure.
 * Chromium and Safari decide silently; Firefox asks the person, so a browser tab asks only
 * once; an installed app asks at each start until granted (installing is what Chromium rewards).
 */
async function askPersistence() {
  const api = navigator.storage;
  if (!api?.persist || !api.persisted) return;
  try {
    if (await api.persisted()) return;
    const installed = matchMedia("(display-mode: standalone)").matches;
    if (!installed && localStorage.getItem(ASKED_PERSIST)) return;
    localStorage.setItem(ASKED_PERSIST, new Date().toISOString());
    await api.persist();
  } catch {
    // storage blocked (private mode, policies): there is nothing to keep
  }
}
