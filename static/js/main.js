// Starts the page and conducts it: every change to the table goes through one queue
// (`act`), which asks Python via bridge.js, stores the autosave, animates the events and
// draws the new view. Bots are driven one decision at a time, so each card can be shown.

import { botDelay, dealHand, playEvents, setSpeed } from "./animate.js";
import { announce, announceEvents, announceTurn, notify, readTable } from "./announce.js";
import { forgetView, keepView, keptView, showStarting } from "./boot/preview.js";
import { makeSnapshotLater } from "./boot/snapshot.js";
import * as bridge from "./bridge.js";
import { hold, syncClock } from "./clock.js";
import * as dialogs from "./dialogs.js";
import { $, $$, errorMessage, nextTask, sleep } from "./dom.js";
import { applyStatic, errorText, say, setLang, setSeatNames, setSelfSeat, t } from "./i18n.js";
import { bindInput, CARD_KEYS, focusHand } from "./input.js";
import { showTip, tipShowing } from "./learn.js";
import * as host from "./net/host.js";
import { layoutHand, render, renderDisplayOptions, renderShell } from "./render.js";
import { openReview } from "./review.js";
import * as settings from "./settings.js";
import { openShare, takeFromAddress } from "./share.js";
import { app, pickToPass, pruneSelection, shownView } from "./state.js";
import { openStats } from "./stats.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./protocol.js").Event} Event
 * @typedef {import("./protocol.js").StateAnswer} StateAnswer
 * @typedef {import("./protocol.js").ErrorAnswer} ErrorAnswer
 * @typedef {import("./protocol.js").ErrorBody} ErrorBody
 * @typedef {import("./protocol.js").TableView} TableView
 */

// -- one queue for everything that changes the table ----------------------------------------

/** @type {Promise<unknown>} */
let chain = Promise.resolve();
let botQueued = false;
let storageWarned = false;

/**
 * Run `task` after everything queued before it; resolves to its result (undefined if it failed).
 * @template T
 * @param {() => Promise<T> | T} task
 * @returns {Promise<T | undefined>}
 */
function act(task) {
  const run = chain.then(task).catch((err) => {
    // A bug in the page: say so (the e2e tests fail on any console error).
    console.error(err);
    notify(errorMessage(err), "warn");
    return undefined;
  });
  chain = run;
  return run;
}

/** @param {ErrorBody} error @param {string | null} [playedCard] */
function refuse(error, playedCard = null) {
  notify(errorText(error, playedCard), "warn", 3500); // the toast draws the cards, the log says their names
}

/**
 * Send one of the person's choices. Until Python answers, the table shows nobody to act
 * (data-turn="-1", no legal card), so a second click cannot send a second choice.
 */
/**
 * @param {() => Promise<StateAnswer | ErrorAnswer>} request
 * @param {{animate?: boolean, card?: string | null}} [options]
 */
function choose(request, { animate = true, card = null } = {}) {
  if (app.waiting) return;
  app.waiting = true;
  if (app.view) render();
  return act(async () => {
    const answer = await request();
    app.waiting = false;
    return apply(answer, { animate, card });
  });
}

/**
 * Pass-and-play: the device goes to another person when the shown seat changes. Until
 * that person reveals, the hand-off screen covers the table and no hand is in the page.
 * @param {TableView | null} previous
 * @param {TableView} next
 */
function needsHandoff(previous, next) {
  return next.local.length > 1 && (previous === null || previous.self !== next.self || previous.local.length < 2);
}

/**
 * Take one answer of Python: remember it, show what happened, draw the new view.
 * @param {StateAnswer | ErrorAnswer} answer
 * @param {{animate?: boolean, card?: string | null}} [options] `card`: the card the person played, to word a refusal
 * @returns {Promise<boolean>} whether Python accepted
 */
async function apply(answer, { animate = true, card = null } = {}) {
  if ("error" in answer) {
    refuse(answer.error, card);
    if (app.view) render(); // show the table as it was before the refused choice
    return false;
  }
  setSeatNames(answer.state.seats.map((s) => s.name));
  if (needsHandoff(app.view, answer.state)) {
    app.handoff = answer.state.self;
    animate = false; // the events would show the next person's received cards to whoever holds the device
  }
  if (!storage.storeGame(answer.save) && !storageWarned) {
    storageWarned = true;
    notify(t("storageFailed"), "warn", 6000);
  }
  // The next start draws the kept view before Python is ready (boot/preview.js); not in
  // pass-and-play, where it would show a person's hand before the hand-off screen.
  if (answer.state.local.length < 2) keepView(answer);
  else forgetView();
  // A match that counts has just ended: Python booked it, the page keeps the new text.
  if (answer.stats_save !== undefined) storage.storeStats(answer.stats_save);
  // Tips (learn mode) show in order with the other events; after a change that is not
  // animated they show once the table is drawn, ahead of the bots' next move.
  const before = app.view;
  const animated = animate && before !== null;
  if (animated) await playEvents(answer.events, before);
  else if (before) announceEvents(answer.events, before);
  const tips = animated ? [] : answer.events.filter((event) => event.type === "tip");
  if (tips.length) {
    act(async () => {
      for (const tip of tips) await showTip(tip);
    });
  }
  // The hand the preview showed is on the table already: the resumed view does not deal it again.
  const shown = before ?? previewed;
  previewed = null;
  const newHand = !shown || shown.hand_number !== answer.state.hand_number || shown.seed !== answer.state.seed;
  app.view = answer.state;
  setSelfSeat(app.view.self);
  pruneSelection();
  render();
  if (newHand) dealHand();
  announceTurn(app.view);
  syncClock(app.view, settings.get().clock, onClockOut);
  host.deliver(app.view, answer.guests ?? []);
  host.guard(app.view, settings.get().clock, onGuestClockOut);
  if (document.body.classList.contains("keyboard")) focusHand();
  queueBots();
  return true;
}

// -- guests over the network (net/host.js carries the messages; Python referees) ------------

function fromGuest(seat, text) {
  act(async () => {
    const answer = await bridge.guest(seat, text);
    if ("error" in answer) return host.refuse(seat, answer.error); // only that guest hears why
    return apply(answer);
  });
}

function guestAway(seat, away) {
  act(async () => apply(await bridge.setAway(seat, away)));
}

function onGuestClockOut(seat, kind) {
  act(async () => apply(await (kind === "next" ? bridge.nextHand(seat) : bridge.autoPlay(seat))));
}

function queueBots() {
  if (!shownView().bots_to_act || botQueued) return;
  botQueued = true;
  act(async () => {
    botQueued = false;
    const view = shownView();
    if (!view.bots_to_act) return;
    if (view.phase === "play") await sleep(botDelay());
    await apply(await bridge.advance());
  });
}

function onClockOut() {
  if (shownView().self_to_act) choose(() => bridge.autoPlay());
}

async function startMatch() {
  app.handoff = null;
  if (!app.info) throw new Error("rules_info has not answered yet");
  const { checked, refused } = await bridge.checkRulesOr(settings.get().rules, app.info.defaults);
  if (refused) notify(t("rulesRefused", { reason: errorText(refused) }), "warn", 6000);
  const request = host.seatSettings(settings.matchSettings(checked.rules.players));
  request.rules = checked.rules;
  app.selected = [];
  app.hint = null;
  app.showLastTrick = false;
  let answer = await bridge.newMatch(request);
  if ("error" in answer) {
    // Stored settings Python no longer accepts (say, a bot level from an older version):
    // say so and deal with the defaults rather than leave the table empty.
    notify(t("settingsRefused", { reason: errorText(answer.error) }), "warn", 6000);
    settings.update({ bots: settings.DEFAULTS.bots, seed: null });
    answer = await bridge.newMatch({});
  }
  return apply(answer, { animate: false });
}

function clearPageChoices() {
  app.selected = [];
  app.hint = null;
  app.showLastTrick = false;
}

/** The learn hand: one hand against three bots with a tip the first time each thing happens. */
async function startLearn() {
  clearPageChoices();
  return apply(await bridge.newMatch({ mode: "learn" }), { animate: false });
}

/** Open the deal of a shared link; a bad link gets a notice (returned) and changes nothing. */
async function startShared(code) {
  const answer = await bridge.openShare(code);
  if ("error" in answer) return t("share.bad", { reason: errorText(answer.error) });
  clearPageChoices();
  await apply(answer, { animate: false });
  return null;
}

/** Ask before a running match is replaced. */
async function mayReplace() {
  const view = app.view;
  return !view?.match.in_progress || view.mode === "learn" || modal(() => dialogs.confirm(t("confirmNew")));
}

// -- what the person does --------------------------------------------------------------------

function shake(card) {
  const node = $(`#hand [data-card="${card}"]`);
  node?.classList.remove("shake");
  void node?.offsetWidth;
  node?.classList.add("shake");
}

function onCard(card) {
  const view = app.view;
  if (!view || app.waiting || tipShowing()) return;
  app.focusCard = card;
  if (view.phase === "pass" && view.self_to_act) {
    if (!pickToPass(card)) shake(card);
    render();
    return;
  }
  choose(() => bridge.playCard(card), { card })?.then((ok) => {
    if (!ok) shake(card);
  });
}

function onDisplay(changes) {
  applyDisplay();
  const s = settings.get();
  // The language is the page's alone (Python sends codes): a redraw is all it takes.
  if ("lang" in changes && app.view) render();
  if ("clock" in changes && app.view) syncClock(app.view, s.clock, onClockOut);
}

/** Open a dialog; the think-time clock stands still while it is open. */
async function modal(open) {
  hold(true);
  try {
    return await open();
  } finally {
    hold(false);
    focusHand();
  }
}

function openSettings(startScreen) {
  if (!app.info) return;
  modal(() => dialogs.openSettings({ info: app.info, startScreen, onDisplay, onStart: () => act(startMatch) }));
}

/** Language, speed and the table's look from the settings, without asking Python. */
function applyDisplay() {
  const s = settings.get();
  setLang(settings.lang());
  applyStatic();
  setSpeed(s.speed);
  renderDisplayOptions();
}

const actions = {
  pass: () => {
    const cards = [...app.selected];
    choose(() => bridge.passCards(cards));
  },
  hint: () =>
    act(async () => {
      const answer = await bridge.hint();
      if ("error" in answer) return refuse(answer.error);
      const { code, params } = answer.hint.reason;
      const reason = t(`reasons.${code}`, params);
      app.hint = { cards: new Set(answer.hint.cards), reason };
      render();
      notify(reason, "gold", 4500, say(`reasons.${code}`, params));
    }),
  undo: () => choose(() => bridge.undo(), { animate: false }),
  scores: () => {
    const view = app.view;
    if (view) modal(() => dialogs.openScores(view));
  },
  stats: () => modal(openStats),
  "new-match": async () => {
    if (!app.view) return;
    if (app.view.match.in_progress && !(await modal(() => dialogs.confirm(t("confirmNew"))))) return;
    act(startMatch);
  },
  settings: () => openSettings(false),
  "last-trick": () => {
    if (!app.view?.last_trick) return;
    app.showLastTrick = !app.showLastTrick;
    render();
  },
  "next-hand": () => (app.view?.mode === "learn" ? actions["real-match"]() : choose(() => bridge.nextHand(), { animate: false })),
  learn: async (node) => {
    if (app.view && !node?.dataset.startScreen && !(await mayReplace())) return;
    act(startLearn);
  },
  "real-match": () => act(startMatch),
  review: () => {
    const view = app.view;
    if (view?.history.length) modal(() => openReview(view.history.length - 1));
  },
  "review-hand": (node) => {
    $("#dlg-scores").close();
    modal(() => openReview(Number(node.dataset.hand)));
  },
  share: () => app.view && modal(() => openShare()),
  "same-deal": () =>
    act(async () => {
      app.selected = [];
      await apply(await bridge.sameDealAgain(), { animate: false });
    }),
  "play-again": () => act(startMatch),
  reveal: () => {
    app.handoff = null;
    render();
    focusHand();
  },
  host: () =>
    app.info &&
    modal(() =>
      host.openPanel({
        view: app.view,
        players: app.view?.players ?? 4,
        onStart: () => act(startMatch),
      }),
    ),
};

/** @type {import("./input.js").Handlers} */
const handlers = {
  card: onCard,
  action: (name, node) => actions[name]?.(node),
  /** The card showing the `index`-th key (input.js CARD_KEYS; render.js shows the keys). */
  cardKey(index) {
    const card = $$("#hand [data-key]").find((node) => node.dataset.key === CARD_KEYS[index])?.dataset.card;
    if (card) onCard(card);
  },
  readTable: () => app.view && readTable(app.view),
  clockOff() {
    if (!app.view || !settings.get().clock) return;
    settings.update({ clock: 0 });
    syncClock(app.view, 0, onClockOut);
    announce(t("log.clockOff"));
  },
  /** Confirm what is pending; true when there was something to confirm. */
  enter() {
    const view = app.view;
    if (!view) return false;
    if (tipShowing()) return true;
    if (view.phase === "pass" && view.self_to_act && app.selected.length === view.pass.count) actions.pass();
    else if (view.result && !view.match.over) actions["next-hand"]();
    else return false;
    return true;
  },
  escape() {
    if (app.showLastTrick) app.showLastTrick = false;
    else if (app.hint) app.hint = null;
    if (app.view) render();
  },
  focused(card) {
    app.focusCard = card;
  },
  resize: () => layoutHand(),
};

// -- start-up --------------------------------------------------------------------------------

function loading(key) {
  $("#loading-text").textContent = t(key);
}

function failed(message) {
  $("#loading").classList.add("failed");
  $("#loading-text").textContent = t("loadFailed", { message });
}

/** The view the preview drew (boot/preview.js), until Python's first view replaces it. */
let previewed = null;

/** The autosaved table as Python last drew it, read-only until Python is ready (boot/preview.js). */
function drawPreview() {
  const fresh = new URLSearchParams(location.search).has("setup"); // a new match starts instead
  const view = !fresh && storage.loadGame() !== null ? keptView() : null;
  if (!view) return false;
  app.view = view;
  app.waiting = true; // data-turn="-1", no legal card: nothing can be chosen
  try {
    setSelfSeat(view.self);
    render();
  } catch {
    app.view = null; // a kept view this page cannot draw: the plain loading screen then
    app.waiting = false;
    renderShell(view.players ?? 4);
    return false;
  }
  showStarting(true);
  return true;
}

/**
 * Hand Python the stored statistics. Ones it refuses are kept aside (their key is returned
 * for the notice) and the statistics start empty; the text Python answers is stored at once
 * (former counters come back migrated, kept whole in it).
 * @returns {Promise<string | null>}
 */
async function loadStats() {
  const text = storage.loadStatsText();
  let answer = await bridge.statsLoad(text);
  let aside = null;
  if ("error" in answer && text !== null) {
    aside = storage.keepStatsAside(text);
    answer = await bridge.statsLoad(null);
  }
  if (!("error" in answer)) storage.storeStats(answer.stats_save);
  return aside;
}

async function boot() {
  performance.mark("hearts:boot"); // the start-up timeline (tools/bench/start_trace.py)
  // The page's modules are evaluated in one task; the first drawing (shell, preview) in the next.
  await nextTask();
  const { aside } = settings.load();
  const s = settings.get();
  applyDisplay();
  renderShell(Number.isInteger(s.rules.players) ? s.rules.players : 4);
  bindInput(handlers);
  host.init({ onMessage: fromGuest, onGone: (seat) => guestAway(seat, true), onBack: (seat) => guestAway(seat, false) });
  loading("loadingPython");
  const preview = drawPreview();
  performance.mark(preview ? "hearts:preview" : "hearts:shell");
  const slow = setTimeout(() => loading("loadingSlow"), 9000);
  try {
    await bridge.ready;
  } catch (err) {
    clearTimeout(slow);
    return failed(errorMessage(err));
  }
  clearTimeout(slow);
  performance.mark("hearts:python-ready");
  if (preview) {
    previewed = app.view;
    app.view = null; // the resumed save's view replaces it; until then nothing may act on it
    app.waiting = false;
  }
  loading("dealing");
  const info = await bridge.rulesInfo();
  performance.mark("hearts:first-answer");
  if ("error" in info) return failed(info.error.message);
  app.info = info;

  const notices = [];
  if (aside) notices.push(t("corruptSettings", { key: aside }));
  const statsAside = await loadStats();
  if (statsAside) notices.push(t("corruptStats", { key: statsAside }));
  const shared = takeFromAddress();
  let firstVisit = false;
  await act(async () => {
    if (settings.fromAddress()) {
      applyDisplay();
      return settings.addressMode === "learn" ? startLearn() : startMatch();
    }
    const saved = storage.loadGame();
    if (saved === null) {
      firstVisit = true;
      return startMatch();
    }
    const answer = await bridge.resume(saved);
    if ("error" in answer) {
      // Keep the save Python could not read, then deal a new match over the autosave.
      notices.push(t("corruptSave", { key: storage.keepGameAside(saved) }));
      return startMatch();
    }
    await apply(answer, { animate: false });
  });
  if (shared !== null) {
    // The running match (or the new one) stays as it is unless the link is good.
    await act(async () => {
      const problem = await startShared(shared);
      if (problem) notices.push(problem);
      else firstVisit = false;
    });
  }
  performance.mark("hearts:table-drawn");
  if (!app.view) return failed(t("errors.no_match"));
  // What data-ready sets going (the service worker's registration, the snapshot's check) runs
  // in a task of its own, not in the one that drew the table.
  await nextTask();
  showStarting(false);
  $("#loading").hidden = true;
  document.body.dataset.ready = "1";
  performance.mark("hearts:ready");
  bridge.ready.then(makeSnapshotLater).catch((err) => console.warn("snapshot:", errorMessage(err)));
  for (const text of notices) await modal(() => dialogs.notice(text));
  if (firstVisit) openSettings(true);
}

boot();
