// The resumed table before Python is ready: the last view Python sent, kept beside the
// autosave, drawn at once and read-only ("starting" look, nothing clickable) until the
// worker answers. Python stays the only source of truth: the preview is replaced by the
// view the resumed save gives, and it is never sent anywhere.
//
// A kept view is shown only if the same build of the package drew it (build.mjs's
// PACKAGE_URL names the zip by content hash). The protocol version comes with every answer,
// but the page learns it only from Python; the same package build implies the same protocol,
// and a new version may change the view's shape: after an update the first start shows the
// plain loading screen. (The answer's protocol number is kept too, for whoever reads the key.)

import { PACKAGE_URL } from "./build.mjs";

/**
 * @typedef {import("../protocol.js").StateAnswer} StateAnswer
 * @typedef {import("../protocol.js").TableView} TableView
 */

const KEY = "hearts.view.v1";
const BUILD = new URL(PACKAGE_URL).pathname.split("/").pop(); // hearts-<hash>.zip

/** Keep the view of an answer of Python (game.js, after the autosave). @param {StateAnswer} answer */
export function keepView(answer) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ build: BUILD, protocol: answer.protocol, view: answer.state }));
  } catch {
    forgetView(); // storage full or blocked: no preview rather than one of an older save
  }
}

/** Keep no view: the next start shows no preview. */
export function forgetView() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage blocked: there is nothing kept either
  }
}

/**
 * The kept view, or null when there is none, it is unreadable, or another build drew it.
 * @returns {TableView | null}
 */
export function keptView() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return kept?.build === BUILD && kept.view && typeof kept.view === "object" ? kept.view : null;
  } catch {
    return null;
  }
}

const LOCKED = ["#table", ".bar .actions"];

/** Show or end the read-only "starting" look (body[data-preview="1"], inert table and tools). @param {boolean} on */
export function showStarting(on) {
  document.body.classList.toggle("starting", on);
  if (on) document.body.dataset.preview = "1";
  else delete document.body.dataset.preview;
  for (const selector of LOCKED) document.querySelector(selector)?.toggleAttribute("inert", on);
}
