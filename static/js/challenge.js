// Challenge links (docs/rewards.md#challenge-links): the dialog with the link after a hand or
// a match, and the one a challenge link opens with (who challenges, on what, the results so
// far when it is a reply). Python makes, checks and replays the links (hearts/table/challenge.py).

import { button, frame, show } from "./dialogs.js";
import { dialogOf, el } from "./dom.js";
import { errorText, labelled, t } from "./i18n.js";
import { nameIn } from "./names.js";
import { challengeTable } from "./rewards.js";
import { copy } from "./share.js";

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
 * A challenge link opened: who challenges, on what; the results so far side by side when the
 * link is a reply. Resolves true when the person chose to play it.
 * @param {ChallengeView} challenge
 * @returns {Promise<boolean>}
 */
export function openChallengeIntro(challenge) {
  const dialog = dialogOf("#dlg-challenge");
  const sender = challenge.names[0] || t("rw.aFriend");
  const levels = [...new Set(challenge.bots)].map((b) => nameIn("level", b) ?? b).join(", ");
  frame(
    dialog,
    t("rw.challenge"),
    [
      el("p", { text: t("rw.challengeFrom", { name: sender, hands: challenge.hands }) }),
      el("p", { class: "derived", text: `${labelled(t("st.col.bots"), levels)} · ${t("rw.challengeCountsNot")}` }),
      challenge.names.length > 1 ? challengeTable(challenge) : null,
    ],
    [
      button(t("close"), "secondary", "challenge-close", () => dialog.close("")),
      button(t("rw.challengePlay"), "primary", "challenge-play", () => dialog.close("play")),
    ],
  );
  return new Promise((resolve) => show(dialog, (value) => resolve(value === "play")));
}
