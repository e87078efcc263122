// Challenge links (docs/rewards.md#challenge-links): the dialog with the link after a hand or
// a match, and the one a challenge link opens with (who challenges, on what, the results so
// far when it is a reply, the person's own beside them when they played it here already). Python
// makes, checks and replays the links (hearts/table/challenge.py).

import { button, frame, show } from "./dialogs.js";
import { dialogOf, el } from "./dom.js";
import { errorText, labelled, t } from "./i18n.js";
import { nameIn } from "./names.js";
import { challengeTable } from "./rewards.js";
import { copy } from "./share.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./bridge.js").Python} Python
 * @typedef {import("./announce.js").Announcer} Announcer
 * @typedef {import("./protocol.js").ChallengeView} ChallengeView
 */

/**
 * The reply link a challenge played here left (storage.js `challengeResult`), read back: its
 * results side by side, the person's own last.
 * @typedef {object} PlayedChallenge
 * @property {ChallengeView} challenge
 * @property {string} link "?challenge=…"
 */

/**
 * The link dialog of a challenge: the hand whose result shows, or the match's hands at its end.
 * @param {Bridge} bridge @param {Announcer} announcer @param {"hand" | "match"} scope @param {string} name
 * @returns {Promise<unknown>}
 */
export async function openChallengeLink(bridge, announcer, scope, name) {
  const answer = await bridge.run((python) => python.challengeLink(scope, name));
  if ("error" in answer) return announcer.notify(errorText(answer.error), "warn");
  await bridge.run((python) => rememberOwnResults(python, codeOf(answer.link)));
  const dialog = dialogOf("#dlg-challenge");
  const input = linkField(answer.link);
  const help = answer.players > 1 ? t("rw.replyHelp") : t("rw.challengeHelp");
  frame(dialog, t("rw.challengeTitle"), [el("p", { text: help }), input], [copyButton(input, announcer, "primary")]);
  return new Promise((resolve) => show(dialog, resolve));
}

/** The read-only field with a challenge link, whole, selected on focus. @param {string} link "?challenge=…" */
function linkField(link) {
  const input = el("input", {
    class: "share-url",
    data: { challengeUrl: "" },
    attrs: { type: "text", readonly: true, "aria-label": t("share.link") },
  });
  input.value = new URL(link, location.href).href;
  input.addEventListener("focus", () => input.select());
  return input;
}

/** The button that copies a link field. @param {HTMLInputElement} input @param {Announcer} announcer @param {string} cls */
const copyButton = (input, announcer, cls) => button(t("share.copy"), cls, "challenge-copy", () => copy(input, announcer));

/** The code of a challenge link. @param {string} link "?challenge=…" */
const codeOf = (link) => new URLSearchParams(link.slice(link.indexOf("?"))).get("challenge") ?? "";

/**
 * What identifies one column of results: the deals, its scores and its name. The same in the
 * link made here and in any reply that carries it on (Python replays every column alike).
 * @param {ChallengeView} challenge @param {number} column
 */
function columnMark(challenge, column) {
  const rows = challenge.rows;
  return JSON.stringify([rows.map((r) => r.deal_number), rows.map((r) => r.scores[column]), challenge.names[column]]);
}

/**
 * What identifies a challenge link: the marks of its columns (not a column of the person playing it now).
 * @param {ChallengeView} challenge
 */
const challengeMark = (challenge) => JSON.stringify(challenge.names.map((_, column) => columnMark(challenge, column)));

/**
 * Remember the person's results in a link made here (its last column), so that a reply opened
 * later names them "You" even when no name was given.
 * @param {Python} python @param {string} code
 */
async function rememberOwnResults(python, code) {
  const read = await python.readChallenge(code);
  if (!("error" in read)) storage.rememberChallenge(columnMark(read.challenge, read.challenge.names.length - 1));
}

/**
 * A challenge's last hand ended here (inside a task of Python's queue): the reply link with the
 * person's results is kept under the mark of the challenge played, whether or not they open the
 * link dialog, so that its link opened again shows them; their column is their own from now on.
 * @param {Python} python @param {ChallengeView} played the table's comparison (the link's columns, then the person's)
 * @param {string} name the person's, as the link dialog would put it in
 */
export async function rememberChallengeResult(python, played, name) {
  const answer = await python.challengeLink("match", name);
  if ("error" in answer) return;
  const code = codeOf(answer.link);
  storage.rememberChallengeResult(challengeMark(played), code);
  await rememberOwnResults(python, code);
}

/**
 * The person's results of `challenge` when they played it here to its end, else null (also when
 * the kept reply no longer reads).
 * @param {Bridge} bridge @param {ChallengeView} challenge
 * @returns {Promise<PlayedChallenge | null>}
 */
export async function playedChallenge(bridge, challenge) {
  const code = storage.challengeResult(challengeMark(challenge));
  if (code === null) return null;
  const link = `?challenge=${code}`;
  const read = await bridge.run((python) => python.readChallenge(code));
  return "error" in read ? null : { challenge: read.challenge, link };
}

/** The columns of a challenge whose results were made in this browser. @param {ChallengeView} challenge */
function ownColumns(challenge) {
  const marks = new Set(storage.challengeMarks());
  return new Set(challenge.names.map((_, column) => column).filter((column) => marks.has(columnMark(challenge, column))));
}

/**
 * Who challenges the person, on what. Their own challenge: nobody "challenges" them; a reply's
 * table says it all, a link with only their own results says what it is for.
 * @param {ChallengeView} challenge @param {Set<number>} own
 */
function challengerLine(challenge, own) {
  if (!own.has(0)) {
    const sender = challenge.names[0] || t("rw.aFriend");
    return el("p", { text: t("rw.challengeFrom", { name: sender, hands: challenge.hands }) });
  }
  return challenge.names.length > 1 ? null : el("p", { text: t("rw.challengeOwn", { hands: challenge.hands }) });
}

/**
 * What the intro adds for a challenge played here already: the person's results beside the
 * link's with a line saying so, their reply link, and its copy button.
 * @param {PlayedChallenge} played @param {Announcer} announcer
 */
function playedParts(played, announcer) {
  const results = played.challenge;
  // The reply's last column is the person's by how it was made, even once its mark is forgotten.
  const own = ownColumns(results).add(results.names.length - 1);
  const reply = linkField(played.link);
  return {
    body: [el("p", { text: t("rw.challengePlayed") }), challengeTable(results, own), el("p", { text: t("rw.replyHelp") }), reply],
    copy: copyButton(reply, announcer, "secondary"),
  };
}

/**
 * A challenge link opened: who challenges, on what; the results so far side by side when the
 * link is a reply (the person's own, made here, as "You"), or with the person's own beside them
 * when they played it here already (then also their reply link, to copy again). Resolves true
 * when the person chose to play it (again).
 * @param {ChallengeView} challenge @param {PlayedChallenge | null} played @param {Announcer} announcer
 * @returns {Promise<boolean>}
 */
export function openChallengeIntro(challenge, played, announcer) {
  const dialog = dialogOf("#dlg-challenge");
  const own = ownColumns(challenge);
  const levels = [...new Set(challenge.bots)].map((b) => nameIn("level", b) ?? b).join(", ");
  const before = played ? playedParts(played, announcer) : null;
  frame(
    dialog,
    t("rw.challenge"),
    [
      challengerLine(challenge, own),
      el("p", { class: "derived", text: `${labelled(t("st.col.bots"), levels)} · ${t("rw.challengeCountsNot")}` }),
      ...(before ? before.body : [challenge.names.length > 1 ? challengeTable(challenge, own) : null]),
    ],
    [
      button(t("close"), "secondary", "challenge-close", () => dialog.close("")),
      before?.copy,
      button(before ? t("playAgain") : t("rw.challengePlay"), "primary", "challenge-play", () => dialog.close("play")),
    ],
  );
  return new Promise((resolve) => show(dialog, (value) => resolve(value === "play")));
}
