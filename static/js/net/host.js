// The host's side of play-with-friends: one WebRTC peer per guest seat, the hosting panel
// (invitation link + QR code per free seat, the answer code pasted back, connect), and the
// delivery of Python's per-seat messages. The host's Python is the only referee: a guest's
// message goes to it as it came (`onMessage`), and each guest gets only the message Python
// made for its seat (`deliver`). A guest that drops out is reported (`onGone`) so its bot
// plays on; a new invitation for that seat lets it rejoin (`onBack`).

import { notify } from "../announce.js";
import { titleBar } from "../dialogs.js";
import { $, el, fill } from "../dom.js";
import { playerName, t } from "../i18n.js";
import * as peer from "./peer.js";
import { qrSvg } from "./qr.js";
import { inviteLink } from "./signal.js";

const GRACE_S = 10; // as the person's own clock (clock.js)

/** seat → {pc, channel, code, status: "inviting" | "waiting" | "connected" | "away"} */
const peers = new Map();
/**
 * @typedef {{
 *   onMessage: (seat: number, text: string) => void,
 *   onGone: (seat: number) => void,
 *   onBack: (seat: number) => void,
 * }} HostHooks
 */
/** @type {HostHooks} */
let hooks = { onMessage: () => {}, onGone: () => {}, onBack: () => {} };
let inMatch = new Set(); // guest seats of the running match
const stats = { messages: 0, bytes: 0 };

/** @param {HostHooks} callbacks */
export function init(callbacks) {
  hooks = callbacks;
  addEventListener("pagehide", () => closeAll("host_left"));
  globalThis.heartsNet = { ...globalThis.heartsNet, hostStats: stats };
}

/** Seats whose guest is connected now. */
export const connectedSeats = () => [...peers].filter(([, p]) => p.status === "connected").map(([s]) => s);

/** The seats of a new match's request: connected guests are persons played over the network. */
export function seatSettings(request) {
  const remote = connectedSeats().filter((s) => s < request.bots.length + 1);
  // Free seats get bots: a "person" level there means pass-and-play, not a missing guest.
  request.bots = request.bots.map((level, i) => (remote.includes(i + 1) ? "human" : level));
  if (remote.length) request.remote = remote;
  return request;
}

/** Python's answer was applied: remember the match's guest seats, send each its own view. */
export function deliver(view, guests) {
  inMatch = new Set(view.seats.filter((s) => s.control === "remote" || s.control === "away").map((s) => s.seat));
  for (const { seat, message } of guests) send(seat, message);
  renderPanel(view);
}

/** A guest's message was refused: only that guest hears why. */
export function refuse(seat, error) {
  send(seat, { type: "error", error });
}

function send(seat, message) {
  const p = peers.get(seat);
  if (p?.status !== "connected" || p.channel.readyState !== "open") return;
  const text = JSON.stringify(message);
  p.channel.send(text);
  stats.messages += 1;
  stats.bytes += new TextEncoder().encode(text).length;
}

function closeAll(reason) {
  for (const [seat, p] of peers) {
    send(seat, { type: "bye", reason });
    p.pc.close();
  }
}

// -- invitations and connections ---------------------------------------------------------------

async function invite(seat) {
  const old = peers.get(seat);
  old?.pc.close();
  const status = old?.status === "away" || inMatch.has(seat) ? "away" : "waiting";
  const entry = { pc: null, channel: null, code: null, status: "inviting" };
  peers.set(seat, entry);
  const made = await peer.offer();
  if (peers.get(seat) !== entry) return made.pc.close(); // a newer invitation replaced this one
  Object.assign(entry, made, { status });
  made.channel.addEventListener("open", () => opened(seat, entry));
  made.channel.addEventListener("message", (e) => entry.status === "connected" && hooks.onMessage(seat, String(e.data)));
  peer.watchGone(made.pc, made.channel, () => gone(seat, entry));
}

function opened(seat, entry) {
  if (peers.get(seat) !== entry) return;
  entry.status = "connected";
  if (inMatch.has(seat)) hooks.onBack(seat);
  renderPanel(lastView);
}

function gone(seat, entry) {
  if (peers.get(seat) !== entry || entry.status !== "connected") return;
  entry.status = inMatch.has(seat) ? "away" : "waiting";
  if (inMatch.has(seat)) hooks.onGone(seat);
  // A fresh invitation at once, so the guest can come back.
  invite(seat).then(() => renderPanel(lastView));
}

async function connect(seat, input) {
  const entry = peers.get(seat);
  if (!entry?.pc) return;
  try {
    await peer.accept(entry.pc, input.value);
  } catch {
    notify(t("together.connectBad", { name: playerName(seat) }), "warn", 5000);
  }
}

// -- the hosting panel -------------------------------------------------------------------------

let lastView = null;
let panelPlayers = 0;

/** The seats a guest can take: before a match every other seat, during one the guests' seats. */
function openSeats(view, players) {
  if (view && inMatch.size) return [...inMatch].sort();
  return Array.from({ length: players - 1 }, (_, i) => i + 1);
}

/** Open the hosting panel for a table of `players`; `onStart` starts the match with the guests connected. */
export async function openPanel({ view, players, onStart }) {
  lastView = view;
  panelPlayers = players;
  const dialog = $("#dlg-host");
  const seats = openSeats(view, players);
  await Promise.all(seats.filter((s) => !peers.has(s)).map((s) => invite(s)));
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
  fill(
    dialog,
    titleBar(dialog, t("together.host")),
    el(
      "div",
      { class: "body" },
      el("p", { text: inMatch.size ? t("together.hostRejoin") : t("together.hostIntro") }),
      el("div", { class: "host-seats", attrs: { id: "host-seats" } }),
    ),
    el("footer", {}, inMatch.size ? null : start),
  );
  if (!dialog.open) dialog.showModal();
  renderPanel(view);
  return new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
}

function renderPanel(view) {
  lastView = view ?? lastView;
  const box = $("#host-seats");
  if (!box || !$("#dlg-host").open) return;
  for (const seat of openSeats(lastView, panelPlayers)) {
    const p = peers.get(seat);
    let row = box.querySelector(`[data-peer="${seat}"]`);
    const shape = `${p?.status}:${p?.code?.length ?? 0}`;
    if (row?.dataset.shape === shape) continue;
    const fresh = seatRow(seat, p);
    fresh.dataset.shape = shape;
    // The focus was in the old row (its Connect button, say): on the new row's heading, which
    // says the seat's new state, rather than lost to the page.
    const hadFocus = row?.contains(document.activeElement) ?? false;
    if (row) row.replaceWith(fresh);
    else box.append(fresh);
    if (hadFocus) fresh.querySelector("h3")?.focus({ preventScroll: true });
    row = fresh;
  }
}

function seatRow(seat, p) {
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
        class: `peer-state ${p?.status ?? "waiting"}`,
        text: t(`together.state.${connected ? "connected" : p?.status === "away" ? "away" : "waiting"}`),
      }),
    ),
  );
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
      .then(() => notify(t("together.copied")))
      .catch(() => {}),
  );
  const input = el("input", {
    attrs: { type: "text", autocomplete: "off", spellcheck: "false", "aria-label": t("together.answerCode", { name }) },
    data: { answerInput: seat },
  });
  const go = el("button", {
    class: "primary",
    text: t("together.connect"),
    data: { action: "connect", seat },
    attrs: { type: "button" },
  });
  go.addEventListener("click", () => connect(seat, input));
  row.append(
    el("div", { class: "invite" }, el("span", { class: "label", text: t("together.invite", { name }) }), anchor, copy),
    qrSvg(link, t("together.invite", { name })),
    el("label", { class: "field" }, el("span", { text: t("together.answerCode", { name }) }), input),
    go,
  );
  return row;
}

// -- the move clock for guests -----------------------------------------------------------------

let guardKey = null;
let guardTimer = null;

/**
 * The host keeps time for the guests: a guest to choose (or to press "next") gets the
 * clock's seconds plus the grace period, then the computer chooses for it (`onTimeout`).
 */
export function guard(view, seconds, onTimeout) {
  const guests = [...inMatch].filter((s) => peers.get(s)?.status === "connected");
  const waiting = view.result ? view.waiting_for : view.to_act;
  const seat = guests.find((s) => waiting.includes(s));
  const key =
    seat === undefined || !seconds ? null : [seat, view.hand_number, view.stage, view.trick_number, view.trick.length].join(":");
  if (key === guardKey) return;
  clearTimeout(guardTimer);
  guardKey = key;
  if (key !== null) guardTimer = setTimeout(() => onTimeout(seat, view.result ? "next" : "auto"), (seconds + GRACE_S) * 1000);
}
