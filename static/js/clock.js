// The think-time clock: while the person shown has a choice to make (each person has their own), a bar counts the chosen
// seconds down; then a 10 s grace period, then `onTimeout` (the computer plays for them).
// The clock only measures time; whether the person has a choice comes from Python.
// It stands still while a dialog or a learn tip is open (hold), and while the page is hidden at a
// table of this device's persons alone (another app in front: with guests it runs, so that the
// table goes on for them). A screen-reader user cannot see the bar:
// the live log warns once per turn when little time is left (and says how to switch it off).

import { $ } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./announce.js").Announcer} Announcer
 */

const GRACE_S = 10;

export class Clock {
  #box;
  #announcer;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  #timer = undefined;
  /** @type {string | null} which turn the clock is counting */
  #turnKey = null;
  #deadline = 0; // performance.now() when the chosen time is up
  #total = 0;
  /** @type {(() => void) | null} */
  #onTimeout = null;
  #holds = 0; // how many reasons hold the clock now (an open dialog, a tip, the page hidden)
  #heldAt = 0;
  #warned = false; // this turn's warning has been said
  #alone = true; // no guest at the table: only persons at this device wait for this one
  /** @type {(() => void) | null} */
  #releaseHidden = null;

  /** @param {HTMLElement} box the #clock bar @param {Announcer} announcer */
  constructor(box, announcer) {
    this.#box = box;
    this.#announcer = announcer;
    document.addEventListener("visibilitychange", () => this.#onVisibility());
  }

  get #holding() {
    return this.#holds > 0;
  }

  /**
   * Stop the time until the returned function is called (a dialog, a tip); holds may overlap.
   * @returns {() => void} lets the time run on (once; later calls do nothing)
   */
  hold() {
    if (this.#holds++ === 0) {
      this.#heldAt = performance.now();
      if (this.#turnKey) this.#run();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.#holds > 0) return;
      this.#deadline += performance.now() - this.#heldAt;
      if (this.#turnKey) this.#run();
    };
  }

  /** Held while the page is hidden at a table of this device alone (also when a guest joins meanwhile: let go). */
  #onVisibility() {
    if (document.hidden && this.#alone) this.#releaseHidden ??= this.hold();
    else if (this.#releaseHidden) {
      this.#releaseHidden();
      this.#releaseHidden = null;
    }
  }

  /**
   * Keep the clock in step with the view: it runs from the start of each of the person's
   * turns (a new hand, trick or trick position is a new turn) and stops when the turn ends.
   * @param {TableView} view @param {number} seconds 0: no clock @param {() => void} timeout
   */
  sync(view, seconds, timeout) {
    this.#onTimeout = timeout;
    this.#alone = view.persons.every((seat) => view.local.includes(seat));
    this.#onVisibility();
    if (!view.self_to_act || !seconds) return this.#stop();
    const key = [view.seed, view.hand_number, view.self, view.phase, view.trick_number, view.trick.length].join(":");
    if (key === this.#turnKey && this.#total === seconds) return;
    this.#turnKey = key;
    this.#total = seconds;
    this.#warned = false;
    this.#deadline = (this.#holding ? this.#heldAt : performance.now()) + seconds * 1000;
    this.#box.hidden = false;
    this.#tick();
    this.#run();
  }

  #stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#turnKey = null;
    this.#box.hidden = true;
  }

  #run() {
    clearInterval(this.#timer);
    this.#timer = this.#holding ? undefined : setInterval(() => this.#tick(), 250);
  }

  #tick() {
    const box = this.#box;
    const left = ((this.#holding ? this.#heldAt : performance.now()) - this.#deadline) / -1000;
    const grace = left <= 0;
    const shown = grace ? Math.max(0, GRACE_S + left) : left;
    box.classList.toggle("grace", grace);
    const low = !grace && left < Math.min(10, this.#total / 3);
    box.classList.toggle("low", low);
    if ((low || grace) && !this.#warned) {
      this.#warned = true;
      this.#announcer.announce(t("log.clockWarn", { s: Math.ceil(GRACE_S + left) })); // the time until the computer plays
    }
    box.style.setProperty("--left", String(grace ? shown / GRACE_S : left / this.#total));
    $(".clock-text", box).textContent = t(grace ? "clockGrace" : "clockLeft", { s: Math.ceil(shown) });
    if (grace && shown <= 0 && !this.#holding) {
      const fire = this.#onTimeout;
      this.#stop();
      fire?.();
    }
  }
}
