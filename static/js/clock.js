// The think-time clock: while the person shown has a choice to make (each person has their own), a bar counts the chosen
// seconds down; then a 10 s grace period, then `onTimeout` (the computer plays for them).
// The clock only measures time; whether the person has a choice comes from Python.
// It stands still while a dialog is open (hold). A screen-reader user cannot see the bar:
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
  #holding = false;
  #heldAt = 0;
  #warned = false; // this turn's warning has been said

  /** @param {HTMLElement} box the #clock bar @param {Announcer} announcer */
  constructor(box, announcer) {
    this.#box = box;
    this.#announcer = announcer;
  }

  /** Stop the time while a dialog is open (true) and let it run on afterwards (false). @param {boolean} on */
  hold(on) {
    if (on === this.#holding) return;
    this.#holding = on;
    if (on) this.#heldAt = performance.now();
    else this.#deadline += performance.now() - this.#heldAt;
    if (this.#turnKey) this.#run();
  }

  /**
   * Keep the clock in step with the view: it runs from the start of each of the person's
   * turns (a new hand, trick or trick position is a new turn) and stops when the turn ends.
   * @param {TableView} view @param {number} seconds 0: no clock @param {() => void} timeout
   */
  sync(view, seconds, timeout) {
    this.#onTimeout = timeout;
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
