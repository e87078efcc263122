// Challenge links (docs/rewards.md#challenge-links): the dialog with the link after a hand or
// a match, and the one a challenge link opens with (who challenges, on what, the results so
// far when it is a reply). Python makes, checks and replays the links (hearts/table/challenge.py).

import { button, frame, show } from "./dialogs.js";
import { dialogOf, el } from "./dom.js";
import { errorText, labelled, t } from "./i18n.js";
import { nameIn } from "./names.js";
import { challengeTable } from "./rewards.js";
import { copy } from "./share.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./announce.js").Announcer} Announcer
 * @typedef {import("./protocol.js").ChallengeView} ChallengeView
 */

/**
 * The link dialog of a challenge: the hand whose result shows, or the match's hands at its end.
 * @param {Bridge} bridge @param {Announcer} announcer @param {"hand" | "match"} scope @param {string} name
 * @returns {Promise<unknown>}
 */
export async function openChallengeLink(bridge, announcer, scope, name) {
  const answer = await bridge.run((python) => python.challengeLink(scope, name));
  if ("error" in answer) return announcer.notify(errorText(answer.error), "warn");
  await rememberOwnResults(bridge, answer.link);
  const dialog = dialogOf("#dlg-challenge");
  const input = el("input", {
    class: "share-url",
    data: { challengeUrl: "" },
    attrs: { type: "text", readonly: true, "aria-label": t("share.link") },
  });
  input.value = new URL(answer.link, location.href).href;
  input.addEventListener("focus", () => input.select());
  const help = answer.players > 1 ? t("rw.replyHelp") : t("rw.challengeHelp");
  frame(
    dialog,
    t("rw.challengeTitle"),
    [el("p", { text: help }), input],
    [button(t("share.copy"), "primary", "challenge-copy", () => copy(input, announcer))],
  );
  return new Promise((resolve) => show(dialog, resolve));
}

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
 * Remember the person's results in a link made here (its last column), so that a reply opened
 * later names them "You" even when no name was given.
 * @param {Bridge} bridge @param {string} link "?challenge=…"
 */
async function rememberOwnResults(bridge, link) {
  const code = new URLSearchParams(link.slice(link.indexOf("?"))).get("challenge") ?? "";
  const read = await bridge.run((python) => python.readChallenge(code));
  if (!("error" in read)) storage.rememberChallenge(columnMark(read.challenge, read.challenge.names.length - 1));
}

/** The columns of a challenge whose results were made in this browser. @param {ChallengeView} challenge */
function ownColumns(challenge) {
  const marks = new Set(storage.challengeMarks());
  return new Set(challenge.names.map((_, column) => column).filter((column) => marks.has(columnMark(challenge, column))));
}

/**
 * A challenge link opened: who challenges, on what; the results so far side by side when the
 * link is a reply (the person's own, made here, as "You"). Resolves true when the person chose to play it.
 * @param {ChallengeView} challenge
 * @returns {Promise<boolean>}
 */
export function openChallengeIntro(challenge) {
  const dialog = dialogOf("#dlg-challenge");
  const own = ownColumns(challenge);
  const sender = challenge.names[0] || t("rw.aFriend");
  const levels = [...new Set(challenge.bots)].map((b) => nameIn("level", b) ?? b).join(", ");
  frame(
    dialog,
    t("rw.challenge"),
    [
      // The person's own challenge: nobody "challenges you"; a reply's table says it all, a link
      // with only their own results says what it is for.
      own.has(0)
        ? challenge.names.length > 1
          ? null
          : el("p", { text: t("rw.challengeOwn", { hands: challenge.hands }) })
        : el("p", { text: t("rw.challengeFrom", { name: sender, hands: challenge.hands }) }),
      el("p", { class: "derived", text: `${labelled(t("st.col.bots"), levels)} · ${t("rw.challengeCountsNot")}` }),
      challenge.names.length > 1 ? challengeTable(challenge, own) : null,
    ],
    [
      button(t("close"), "secondary", "challenge-close", () => dialog.close("")),
      button(t("rw.challengePlay"), "primary", "challenge-play", () => dialog.close("play")),
    ],
  );
  return new Promise((resolve) => show(dialog, (value) => resolve(value === "play")));
}
