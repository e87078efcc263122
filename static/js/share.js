// Share a deal: Python turns the hand on the table into a code (hearts/table/share.py); the
// link is "?share=<code>" relative to this page, so it works under any subpath and offline
// (the service worker ignores the query). Opening one starts that deal with the same rules
// and bot levels; a bad or changed link is refused by Python and nothing changes.

import { titleBar } from "./dialogs.js";
import { dialogOf, el, fill } from "./dom.js";
import { errorText, t } from "./i18n.js";

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./announce.js").Announcer} Announcer
 */

/**
 * The code of a shared link in the address (`?share=`, or `?challenge=`), removed from it (a reload then resumes).
 * @param {string} [name]
 */
export function takeFromAddress(name = "share") {
  const params = new URLSearchParams(location.search);
  if (!params.has(name)) return null;
  const code = params.get(name);
  params.delete(name);
  const query = params.toString();
  history.replaceState(null, "", location.pathname + (query ? `?${query}` : "") + location.hash);
  return code;
}

/** Copy a link field's value (or select it, to copy by hand). @param {HTMLInputElement} input @param {Announcer} announcer */
export async function copy(input, announcer) {
  try {
    await navigator.clipboard.writeText(input.value);
    announcer.notify(t("share.copied"), "gold");
  } catch {
    input.select();
    announcer.notify(t("share.copyManually"), "warn");
  }
}

/**
 * The share dialog: the link of the hand on the table, Copy, and the system share sheet if any.
 * @param {Bridge} bridge @param {Announcer} announcer @returns {Promise<unknown>}
 */
export async function openShare(bridge, announcer) {
  const answer = await bridge.run((python) => python.shareLink());
  if ("error" in answer) return announcer.notify(errorText(answer.error), "warn");
  const dialog = dialogOf("#dlg-share");
  const url = new URL(answer.link, location.href).href;
  const input = el("input", {
    class: "share-url",
    data: { shareUrl: "" },
    attrs: { type: "text", readonly: true, "aria-label": t("share.link") },
  });
  input.value = url;
  input.addEventListener("focus", () => input.select());
  const buttons = [
    el("button", { class: "primary", text: t("share.copy"), data: { action: "share-copy" }, attrs: { type: "button" } }),
  ];
  buttons[0].addEventListener("click", () => copy(input, announcer));
  if (navigator.share) {
    const system = el("button", {
      class: "secondary",
      text: t("share.system"),
      data: { action: "share-system" },
      attrs: { type: "button" },
    });
    system.addEventListener("click", () =>
      navigator.share({ title: t("title"), text: t("share.text", { n: answer.deal_number }), url }).catch(() => {}),
    );
    buttons.push(system);
  }
  fill(
    dialog,
    titleBar(dialog, t("share.title")),
    el("div", { class: "body" }, el("p", { text: t("share.help", { n: answer.deal_number }) }), input),
    el("footer", {}, buttons),
  );
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
}
