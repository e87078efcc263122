// The host's side of play-with-friends: one WebRTC peer per guest seat, the hosting panel
// (invitation link + QR code per free seat, the answer code pasted back, connect), and the
// delivery of Python's per-seat messages. The host's Python is the only referee: a guest's
// message goes to it as it came (`onMessage`), and each guest gets only the message Python
// made for its seat (`deliver`). A guest that drops out is reported (`onGone`) so its bot
// plays on; a new invitation for that seat lets it rejoin (`onBack`).

import { titleBar } from "../dialogs.js";
import { $, dialogOf, el, errorMessage, fill, find } from "../dom.js";
import { namesAmong, playerName, t } from "../i18n.js";
import * as peer from "./peer.js";
import { qrSvg } from "./qr.js";
import { answeredOffer, inviteLink } from "./signal.js";

/**
 * @typedef {import("../protocol.js").TableView} TableView
 * @typedef {import("../protocol.js").GuestUpdate} GuestUpdate
 * @typedef {import("../protocol.js").ErrorBody} ErrorBody
 * @typedef {import("../protocol.js").HostMessage} HostMessage
 * @typedef {import("../announce.js").Announcer} Announcer
 */

/**
 * What the game does when a guest speaks, leaves or comes back.
 * @typedef {object} HostHooks
 * @property {(seat: number, text: string) => Promise<unknown>} onMessage settles once Python has refereed it
 * @property {(seat: number) => void} onGone
 * @property {(seat: number) => void} onBack
 */

/**
 * One guest seat's connection: being made ("inviting"), offered and waiting for the guest's
 * answer ("waiting", or "away" for a guest of the running match who dropped out), or open.
 * @typedef {object} Peer
 * @property {RTCPeerConnection | null} pc
 * @property {RTCDataChannel | null} channel
 * @property {string | null} code the offer code of the invitation
 * @property {string | null} ufrag the offer's ICE username fragment: an answer to it names it
 * @property {string | null} answer the answer code accepted for it (a second one cannot fit)
 * @property {"inviting" | "waiting" | "connected" | "away" | "failed"} status
 * @property {string | null} problem why no invitation could be made ("failed")
 * @property {boolean} lost the seat's previous invitation was answered and its connection failed before it
 *   opened: this one replaces it (its row says so)
 * @property {string} draft what the host has typed or pasted into the seat's answer field so far: the panel
 *   opened again draws every row anew, and the field with it
 */

/**
 * Host → guest: the seconds the host's clock gives a guest to choose (0: no clock), sent when the
 * guest connects and whenever the host's clock setting changes. The page's own message, like `bye`
 * it is not Python's: the guest's clock shows the time the host keeps for it (`Host.guard`).
 * @typedef {object} ClockMessage
 * @property {"clock"} type
 * @property {number} seconds one of settings.js CLOCKS
 */

/**
 * What the host's page sends a guest: Python's messages (protocol.js) and the page's own.
 * @typedef {HostMessage | ClockMessage} ToGuest
 */

/**
 * Counts of the messages sent (or received) over the data channels (e2e tests read them: globalThis.heartsNet).
 * @typedef {{messages: number, bytes: number}} NetStats
 */

const GRACE_S = 10; // as the person's own clock (clock.js)
// A guest's message is JSON text of at most this many characters: Python's `guest` command
// refuses longer ones too (commands.py); the page refuses them before copying them to the worker.
export const MAX_GUEST_MESSAGE = 4096;
// A person sends one message per choice and then waits for the answer: more than this many in a
// second is a flood (a broken or hostile page), dropped unanswered so the host's table stays quick.
const GUEST_RATE = 20;
// An answer accepted, the channel opens within a second or two (a relayed one within a few). This long
// without it the connection is taken for failed, as when the browser says so (connectionState "failed").
const CONNECT_MS = 30_000;
// Once ICE has connected, the DTLS handshake and the channel take a few round trips. Where two pages
// answered one invitation, ICE may connect to the other page, whose handshake never comes: Chromium
// then waits on without saying "failed" (measured: 5 of 8 runs). This long after ICE connected with no
// open channel, the connection is taken for failed.
const HANDSHAKE_MS = 8000;

/** The table's guests: their connections, the hosting panel and the clock kept for them. */
export class Host {
  /** @type {Map<number, Peer>} seat → its connection */
  #peers = new Map();
  /** @type {Set<number>} guest seats of the running match */
  #inMatch = new Set();
  /** @type {Set<number>} guest seats reported gone to Python, until a view shows them away (reported once) */
  #reportedGone = new Set();
  /** @type {Set<number>} seats whose last message Python is still refereeing */
  #busy = new Set();
  /** @type {Map<number, {since: number, count: number}>} each seat's messages in the current second */
  #rate = new Map();
  /** @type {NetStats} */
  #stats = { messages: 0, bytes: 0 };
  /** @type {TableView | null} the view the panel was last drawn for */
  #lastView = null;
  #panelPlayers = 0;
  /** @type {string | null} the guest's turn the clock is kept for */
  #guardKey = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #guardTimer = undefined;
  /** the host's clock setting, as the guests were told it (0: none) */
  #clockSeconds = 0;
  /** @type {{view: TableView, onTimeout: (seat: number, kind: "next" | "auto") => void} | null} the last `guard` */
  #guarded = null;
  #hooks;
  #announcer;
  #iceUrl;

  /**
   * @param {HostHooks} hooks @param {Announcer} announcer
   * @param {() => string} iceUrl the STUN/TURN server the settings name now ("": none)
   */
  constructor(hooks, announcer, iceUrl) {
    this.#hooks = hooks;
    this.#announcer = announcer;
    this.#iceUrl = iceUrl;
    addEventListener("pagehide", () => this.#closeAll("host_left"));
    globalThis.heartsNet = { ...globalThis.heartsNet, hostStats: this.#stats };
  }

  /** Seats whose guest is connected now. */
  connectedSeats() {
    return [...this.#peers.keys()].filter((seat) => this.#isConnected(seat));
  }

  /** @param {number} seat */
  #isConnected(seat) {
    return this.#peers.get(seat)?.status === "connected";
  }

  /**
   * The seats of a new match's request: connected guests are persons played over the network.
   * @template {{bots: string[], remote?: number[], names?: (string | null)[]}} R
   * @param {R} request @returns {R}
   */
  seatSettings(request) {
    const remote = this.connectedSeats().filter((s) => s < request.bots.length + 1);
    // Free seats get bots: a "person" level there means pass-and-play, not a missing guest.
    request.bots = request.bots.map((level, i) => (remote.includes(i + 1) ? "human" : level));
    if (!remote.length) return request;
    request.remote = remote;
    // Every page calls a seat alike: a guest's page would give a seat without a name of its own the
    // usual name in the guest's language ("Ben" here, "Bastien" in French).
    request.names = namesAmong(request.names ?? [], request.bots.length + 1);
    return request;
  }

  /**
   * Python's answer was applied: remember the match's guest seats, send each its own view.
   * @param {TableView} view @param {GuestUpdate[]} guests
   */
  deliver(view, guests) {
    this.#inMatch = new Set(view.seats.filter((s) => s.control === "remote" || s.control === "away").map((s) => s.seat));
    // A guest Python still counts as here with no channel to it (this page was reloaded: no
    // connection outlives that) would hold the table at its turn: its bot plays until it rejoins.
    for (const { seat, control } of view.seats) {
      if (control !== "remote") this.#reportedGone.delete(seat);
      else if (!this.#isConnected(seat)) this.#reportGone(seat);
    }
    for (const { seat, message } of guests) this.#send(seat, message);
    this.#renderPanel(view);
  }

  /** A guest's message was refused: only that guest hears why. @param {number} seat @param {ErrorBody} error */
  refuse(seat, error) {
    this.#send(seat, { type: "error", error });
  }

  /** @param {number} seat @param {ToGuest} message */
  #send(seat, message) {
    const p = this.#peers.get(seat);
    if (p?.status !== "connected" || p.channel?.readyState !== "open") return;
    const text = JSON.stringify(message);
    p.channel.send(text);
    this.#stats.messages += 1;
    this.#stats.bytes += new TextEncoder().encode(text).length;
  }

  /** @param {"host_left" | "new_match"} reason */
  #closeAll(reason) {
    for (const [seat, p] of this.#peers) {
      this.#send(seat, { type: "bye", reason });
      p.pc?.close();
    }
  }

  // -- invitations and connections -------------------------------------------------------------

  /**
   * A new invitation for `seat`. It never rejects: a connection that cannot be made (a STUN/TURN
   * address the browser refuses, say) leaves the seat "failed", and its row says why.
   * @param {number} seat @param {boolean} [lost] it replaces an invitation whose connection failed
   */
  async #invite(seat, lost = false) {
    const old = this.#peers.get(seat);
    old?.pc?.close();
    const status = old?.status === "away" || this.#inMatch.has(seat) ? "away" : "waiting";
    /** @type {Peer} */
    const entry = {
      pc: null,
      channel: null,
      code: null,
      ufrag: null,
      answer: null,
      status: "inviting",
      problem: null,
      lost,
      draft: "",
    };
    this.#peers.set(seat, entry);
    let made;
    try {
      made = await peer.offer(this.#iceUrl());
    } catch (err) {
      if (this.#peers.get(seat) === entry) Object.assign(entry, { status: "failed", problem: errorMessage(err) });
      return;
    }
    if (this.#peers.get(seat) !== entry) return made.pc.close(); // a newer invitation replaced this one
    Object.assign(entry, made, { status });
    made.channel.addEventListener("open", () => this.#opened(seat, entry));
    made.channel.addEventListener("message", (e) => this.#received(seat, entry, e.data));
    peer.watchGone(made.pc, made.channel, () => this.#gone(seat, entry));
  }

  /**
   * The connection of `seat`'s answered invitation failed before its channel opened (the browser said
   * so, its channel closed, CONNECT_MS passed, or HANDSHAKE_MS once ICE connected): nothing can make it
   * connect now. The seat gets a fresh invitation in place, its row says the connection failed, and the
   * old invitation's answer is then refused as an old one: without this the seat waited, answered, until
   * the host reloaded.
   * @param {number} seat @param {Peer} entry
   */
  #failed(seat, entry) {
    if (this.#peers.get(seat) !== entry || entry.status === "connected" || entry.answer === null) return;
    this.#warn(t("together.connectFailed", { name: playerName(seat) }));
    this.#invite(seat, true).then(() => this.#renderPanel(this.#lastView));
  }

  /**
   * A guest's message: one at a time per guest, at most GUEST_RATE a second (more are dropped),
   * refused here when it is not text of at most MAX_GUEST_MESSAGE characters, else Python's.
   * @param {number} seat @param {Peer} entry @param {unknown} data
   */
  #received(seat, entry, data) {
    if (entry.status !== "connected" || this.#busy.has(seat) || !this.#withinRate(seat)) return;
    if (typeof data !== "string" || data.length > MAX_GUEST_MESSAGE) {
      this.refuse(seat, {
        code: "bad_message",
        message: `a guest's message is JSON text of at most ${MAX_GUEST_MESSAGE} characters`,
      });
      return;
    }
    this.#busy.add(seat);
    this.#hooks.onMessage(seat, data).finally(() => this.#busy.delete(seat));
  }

  /** Count one message of `seat`; false once it sent more than GUEST_RATE in this second. @param {number} seat */
  #withinRate(seat) {
    const now = performance.now();
    const window = this.#rate.get(seat);
    if (!window || now - window.since >= 1000) {
      this.#rate.set(seat, { since: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= GUEST_RATE;
  }

  /** @param {number} seat @param {Peer} entry */
  #opened(seat, entry) {
    if (this.#peers.get(seat) !== entry) return;
    entry.status = "connected";
    // Before any view: the guest's clock shows the host's time from its first turn on.
    this.#send(seat, { type: "clock", seconds: this.#clockSeconds });
    if (this.#inMatch.has(seat)) this.#hooks.onBack(seat);
    this.#renderPanel(this.#lastView);
  }

  /**
   * Tell Python a guest is gone (its bot plays), once: views answered before Python has it still show
   * the seat as connected, and each would report it again (a "dropped out" said twice).
   * @param {number} seat
   */
  #reportGone(seat) {
    if (this.#reportedGone.has(seat)) return;
    this.#reportedGone.add(seat);
    this.#hooks.onGone(seat);
  }

  /** @param {number} seat @param {Peer} entry */
  #gone(seat, entry) {
    if (this.#peers.get(seat) !== entry) return;
    if (entry.status !== "connected") return this.#failed(seat, entry);
    entry.status = this.#inMatch.has(seat) ? "away" : "waiting";
    if (this.#inMatch.has(seat)) this.#reportGone(seat);
    // A fresh invitation at once, so the guest can come back.
    this.#invite(seat).then(() => this.#renderPanel(this.#lastView));
  }

  /**
   * The host pasted an answer code into `seat`'s row. It goes to the seat whose invitation it
   * answers, whichever row it was pasted into; a code that answers no current invitation, or one
   * already answered, is refused with a message and touches no connection (a connection given an
   * answer made for another offer can never connect). The same code again (a double click) is ignored.
   * @param {number} seat @param {HTMLInputElement} input
   */
  async #connect(seat, input) {
    const code = input.value.trim();
    const target = await this.#answerTarget(seat, code);
    if (target === null) return;
    const entry = this.#peers.get(target);
    if (!entry?.pc) return;
    if (target !== seat)
      this.#announcer.notify(t("together.connectRouted", { name: playerName(target) }), "", 5000, undefined, true);
    try {
      await peer.accept(entry.pc, code);
    } catch {
      if (entry.answer === code) entry.answer = null;
      this.#warn(t("together.connectBad", { name: playerName(target) }));
      return;
    }
    const pc = entry.pc;
    setTimeout(() => this.#failed(target, entry), CONNECT_MS);
    const handshake = () => {
      if (pc.iceConnectionState !== "connected" && pc.iceConnectionState !== "completed") return;
      pc.removeEventListener("iceconnectionstatechange", handshake);
      setTimeout(() => this.#failed(target, entry), HANDSHAKE_MS);
    };
    pc.addEventListener("iceconnectionstatechange", handshake);
    handshake();
  }

  /**
   * The seat `code` (pasted into `seat`'s row) is for, claimed for it (`answer`) at once so that a second
   * click finds it taken; or null when it is for none (the host was told why, unless it is the code
   * already accepted there). An answer from an older guest page names no offer: it is taken for the
   * row's seat, as before.
   * @param {number} seat @param {string} code @returns {Promise<number | null>}
   */
  async #answerTarget(seat, code) {
    let offered;
    try {
      offered = await answeredOffer(code);
    } catch {
      this.#warn(t("together.connectBad", { name: playerName(seat) }));
      return null;
    }
    const found = offered === null ? seat : ([...this.#peers].find(([, p]) => p.ufrag === offered)?.[0] ?? null);
    const entry = found === null ? undefined : this.#peers.get(found);
    if (found === null || !entry?.pc) {
      this.#warn(t("together.connectOld"));
      return null;
    }
    if (entry.answer === code) return null; // pasted again, or Connect pressed twice: it is on its way
    if (entry.answer !== null || entry.status === "connected") {
      this.#warn(t("together.connectTaken", { name: playerName(found) }));
      return null;
    }
    entry.answer = code;
    return found;
  }

  /** A warning toast, long enough to read. @param {string} text */
  #warn(text) {
    this.#announcer.notify(text, "warn", 8000);
  }

  // -- the hosting panel -----------------------------------------------------------------------

  /**
   * The seats a guest can take: before a match every other seat, during one the guests' seats.
   * @param {TableView | null} view @param {number} players
   */
  #openSeats(view, players) {
    if (view && this.#inMatch.size) return [...this.#inMatch].sort();
    return Array.from({ length: players - 1 }, (_, i) => i + 1);
  }

  /**
   * Open the hosting panel for a table of `players`; `onStart` starts the match with the guests
   * connected. Resolves when it closes: to "pass-and-play" when the player chose to play at this
   * device instead (offered where the browser has no WebRTC), else to "".
   * @param {{view: TableView | null, players: number, onStart: () => void}} options
   * @returns {Promise<string>}
   */
  async openPanel({ view, players, onStart }) {
    this.#lastView = view;
    this.#panelPlayers = players;
    const dialog = dialogOf("#dlg-host");
    dialog.returnValue = "";
    if (!peer.webrtcAvailable()) {
      fill(dialog, titleBar(dialog, t("together.host")), ...noWebrtc(dialog));
    } else {
      const seats = this.#openSeats(view, players);
      // A seat with no invitation yet, or none that could be made (a STUN/TURN address the browser
      // refused: the player may have mended it in the settings since), gets one.
      const uninvited = seats.filter((s) => (this.#peers.get(s)?.status ?? "failed") === "failed");
      await Promise.all(uninvited.map((s) => this.#invite(s)));
      this.#fillPanel(dialog, onStart);
    }
    if (!dialog.open) dialog.showModal();
    this.#renderPanel(view);
    return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
  }

  /** @param {HTMLDialogElement} dialog @param {() => void} onStart */
  #fillPanel(dialog, onStart) {
    const start = el("button", {
      class: "primary",
      text: t("together.hostStart"),
      data: { action: "host-start" },
      attrs: { type: "button" },
    });
    start.addEventListener("click", () => {
      dialog.close();
      onStart();
    });
    const inMatch = this.#inMatch.size > 0;
    fill(
      dialog,
      titleBar(dialog, t("together.host")),
      el(
        "div",
        { class: "body" },
        el("p", { text: inMatch ? t("together.hostRejoin") : t("together.hostIntro") }),
        el("div", { class: "host-seats", attrs: { id: "host-seats" } }),
      ),
      el("footer", {}, inMatch ? null : start),
    );
  }

  /** @param {TableView | null} view */
  #renderPanel(view) {
    this.#lastView = view ?? this.#lastView;
    const box = find("#host-seats");
    if (!box || !dialogOf("#dlg-host").open) return;
    for (const seat of this.#openSeats(this.#lastView, this.#panelPlayers)) {
      const p = this.#peers.get(seat);
      const row = find(`[data-peer="${seat}"]`, box);
      // A new invitation (a new offer) draws the row again, though its state is the same; so does a new
      // name (a guest's own, in its hello once connected: its row would call it by the old one).
      const shape = `${p?.status}:${p?.ufrag ?? p?.code?.length ?? 0}:${p?.lost}:${playerName(seat)}`;
      if (row?.dataset.shape === shape) continue;
      const fresh = this.#seatRow(seat, p);
      fresh.dataset.shape = shape;
      // The focus was in the old row (its Connect button, say): on the new row's heading, which
      // says the seat's new state, rather than lost to the page.
      const hadFocus = row?.contains(document.activeElement) ?? false;
      if (row) row.replaceWith(fresh);
      else box.append(fresh);
      if (hadFocus) $("h3", fresh).focus({ preventScroll: true });
    }
  }

  /** @param {number} seat @param {Peer | undefined} p */
  #seatRow(seat, p) {
    const name = playerName(seat);
    const connected = p?.status === "connected";
    const row = el(
      "section",
      { class: "host-seat", data: { peer: seat, connected: String(connected) } },
      el(
        "h3",
        { attrs: { tabindex: -1 } },
        name,
        el("span", {
          class: `peer-state ${stateWord(p)}`,
          text: t(`together.state.${stateWord(p)}`),
        }),
      ),
    );
    if (p?.status === "failed") row.append(el("p", { text: t("together.inviteFailed", { message: p.problem ?? "" }) }));
    if (p?.lost && !connected) row.append(el("p", { class: "peer-lost", text: t("together.connectLost", { name }) }));
    if (connected || !p?.code) return row;
    const link = inviteLink(seat, p.code);
    const anchor = el("a", {
      class: "invite-link",
      text: link,
      data: { invite: seat },
      attrs: { href: link, target: "_blank", rel: "noopener" },
    });
    anchor.dataset.value = link;
    const copy = el("button", { class: "secondary", text: t("together.copy"), attrs: { type: "button" } });
    copy.addEventListener("click", () =>
      navigator.clipboard
        ?.writeText(link)
        .then(() => this.#announcer.notify(t("together.copied")))
        .catch(() => {}),
    );
    const input = el("input", {
      attrs: { type: "text", autocomplete: "off", spellcheck: "false", "aria-label": t("together.answerCode", { name }) },
      data: { answerInput: seat },
    });
    input.value = p.draft;
    input.addEventListener("input", () => {
      p.draft = input.value;
    });
    const go = el("button", {
      class: "primary",
      text: t("together.connect"),
      data: { action: "connect", seat },
      attrs: { type: "button" },
    });
    go.addEventListener("click", () => this.#connect(seat, input));
    row.append(
      el("div", { class: "invite" }, el("span", { class: "label", text: t("together.invite", { name }) }), anchor, copy),
      qrSvg(link, t("together.invite", { name })),
      el("label", { class: "field" }, el("span", { text: t("together.answerCode", { name }) }), input),
      go,
    );
    return row;
  }

  // -- the move clock for guests ---------------------------------------------------------------

  /**
   * The host keeps time for the guests: a guest to choose (or to press "next") gets the
   * clock's seconds plus the grace period, then the computer chooses for it (`onTimeout`).
   * @param {TableView} view @param {number} seconds
   * @param {(seat: number, kind: "next" | "auto") => void} onTimeout
   */
  guard(view, seconds, onTimeout) {
    this.#guarded = { view, onTimeout };
    this.#tellClock(seconds);
    const guests = [...this.#inMatch].filter((s) => this.#isConnected(s));
    const waiting = view.result ? view.waiting_for : view.to_act;
    const seat = guests.find((s) => waiting.includes(s));
    const key =
      seat === undefined || !seconds
        ? null
        : [seat, view.hand_number, view.stage, view.trick_number, view.trick.length].join(":");
    if (key === this.#guardKey) return;
    clearTimeout(this.#guardTimer);
    this.#guardKey = key;
    if (seat !== undefined && key !== null) {
      this.#guardTimer = setTimeout(() => onTimeout(seat, view.result ? "next" : "auto"), (seconds + GRACE_S) * 1000);
    }
  }

  /**
   * The host's clock setting changed (the settings dialog, the `C` key): the guests hear it, and a
   * guest's turn under way starts its time again with the new seconds (or has none), as its page's clock does.
   * @param {number} seconds 0: no clock
   */
  setClock(seconds) {
    if (seconds === this.#clockSeconds) return;
    clearTimeout(this.#guardTimer);
    this.#guardKey = null;
    this.#tellClock(seconds);
    if (this.#guarded) this.guard(this.#guarded.view, seconds, this.#guarded.onTimeout);
  }

  /** Each connected guest hears the host's clock setting when it changed. @param {number} seconds */
  #tellClock(seconds) {
    if (seconds === this.#clockSeconds) return;
    this.#clockSeconds = seconds;
    for (const seat of this.connectedSeats()) this.#send(seat, { type: "clock", seconds });
  }
}

/** What a seat's row says of its guest (together.state.*). @param {Peer | undefined} p */
function stateWord(p) {
  if (p?.lost && p.status === "waiting") return "lost";
  return p?.status === "connected" || p?.status === "away" || p?.status === "failed" ? p.status : "waiting";
}

/**
 * The hosting panel of a browser without WebRTC: it says so and offers pass-and-play instead
 * (the dialog closes with the return value "pass-and-play"; main.js opens the settings, where a
 * seat becomes a person at this device).
 * @param {HTMLDialogElement} dialog @returns {HTMLElement[]}
 */
function noWebrtc(dialog) {
  const instead = el("button", {
    class: "primary",
    text: t("together.passAndPlay"),
    data: { action: "pass-and-play" },
    attrs: { type: "button" },
  });
  instead.addEventListener("click", () => dialog.close("pass-and-play"));
  return [el("div", { class: "body" }, el("p", { text: t("together.noWebrtc") })), el("footer", {}, instead)];
}
