// A guest's page: opened from an invitation link (`#join=<seat>.<offer>`), it answers the
// host's offer with a short code, then draws whatever view the host sends and sends back
// the guest's choices. It runs no Python: the host's Python is the referee and sends this
// seat's view ready to draw, so a phone shows the table without downloading and starting
// Pyodide (about 14 MB and 4 s; see README "Play together").

import { playEvents, setSpeed } from "../animate.js";
import { announce, announceTurn, notify, readTable } from "../announce.js";
import { syncClock } from "../clock.js";
import { $, $$, el, fill } from "../dom.js";
import { applyStatic, errorText, setLang, setSeatNames, setSelfSeat, t } from "../i18n.js";
import { bindInput, CARD_KEYS, focusHand } from "../input.js";
import { layoutHand, render, renderShell } from "../render.js";
import * as settings from "../settings.js";
import { app, pickToPass, pruneSelection } from "../state.js";
import * as peer from "./peer.js";
import { qrSvg } from "./qr.js";
import { parseInvite } from "./signal.js";

let channel = null;
let chain = Promise.resolve();
const stats = { messages: 0, bytes: 0 };

/** Send one message to the host; nobody may act until its answer (a view or an error) is back. */
function send(message) {
  if (channel?.readyState !== "open" || app.waiting) return;
  if (message.type !== "hello") app.waiting = true;
  channel.send(JSON.stringify(message));
  if (app.view) render();
}

function receive(text) {
  stats.messages += 1;
  stats.bytes += new TextEncoder().encode(text).length;
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  chain = chain.then(() => handle(message)).catch((err) => console.error(err));
}

async function handle(message) {
  if (message.type === "bye") return hostLeft();
  if (message.type === "error") {
    app.waiting = false;
    notify(errorText(message.error), "warn");
    if (app.view) render();
    return;
  }
  if (message.type !== "view") return;
  const previous = app.view;
  setSeatNames(message.state.seats.map((s) => s.name));
  if (previous) await playEvents(message.events, previous);
  const view = message.state;
  app.view = view;
  app.waiting = false;
  setSelfSeat(view.self);
  pruneSelection();
  render();
  announceTurn(view);
  // The clock shows the time left; when it is out the host's page has the computer choose.
  syncClock(view, settings.get().clock, () => {});
  hideJoin();
  document.body.dataset.ready = "1";
}

function hostLeft() {
  app.waiting = true;
  if (app.view) render();
  showJoin(t("together.hostLeft"));
}

// -- the join panel ------------------------------------------------------------------------

/**
 * @param {string} text
 * @param {string | null} [answerCode] the reply code to show (and offer as a QR code)
 */
function showJoin(text, answerCode = null) {
  const box = $("#join");
  box.hidden = false;
  const heading = el("h2", { text: t("together.joinTitle"), attrs: { tabindex: -1 } });
  const parts = [heading, el("p", { text, attrs: { id: "join-text" } })];
  let next = heading;
  if (answerCode) {
    const code = el("textarea", {
      class: "answer-code",
      text: answerCode,
      data: { answer: "" },
      attrs: { readonly: true, rows: 3, "aria-label": text },
    });
    code.value = answerCode;
    const copy = el("button", {
      class: "primary",
      text: t("together.copy"),
      attrs: { type: "button", "aria-describedby": "join-text" },
    });
    next = copy;
    copy.addEventListener("click", () => {
      code.select();
      navigator.clipboard
        ?.writeText(answerCode)
        .then(() => notify(t("together.copied")))
        .catch(() => {});
    });
    parts.push(code, copy, qrSvg(answerCode, text), el("p", { class: "join-wait", text: t("together.joinWaiting") }));
  }
  fill(box, el("div", { class: "join-card" }, parts));
  // The panel appears (or its content changes) in one go: the focus on its heading, or on the
  // button the guest needs next, makes a screen reader say it (a region that was hidden is not read).
  next.focus({ preventScroll: true });
}

/** The table is there: the join panel goes, and the focus it held (its Copy button) to the hand. */
function hideJoin() {
  const box = $("#join");
  if (box.hidden) return;
  const hadFocus = box.contains(document.activeElement);
  box.hidden = true;
  if (!hadFocus) return;
  /** @type {HTMLElement} */ (document.activeElement).blur();
  focusHand();
}

// -- the guest's choices -----------------------------------------------------------------------

const handlers = {
  card(card) {
    const view = app.view;
    if (!view || app.waiting) return;
    app.focusCard = card;
    if (view.phase === "pass" && view.self_to_act) {
      pickToPass(card);
      render();
    } else if (view.phase === "play" && view.self_to_act) {
      send({ type: "play", card });
    }
  },
  action(name) {
    if (name === "pass") send({ type: "pass", cards: [...app.selected] });
    else if (name === "next-hand") send({ type: "next" });
    else if (name === "last-trick" && app.view?.last_trick) {
      app.showLastTrick = !app.showLastTrick;
      render();
    }
  },
  cardKey(index) {
    const card = $$("#hand [data-key]").find((node) => node.dataset.key === CARD_KEYS[index])?.dataset.card;
    if (card) handlers.card(card);
  },
  readTable: () => app.view && readTable(app.view),
  /** Hides this page's clock; the host's clock still has the computer choose when it runs out. */
  clockOff() {
    if (!app.view || !settings.get().clock) return;
    settings.update({ clock: 0 });
    syncClock(app.view, 0, () => {});
    announce(t("log.clockOff"));
  },
  enter() {
    const view = app.view;
    if (view?.phase === "pass" && view.self_to_act && app.selected.length === view.pass.count) handlers.action("pass");
    else if (view?.result && !view.match.over) handlers.action("next-hand");
    else return false;
    return true;
  },
  escape() {
    app.showLastTrick = false;
    if (app.view) render();
  },
  focused(card) {
    app.focusCard = card;
  },
  resize: () => layoutHand(),
};

async function join() {
  settings.load();
  const s = settings.get();
  setLang(s.lang);
  applyStatic();
  setSpeed(s.speed);
  document.body.classList.add("guest");
  globalThis.heartsNet = { guestStats: stats, send: (text) => channel?.send(String(text)) };
  $("#loading").hidden = true;
  renderShell(4);
  bindInput(handlers);
  const invite = parseInvite(location.hash);
  if (!invite) return showJoin(t("together.joinBad"));
  showJoin(t("together.joinPreparing"));
  let made;
  try {
    made = await peer.answer(invite.code);
  } catch {
    return showJoin(t("together.joinBad"));
  }
  showJoin(t("together.joinAnswer"), made.code);
  channel = await made.channel;
  channel.addEventListener("message", (e) => receive(String(e.data)));
  peer.watchGone(made.pc, channel, hostLeft);
  const hello = () => send({ type: "hello" });
  if (channel.readyState === "open") hello();
  else channel.addEventListener("open", hello, { once: true });
  focusHand();
}

join();
