// The think-time clock: while the person shown has a choice to make (each person has their own), a bar counts the chosen
// seconds down; then a 10 s grace period, then `onTimeout` (the computer plays for them).
// The clock only measures time; whether the person has a choice comes from Python.
// It stands still while a dialog is open (hold). A screen-reader user cannot see the bar:
// the live log warns once per turn when little time is left (and says how to switch it off).

import { announce } from "./announce.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 */

const GRACE_S = 10;
let timer = null;
let turnKey = null; // which turn the clock is counting
let deadline = 0; // performance.now() when the chosen time is up
let total = 0;
let onTimeout = null;
let holding = false;
let heldAt = 0;
let warned = false; // this turn's warning has been said

function stop() {
  clearInterval(timer);
  timer = null;
  turnKey = null;
  $("#clock").hidden = true;
}

function run() {
  clearInterval(timer);
  timer = holding ? null : setInterval(tick, 250);
}

function tick() {
  const box = $("#clock");
  const left = ((holding ? heldAt : performance.now()) - deadline) / -1000;
  const grace = left <= 0;
  const shown = grace ? Math.max(0, GRACE_S + left) : left;
  box.classList.toggle("grace", grace);
  const low = !grace && left < Math.min(10, total / 3);
  box.classList.toggle("low", low);
  if ((low || grace) && !warned) {
    warned = true;
    announce(t("log.clockWarn", { s: Math.ceil(GRACE_S + left) })); // the time until the computer plays
  }
  box.style.setProperty("--left", String(grace ? shown / GRACE_S : left / total));
  box.querySelector(".clock-text").textContent = t(grace ? "clockGrace" : "clockLeft", { s: Math.ceil(shown) });
  if (grace && shown <= 0 && !holding) {
    const fire = onTimeout;
    stop();
    fire?.();
  }
}

/** Stop the time while a dialog is open (true) and let it run on afterwards (false). */
export function hold(on) {
  if (on === holding) return;
  holding = on;
  if (on) heldAt = performance.now();
  else deadline += performance.now() - heldAt;
  if (turnKey) run();
}

/**
 * Keep the clock in step with the view: it runs from the start of each of the person's
 * turns (a new hand, trick or trick position is a new turn) and stops when the turn ends.
 * @param {TableView} view
 */
export function syncClock(view, seconds, timeout) {
  onTimeout = timeout;
  if (!view.self_to_act || !seconds) return stop();
  const key = [view.seed, view.hand_number, view.self, view.phase, view.trick_number, view.trick.length].join(":");
  if (key === turnKey && total === seconds) return;
  turnKey = key;
  total = seconds;
  warned = false;
  deadline = (holding ? heldAt : performance.now()) + seconds * 1000;
  $("#clock").hidden = false;
  tick();
  run();
}
