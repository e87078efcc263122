// One tab holds the table. The same game open in two tabs (or an installed app and a tab)
// would otherwise play two copies of one match, each autosaving over the other: the later
// write wins and the other's moves are lost. A Web Lock names the holding tab. Another tab
// says so (`[data-elsewhere]`) and offers to take the table over (`[data-action="take-over"]`):
// that moves the lock to it (`steal`), and it resumes the match from the autosave the other
// tab stored last. The tab that lost the table stops playing and writing at once and says so
// in its turn, with the same offer. A tab that says so takes the table by itself once the
// holding tab has gone (closed, navigated away).
//
// The lock is released by the browser when its tab closes, crashes or navigates away. The
// holder also writes its id beside the autosave (storage.js `owner`) and checks it before
// each write: a tab that learns of a take-over a moment late cannot write over the new
// holder's first save. A browser without Web Locks plays as before, alone.

import { $, el, sleep } from "./dom.js";
import { t } from "./i18n.js";
import * as storage from "./storage.js";

// One name per origin, not per folder: every copy of the game on an origin shares one localStorage.
const LOCK = "hearts.table";
const COVERED = ["#table", "header.bar"];
// A lock gone with no other tab's id beside the autosave is asked for again this often, this far apart.
const RETAKE_TRIES = 5;
const RETAKE_WAIT_MS = 100;
// A tab that says another has the table checks this often whether that tab has gone.
const FREE_CHECK_MS = 1000;

/**
 * What the page does when this tab takes the table back from another: resume the autosave
 * (until then the game's tasks do not run here: Game.act asks `holds()`).
 * @typedef {object} TabHooks
 * @property {() => Promise<unknown>} regained
 */

/**
 * A random id for this tab. `crypto.randomUUID` exists in secure contexts only (https, localhost):
 * a page served over plain http from another host (a computer on the home network) has only
 * `getRandomValues`, and without this fallback the game never started there.
 * @returns {string}
 */
function newTabId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class TableTab {
  #id = newTabId();
  #locks = globalThis.navigator?.locks;
  #holding = !this.#locks;
  #hooks;
  // Between pagehide and a pageshow from the back/forward cache: a lock let go then is not asked for
  // again by a page on its way out (WebKit crashed or hung a reloading page whose old one did).
  #away = false;
  #goneWhileAway = false;

  /** @param {TabHooks} hooks */
  constructor(hooks) {
    this.#hooks = hooks;
    addEventListener("pagehide", () => {
      this.#away = true;
    });
    addEventListener("pageshow", (event) => {
      this.#away = false;
      if (!event.persisted || !this.#goneWhileAway) return;
      this.#goneWhileAway = false;
      this.#lost();
    });
  }

  /**
   * Whether this tab holds the table, and so may play and autosave; asked before every task
   * and every write. The owner stored beside the autosave must still be this tab: one that
   * is not learns here that it lost the table (and says so).
   */
  holds() {
    if (this.#holding && !storage.isOwner(this.#id)) this.#lose();
    return this.#holding;
  }

  /**
   * Hold the table: at once when no other tab holds it, else once the person takes it over here
   * (until then `[data-elsewhere]` says that another tab has it). A tab opened by a link that asks
   * for a table (a shared deal, a challenge, `?setup=`) takes it over at once: the person came to
   * play there, and the other tab says so.
   * @param {boolean} asked the address asks for a table
   * @returns {Promise<boolean>} whether another tab held the table until the person took it over here
   */
  async take(asked) {
    if (!this.#locks) return false;
    if (asked) {
      await this.#request({ steal: true });
      return false;
    }
    if (await this.#request({ ifAvailable: true })) return false;
    await this.#waitForTable();
    return true;
  }

  /**
   * Say that another tab has the table until this one holds it again: the person presses "Play
   * here" (the lock is taken from the other tab), or the other tab goes (closed, gone elsewhere,
   * crashed) and the lock comes free. Without the second way, a tab opened a moment before the
   * other one closed said for ever that a tab no longer there had the table. The lock is asked
   * for now and then rather than waited for: a wait left open would be granted in a page on its
   * way out (or in a frame of one), and such a page must ask for nothing (see `#lost`).
   * @returns {Promise<void>}
   */
  async #waitForTable() {
    const notice = elsewhere();
    let pressed = false;
    notice.pressed.then(() => {
      pressed = true;
    });
    while (!pressed && !this.#holding) {
      await Promise.race([notice.pressed, sleep(FREE_CHECK_MS)]);
      // Answered at once, as a rule; one asked as the page went may never be.
      if (!pressed && !this.#away) await Promise.race([this.#request({ ifAvailable: true }), sleep(FREE_CHECK_MS)]);
    }
    notice.close();
    if (!this.#holding) await this.#request({ steal: true });
  }

  /**
   * Ask for the lock; true once held (it stays held until the tab goes, or another tab steals it).
   * @param {LockOptions} options @returns {Promise<boolean>}
   */
  #request(options) {
    return new Promise((resolve) => {
      /** @type {Promise<unknown>} */
      const held = (this.#locks ?? navigator.locks).request(LOCK, options, (lock) => {
        if (!lock) return resolve(false);
        this.#holding = true;
        storage.storeOwner(this.#id);
        resolve(true);
        return new Promise(() => {}); // kept until the tab goes (or the lock is stolen)
      });
      held.catch(() => this.#lost()); // AbortError: another tab took the table over (or WebKit's cache let it go)
    });
  }

  /**
   * The lock is gone. Another tab took the table, or nobody did: WebKit lets go of a page's locks
   * as it goes into the back/forward cache, and the page back from it (the back button) would say
   * another tab has the table. A tab that takes the table writes its id as the lock comes; while
   * none has, the lock is asked for again if it is free (a page that let it go a moment ago may
   * still hold it), a few times, and the table stays here; meanwhile this tab still holds it.
   * A page on its way out asks for nothing: it asks once it is shown again from the cache.
   */
  async #lost() {
    if (this.#away) {
      this.#goneWhileAway = true; // asked for again if the page comes back (pageshow)
      return;
    }
    for (let asked = 0; asked < RETAKE_TRIES && storage.isOwner(this.#id); asked += 1) {
      if (await this.#request({ ifAvailable: true })) return;
      await sleep(RETAKE_WAIT_MS);
    }
    this.#lose();
  }

  #lose() {
    if (!this.#holding) return;
    this.#holding = false;
    for (const dialog of document.querySelectorAll("dialog[open]")) if (dialog instanceof HTMLDialogElement) dialog.close();
    this.#waitForTable().then(() => this.#hooks.regained());
  }
}

/**
 * The notice covering the table while another tab holds it.
 * @typedef {object} ElsewhereNotice
 * @property {Promise<void>} pressed resolves when the person presses "Play here"
 * @property {() => void} close takes the notice away (the table usable again); once is enough
 */

/**
 * Cover the table with the notice that another tab holds it.
 * @returns {ElsewhereNotice}
 */
function elsewhere() {
  const take = el("button", {
    class: "primary",
    text: t("elsewhere.takeOver"),
    data: { action: "take-over" },
    attrs: { type: "button" },
  });
  const heading = el("h2", { text: t("elsewhere.title"), attrs: { tabindex: -1 } });
  const panel = el(
    "section",
    { class: "join elsewhere", data: { elsewhere: "" }, attrs: { role: "alertdialog", "aria-labelledby": "elsewhere-title" } },
    el("div", { class: "join-card" }, heading, el("p", { text: t("elsewhere.text") }), take),
  );
  heading.id = "elsewhere-title";
  const covered = [$("#loading"), ...COVERED.map((selector) => $(selector))];
  const before = covered.map((node) => [node.hidden, node.inert]);
  covered[0].hidden = true; // the start's loading box would show above the notice
  for (const node of covered.slice(1)) node.inert = true;
  const close = () => {
    if (!panel.isConnected) return;
    panel.remove();
    covered.forEach((node, i) => {
      [node.hidden, node.inert] = before[i];
    });
  };
  /** @type {Promise<void>} */
  const pressed = new Promise((resolve) => take.addEventListener("click", () => resolve()));
  document.body.append(panel);
  take.focus();
  return { pressed, close };
}
