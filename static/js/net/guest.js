// A guest's page: opened from an invitation link (`#join=<seat>.<offer>`), it answers the
// host's offer with a short code, then draws whatever view the host sends and sends back
// the guest's choices. It runs no Python: the host's Python is the referee and sends this
// seat's view ready to draw, so a phone shows the table without downloading and starting
// Pyodide (see README "Play together"). It draws with the same state, funnel and render.js
// as the game's page (app.js): the host's views take Python's place.

import { applyDisplay, makePage, pickForPass, sayTurn } from "../app.js";
import { $, $$, el, fill } from "../dom.js";
import { errorText, setSeatNames, setSelfSeat, t } from "../i18n.js";
import { bindInput, CARD_KEYS, focusHand } from "../input.js";
import { Offline } from "../offline.js";
import { layoutHand, renderShell } from "../render.js";
import { CLOCKS, cleanName, MAX_NAME } from "../settings.js";
import * as peer from "./peer.js";
import { qrSvg } from "./qr.js";
import { parseInvite } from "./signal.js";

/**
 * @typedef {import("../app.js").Page} Page
 * @typedef {import("./host.js").ToGuest} ToGuest
 * @typedef {import("../protocol.js").GuestMessage} GuestMessage
 * @typedef {import("../input.js").Handlers} Handlers
 * @typedef {import("./host.js").NetStats} NetStats
 */

// A view with this many messages of the host waiting behind it is drawn at once, its moves only said.
const CATCH_UP = 3;
// A host connects within seconds of pasting the code; this long without it, the guest hears what may
// be wrong (someone else answered the same invitation, an old one) instead of waiting on in silence.
const HOST_PATIENCE_MS = 90_000;
// The invitation this tab connected with (sessionStorage: per tab). Opened again (a reload) it answers
// an offer whose connection is gone: the host has a new invitation for the seat by then.
const USED_KEY = "hearts.joined.v1";

/** The guest's connection to the host: its data channel and the host's messages, in order. */
class Guest {
  #page;
  /** @type {RTCDataChannel | null} */
  #channel = null;
  /** @type {Promise<void>} the host's messages, shown one after the other */
  #incoming = Promise.resolve();
  #waiting = 0; // messages received and not shown yet
  /** @type {NetStats} what came from the host (e2e tests read it: globalThis.heartsNet) */
  stats = { messages: 0, bytes: 0 };
  #hostClock = 0; // the seconds the host's clock gives this seat (its "clock" message; 0: none)
  #clockHidden = false; // the guest pressed C: this page shows no clock (the host still keeps time)
  #nameAsked = false; // the guest's own name was sent in the match (or refused): not asked for again
  #ownName;

  /** @param {Page} page @param {() => string} ownName the name the guest gives its seat ("": none) */
  constructor(page, ownName) {
    this.#page = page;
    this.#ownName = ownName;
  }

  /** The first message to the host once connected: a `hello`, with the guest's own name if it gave one. */
  hello() {
    const name = this.#ownName();
    this.send(name ? { type: "hello", name } : { type: "hello" });
  }

  /**
   * Before the match the host's Python has no guest at this seat (the `hello` is refused with
   * `not_a_guest`): the seat has the host's name for it. So the first view that calls the seat
   * otherwise asks once more for the guest's own name; the host checks it (bad_name, name_taken).
   * @param {import("../protocol.js").TableView} view
   */
  #askName(view) {
    const name = this.#ownName();
    if (this.#nameAsked || !name || view.seats.find((s) => s.seat === view.self)?.name === name) return;
    this.#nameAsked = true;
    this.send({ type: "hello", name });
  }

  /** @param {RTCDataChannel} channel */
  connect(channel) {
    this.#channel = channel;
    channel.addEventListener("message", (e) => this.#receive(String(e.data)));
  }

  /** Text as it is, for tests that send what a page would never send (a forged message). @param {string} text */
  sendRaw(text) {
    this.#channel?.send(text);
  }

  /** Send one message to the host; nobody may act until its answer (a view or an error) is back. @param {GuestMessage} message */
  send(message) {
    const ui = this.#page.ui;
    if (this.#channel?.readyState !== "open" || ui.state.waiting) return;
    this.#channel.send(JSON.stringify(message));
    if (message.type !== "hello") ui.update({ waiting: true });
  }

  /** The host is gone: nothing can be chosen any more. */
  hostLeft() {
    this.#page.ui.update({ waiting: true });
    showJoin(this.#page, t("together.hostLeft"));
  }

  /** Hide this page's clock (the C key); false when it showed none. */
  hideClock() {
    if (this.#clockHidden || !this.#hostClock || !this.#page.ui.state.view) return false;
    this.#clockHidden = true;
    this.#syncClock();
    return true;
  }

  /** The host's clock setting (its "clock" message); anything but one of CLOCKS is ignored. @param {unknown} seconds */
  #hostClockIs(seconds) {
    if (typeof seconds !== "number" || !CLOCKS.includes(seconds)) return;
    this.#hostClock = seconds;
    this.#syncClock();
  }

  /**
   * The clock shows the time the host's page gives this seat (its setting, not this page's);
   * when it is out the host's page has the computer choose.
   */
  #syncClock() {
    const { ui, clock } = this.#page;
    if (ui.state.view) clock.sync(ui.state.view, this.#clockHidden ? 0 : this.#hostClock, () => {});
  }

  /** @param {string} text */
  #receive(text) {
    this.stats.messages += 1;
    this.stats.bytes += new TextEncoder().encode(text).length;
    /** @type {ToGuest} */
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== "object" || message === null) return; // not a message at all
    this.#waiting += 1;
    this.#incoming = this.#incoming
      .then(() => {
        this.#waiting -= 1;
        return this.#handle(message);
      })
      .catch((err) => console.error(err));
  }

  /** @param {ToGuest} message */
  async #handle(message) {
    const { ui, announcer, animator } = this.#page;
    if (message.type === "bye") return this.hostLeft();
    if (message.type === "clock") return this.#hostClockIs(message.seconds);
    if (message.type === "error") {
      // The answer to `hello` before the match starts: this seat is not a guest's yet. Nothing is wrong.
      if (message.error.code === "not_a_guest" && !ui.state.view) return;
      if (message.error.code === "bad_name" || message.error.code === "name_taken") this.#nameAsked = true;
      announcer.notify(errorText(message.error), "warn");
      ui.update({ waiting: false });
      return;
    }
    if (message.type !== "view") return;
    const { view: previous, display } = ui.state;
    setSeatNames(message.state.seats.map((s) => s.name));
    // A page that fell behind (a tab that was frozen in the background) catches up: the views
    // with several more waiting behind them are drawn without their moves.
    if (previous && this.#waiting < CATCH_UP) await animator.playEvents(message.events, previous, display.fourColour);
    else if (previous) announcer.events(message.events, previous);
    const view = message.state;
    setSelfSeat(view.self);
    ui.update({ view, waiting: false });
    sayTurn(this.#page, view);
    this.#syncClock();
    hideJoin();
    document.body.dataset.ready = "1";
    this.#askName(view);
  }
}

// -- the join panel ------------------------------------------------------------------------

/**
 * @param {Page} page
 * @param {string} text
 * @param {object} [options]
 * @param {string | null} [options.answerCode] the reply code to show (and offer as a QR code)
 * @param {boolean} [options.playHere] offer to play at this device instead (the game's own page)
 * @param {HTMLElement | null} [options.name] the field for the guest's own name (`nameField`)
 */
function showJoin(page, text, { answerCode = null, playHere = false, name = null } = {}) {
  const box = $("#join");
  box.hidden = false;
  const heading = el("h2", { text: t("together.joinTitle"), attrs: { tabindex: -1 } });
  // The name field is the same element in each state of the panel: what is being typed stays, and so does the focus.
  const typing = name?.contains(document.activeElement) ? /** @type {HTMLInputElement} */ (document.activeElement) : null;
  const caret = typing ? [typing.selectionStart, typing.selectionEnd] : null;
  /** @type {Element[]} */
  const parts = [heading, el("p", { text, attrs: { id: "join-text" } })];
  /** @type {HTMLElement} */
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
      code.select(); // shows what is copied; where the clipboard cannot be written, Ctrl+C copies it
      navigator.clipboard
        ?.writeText(answerCode)
        .then(() => {
          copy.focus({ preventScroll: true }); // select() took the focus into the code: Tab goes on from Copy
          page.announcer.notify(t("together.copied"));
        })
        .catch(() => {});
    });
    parts.push(code, copy);
  }
  // The optional name comes after Copy, which has the focus (the one step every guest must take), so Tab goes
  // on to it; before Copy, a guest who started there never met it. Typed after the copy, it still reaches the
  // host: the `hello` as the channel opens carries it, and the first view's asks again (Guest #askName).
  if (name) parts.push(name);
  if (answerCode) parts.push(qrSvg(answerCode, text), el("p", { class: "join-wait", text: t("together.joinWaiting") }));
  if (playHere) {
    const here = el("a", {
      class: "primary",
      text: t("together.playHere"),
      data: { action: "pass-and-play" },
      attrs: { href: "./" },
    });
    next = here;
    parts.push(here);
  }
  fill(box, el("div", { class: "join-card" }, parts));
  if (typing && caret) {
    typing.focus({ preventScroll: true });
    typing.setSelectionRange(caret[0], caret[1]);
    return;
  }
  // The panel appears (or its content changes) in one go: the focus on its heading, or on the
  // button the guest needs next, makes a screen reader say it (a region that was hidden is not read).
  next.focus({ preventScroll: true });
}

/**
 * The field for the guest's own name: the name this browser's settings keep for its player (seat 0's),
 * stored again as it is typed, so the next invitation opened here has it too.
 * @param {Page} page @returns {{field: HTMLElement, value: () => string}}
 */
function nameField(page) {
  const input = /** @type {HTMLInputElement} */ (
    el("input", { attrs: { type: "text", autocomplete: "nickname", spellcheck: "false", maxlength: String(MAX_NAME) } })
  );
  input.value = page.settings.get().names[0] ?? "";
  // The name as the host keeps names, so what a person types is not refused; the host checks it.
  const value = () => cleanName(input.value);
  input.addEventListener("input", () => {
    page.settings.update({ names: page.settings.get().names.map((n, i) => (i === 0 ? value() : n)) });
  });
  const field = el("label", { class: "field join-name" }, el("span", { text: t("together.yourName") }), input);
  return { field, value };
}

/** The table is there: the join panel goes, and the focus it held (its Copy button) to the hand. */
function hideJoin() {
  const box = $("#join");
  if (box.hidden) return;
  const hadFocus = box.contains(document.activeElement);
  box.hidden = true;
  if (!hadFocus) return;
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  focusHand();
}

// -- the guest's choices -----------------------------------------------------------------------

/**
 * What the guest's intents do: picks and the last trick change this page's state, choices go to the host.
 * @param {Page} page @param {Guest} guest @returns {Handlers}
 */
function guestHandlers(page, guest) {
  const { ui, announcer } = page;
  /** @type {Handlers} */
  const handlers = {
    card(card) {
      const { view, waiting } = ui.state;
      if (!view || waiting) return;
      if (view.phase === "pass" && view.self_to_act) {
        pickForPass(page, card);
      } else if (view.phase === "play" && view.self_to_act) {
        ui.update({ focusCard: card }, { redraw: false });
        guest.send({ type: "play", card });
      } else {
        ui.update({ focusCard: card }, { redraw: false });
      }
    },
    action(name) {
      const { view, selected, showLastTrick } = ui.state;
      if (name === "pass") guest.send({ type: "pass", cards: [...selected] });
      else if (name === "next-hand") guest.send({ type: "next" });
      else if (name === "claim" && view?.can_claim) guest.send({ type: "claim" });
      else if (name === "last-trick" && view?.last_trick) ui.update({ showLastTrick: !showLastTrick });
    },
    cardKey(index) {
      const card = $$("#hand [data-key]").find((node) => node.dataset.key === CARD_KEYS[index])?.dataset.card;
      if (card) handlers.card(card);
    },
    readTable() {
      const view = ui.state.view;
      if (view) announcer.readTable(view);
    },
    /** Hides this page's clock; the host's clock still has the computer choose when it runs out. */
    clockOff() {
      if (guest.hideClock()) announcer.announce(t("log.clockOff"));
    },
    enter() {
      const { view, selected } = ui.state;
      if (view?.phase === "pass" && view.self_to_act && selected.length === view.pass.count) handlers.action("pass");
      else if (view?.result && !view.match.over) handlers.action("next-hand");
      else return false;
      return true;
    },
    escape() {
      ui.update({ showLastTrick: false });
    },
    focused(card) {
      ui.update({ focusCard: card }, { redraw: false });
    },
    resize: () => layoutHand(),
  };
  return handlers;
}

/**
 * Another invitation opened in this tab changes only the address's fragment: the page starts again
 * with it (its connection answers the old one).
 * @param {string} opened the fragment this page answered
 */
function restartOnNewInvite(opened) {
  addEventListener("hashchange", () => {
    if (location.hash !== opened && parseInvite(location.hash)) location.reload();
  });
}

/**
 * Until the host connects the page shows the answer code; after HOST_PATIENCE_MS without the host
 * it says what may be wrong. Returns what stops the wait once connected.
 * @returns {() => void}
 */
function waitForHost() {
  const timer = setTimeout(() => {
    const wait = document.querySelector("#join .join-wait");
    if (wait) wait.textContent = t("together.joinSlow");
  }, HOST_PATIENCE_MS);
  return () => clearTimeout(timer);
}

/** Whether this tab has connected with `hash` before (and was reloaded since). @param {string} hash */
function usedBefore(hash) {
  try {
    return sessionStorage.getItem(USED_KEY) === hash;
  } catch {
    return false; // no storage: the host refuses the old answer with a message
  }
}

/** @param {string} hash */
function markUsed(hash) {
  try {
    sessionStorage.setItem(USED_KEY, hash);
  } catch {}
}

async function join() {
  const { page } = makePage();
  new Offline(async () => {}).start(); // the host's Python keeps the match: nothing to save here
  applyDisplay(page);
  const own = nameField(page);
  const guest = new Guest(page, own.value);
  document.body.classList.add("guest");
  globalThis.heartsNet = { guestStats: guest.stats, send: (text) => guest.sendRaw(String(text)) };
  $("#loading").hidden = true;
  renderShell(4);
  bindInput(guestHandlers(page, guest));
  if (!peer.webrtcAvailable()) return showJoin(page, t("together.joinNoWebrtc"), { playHere: true });
  const hash = location.hash;
  const invite = parseInvite(hash);
  if (!invite) return showJoin(page, t("together.joinBad"));
  restartOnNewInvite(hash);
  if (usedBefore(hash)) return showJoin(page, t("together.joinUsed"));
  showJoin(page, t("together.joinPreparing"), { name: own.field });
  let made;
  try {
    made = await peer.answer(invite.code, page.settings.get().iceUrl);
  } catch {
    return showJoin(page, t("together.joinBad"));
  }
  showJoin(page, t("together.joinAnswer"), { answerCode: made.code, name: own.field });
  const stopWaiting = waitForHost();
  let open = false;
  // The connection failed before the host's channel opened (the host's page then shows a new
  // invitation for the seat): said at once, rather than a wait for a host who cannot come.
  made.pc.addEventListener("connectionstatechange", () => {
    if (open || made.pc.connectionState !== "failed") return;
    stopWaiting();
    showJoin(page, t("together.joinFailed"));
  });
  const channel = await made.channel;
  guest.connect(channel);
  peer.watchGone(made.pc, channel, () => guest.hostLeft());
  const opened = () => {
    open = true;
    stopWaiting();
    markUsed(hash);
    // Until the host starts the match (or, on a rejoin, until its view comes) the page says it is connected.
    showJoin(page, t("together.joinConnected"), { name: own.field });
    guest.hello();
  };
  if (channel.readyState === "open") opened();
  else channel.addEventListener("open", opened, { once: true });
  focusHand();
}

join();
