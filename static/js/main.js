// Starts the game's page and turns the person's intents (input.js) into changes: a pick, a
// hint shown or a last-trick view changes the page's state through its one funnel
// (state.js `UiStore.update`); a choice for Python is a task in the bridge's one queue,
// conducted by game.js (ask Python, store, animate, draw).

import { applyDisplay, makePage, pickForPass, shake } from "./app.js";
import { keptView, showStarting } from "./boot/preview.js";
import { makeSnapshotLater } from "./boot/snapshot.js";
import { Bridge } from "./bridge.js";
import { openChallengeIntro, openChallengeLink, playedChallenge } from "./challenge.js";
import * as dialogs from "./dialogs.js";
import { $, $$, dialogOf, errorMessage, nextTask } from "./dom.js";
import { Game } from "./game.js";
import { errorText, say, t } from "./i18n.js";
import { bindInput, CARD_KEYS, focusHand } from "./input.js";
import { Offline } from "./offline.js";
import { layoutHand, renderShell } from "./render.js";
import { Reviews } from "./review.js";
import { todayUtc } from "./rewards.js";
import { openShare, takeFromAddress } from "./share.js";
import { openStats } from "./stats.js";
import * as storage from "./storage.js";
import { TableTab } from "./tabs.js";

/**
 * @typedef {import("./app.js").Page} Page
 * @typedef {import("./input.js").Handlers} Handlers
 * @typedef {import("./settings.js").SettingsValues} SettingsValues
 * @typedef {import("./bridge.js").Python} Python
 */

/**
 * What the person's intents reach: the page's objects, the game, Python's queue, the review
 * runner and the offline copy (created once, in `boot`).
 * @typedef {object} Context
 * @property {Page} page
 * @property {Game} game
 * @property {Bridge} bridge
 * @property {Reviews} reviews
 * @property {Offline} offline
 */

// -- what the person does --------------------------------------------------------------------

/**
 * A card of the hand: picked or unpicked while passing, played otherwise.
 * @param {Context} ctx @param {string} card
 */
function onCard({ page, game }, card) {
  const { ui, tips } = page;
  const { view, waiting } = ui.state;
  if (!view || waiting || tips.showing) return;
  if (view.phase === "pass" && view.self_to_act) {
    pickForPass(page, card);
    return;
  }
  ui.update({ focusCard: card }, { redraw: false }); // choose draws
  // Not this person's turn (the bots play, the pass is made): nothing is sent, so nothing waits
  // in the queue to be played, or refused, once the turn comes.
  if (view.phase !== "play" || !view.self_to_act) {
    shake(card);
    return;
  }
  game
    .choose((python) => python.playCard(card), { card })
    ?.then((ok) => {
      if (!ok) shake(card);
    });
}

/**
 * A display setting changed in the settings dialog: the language is the page's alone
 * (Python sends codes), so a redraw is all it takes. Sound turned on, or its volume moved,
 * starts inside the player's gesture and plays a chime at the chosen volume.
 * @param {Context} ctx @param {Partial<SettingsValues>} changes
 */
function onDisplay({ page, game }, changes) {
  applyDisplay(page);
  if ("clock" in changes) clockChanged({ page, game });
  if ("sound" in changes || "volume" in changes) {
    page.sound.unlock();
    page.sound.play("turn");
  }
}

/**
 * The clock's setting changed: this page's clock, and the one the host keeps for its guests
 * (their pages show the host's seconds: net/host.js `setClock`).
 * @param {{page: Page, game: Game}} ctx
 */
function clockChanged({ page, game }) {
  game.syncClock();
  game.host.setClock(page.settings.get().clock);
}

/** @param {Context} ctx @param {boolean} startScreen */
function openSettings(ctx, startScreen) {
  const { page, game, bridge, offline } = ctx;
  const info = page.ui.state.info;
  if (!info) return;
  game.modal(() =>
    dialogs.openSettings({
      info,
      startScreen,
      onDisplay: (changes) => onDisplay(ctx, changes),
      // As the bar's "New match" does: a match in progress is not replaced without asking.
      onStart: async () => {
        if (startScreen || (await game.mayReplace())) game.act((python) => game.startMatch(python));
      },
      bridge,
      settings: page.settings,
      offline,
    }),
  );
}

/**
 * The buttons' actions ([data-action]), by name.
 * @param {Context} ctx @returns {Record<string, (node?: HTMLElement) => void>}
 */
function actionsOf(ctx) {
  const { page, game, bridge, reviews } = ctx;
  const { ui, announcer } = page;
  const startMatch = () => game.act((python) => game.startMatch(python));
  /** @type {Record<string, (node?: HTMLElement) => void>} */
  const actions = {
    pass: () => {
      const cards = [...ui.state.selected];
      game.choose((python) => python.passCards(cards));
    },
    hint: () =>
      game.act(async (python) => {
        const answer = await game.thinking("hint", python.hint(page.settings.get().hintLevel));
        if ("error" in answer) return game.refuse(answer.error);
        const { code, params } = answer.hint.reason;
        const reason = t(`reasons.${code}`, params);
        ui.update({ hint: { cards: new Set(answer.hint.cards), reason } });
        announcer.notify(reason, "gold hint", 4500, say(`reasons.${code}`, params), true);
      }),
    undo: () => game.choose((python) => python.undo(), { animate: false }),
    claim: () => game.choose((python) => python.claim()),
    scores: () => {
      const view = ui.state.view;
      if (view) game.modal(() => dialogs.openScores(view));
    },
    stats: () => game.modal(() => openStats(bridge, announcer)),
    "new-match": async () => {
      const view = ui.state.view;
      if (!view) return;
      if (view.match.in_progress && !(await game.modal(() => dialogs.confirm(t("confirmNew"))))) return;
      startMatch();
    },
    settings: () => openSettings(ctx, false),
    "last-trick": () => {
      const view = ui.state.view;
      if (!view) return;
      const show = Boolean(view.last_trick) && !ui.state.showLastTrick;
      // Said as it opens (or that there is no trick yet): the overlay alone is silent.
      if (show || !view.last_trick) announcer.lastTrick(view);
      if (view.last_trick) ui.update({ showLastTrick: show });
    },
    "next-hand": () =>
      ui.state.view?.mode === "learn" ? startMatch() : game.choose((python) => python.nextHand(), { animate: false }),
    learn: async (node) => {
      if (ui.state.view && !node?.dataset.startScreen && !(await game.mayReplace())) return;
      game.act((python) => game.startLearn(python));
    },
    "real-match": startMatch,
    review: () => {
      const view = ui.state.view;
      if (view?.history.length) game.modal(() => reviews.open(view.history.length - 1));
    },
    "review-hand": (node) => {
      dialogOf("#dlg-scores").close();
      game.modal(() => reviews.open(Number(node?.dataset.hand)));
    },
    share: () => {
      if (ui.state.view) game.modal(() => openShare(bridge, announcer));
    },
    daily: async (node) => {
      // Today's daily on the table already: dealing it again would end the day's counted attempt in a
      // replay that counts for nothing. The person is told so, and plays on.
      const daily = ui.state.view?.match.in_progress ? ui.state.view.daily : null;
      if (daily?.date === todayUtc()) {
        announcer.notify(t("rw.dailyOngoing"), "warn", 5000);
        return;
      }
      if (ui.state.view && !node?.dataset.startScreen && !(await game.mayReplace())) return;
      game.act((python) => game.startDaily(python));
    },
    challenge: () => {
      const view = ui.state.view;
      if (!view?.result) return;
      const scope = view.match.over ? "match" : "hand";
      game.modal(() => openChallengeLink(bridge, announcer, scope, page.settings.get().names[0] ?? ""));
    },
    "same-deal": () => game.act((python) => game.sameDeal(python)),
    "play-again": startMatch,
    reveal: () => {
      game.revealed();
      // The reveal button is gone with the hand-over screen: the focus goes to the hand.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      focusHand();
    },
    host: async () => {
      const view = ui.state.view;
      if (!ui.state.info) return;
      const chosen = await game.modal(() => game.host.openPanel({ view, players: view?.players ?? 4, onStart: startMatch }));
      if (chosen === "pass-and-play") openSettings(ctx, false); // no WebRTC here: a seat becomes a person at this device
    },
  };
  return actions;
}

/**
 * What input.js calls with the person's intents.
 * @param {Context} ctx @returns {Handlers}
 */
function handlersOf(ctx) {
  const { page, game } = ctx;
  const { ui, announcer, settings, tips } = page;
  const actions = actionsOf(ctx);
  return {
    card: (card) => onCard(ctx, card),
    action(name, node) {
      // Anything but the tip's OK (which closed it already, and may have shown the next):
      // the tip goes, else what the person asked for would wait behind it.
      if (tips.showing && name !== "tip-ok") tips.dismiss();
      actions[name]?.(node);
    },
    /** The card showing the `index`-th key (input.js CARD_KEYS; render.js shows the keys). */
    cardKey(index) {
      const card = $$("#hand [data-key]").find((node) => node.dataset.key === CARD_KEYS[index])?.dataset.card;
      if (card) onCard(ctx, card);
    },
    readTable() {
      const view = ui.state.view;
      if (view) announcer.readTable(view);
    },
    clockOff() {
      if (!ui.state.view || !settings.get().clock) return;
      settings.update({ clock: 0 });
      clockChanged({ page, game });
      announcer.announce(t("log.clockOff"));
    },
    /** Confirm what is pending; true when there was something to confirm. */
    enter() {
      const { view, selected } = ui.state;
      if (!view) return false;
      if (tips.showing) return true;
      if (view.phase === "pass" && view.self_to_act && selected.length === view.pass.count) actions.pass();
      else if (view.result && !view.match.over) actions["next-hand"]();
      else return false;
      return true;
    },
    escape() {
      const { showLastTrick, hint } = ui.state;
      if (showLastTrick) return ui.update({ showLastTrick: false });
      // The hint's toast goes with its marked cards (it may outlast them: they go once a card is played).
      announcer.dismiss("hint");
      if (hint) ui.update({ hint: null });
    },
    focused(card) {
      ui.update({ focusCard: card }, { redraw: false }); // the browser moved the focus already
    },
    resize: () => layoutHand(),
  };
}

// -- start-up --------------------------------------------------------------------------------

/** @param {string} key */
function loading(key) {
  $("#loading-text").textContent = t(key);
}

/** @param {string} message */
function failed(message) {
  $("#loading").classList.add("failed");
  $("#loading-text").textContent = t("loadFailed", { message });
}

/**
 * The autosaved table as Python last drew it, read-only until Python is ready (boot/preview.js).
 * @param {Game} game
 */
function drawPreview(game) {
  const fresh = new URLSearchParams(location.search).has("setup"); // a new match starts instead
  const view = !fresh && storage.loadGame() !== null ? keptView() : null;
  if (!view || !game.showPreview(view)) return false;
  showStarting(true);
  return true;
}

/**
 * Hand Python the stored statistics. Ones it refuses are kept aside (their key is returned
 * for the notice) and the statistics start empty; the text Python answers is stored at once
 * (former counters come back migrated, kept whole in it).
 * @param {Bridge} bridge @returns {Promise<string | null>}
 */
function loadStats(bridge) {
  return bridge.run(async (python) => {
    const text = storage.loadStatsText();
    let answer = await python.statsLoad(text);
    let aside = null;
    if ("error" in answer && text !== null) {
      aside = storage.keepStatsAside(text);
      answer = await python.statsLoad(null);
    }
    if (!("error" in answer)) storage.storeStats(answer.stats_save);
    return aside;
  });
}

/**
 * Store the running match now (the offline copy's update and clearing). Asking Python also
 * waits for the tasks queued before, so nothing the player did is lost. Not in a tab that
 * another tab took the table from: that one's autosave is the match.
 * @param {Bridge} bridge @param {TableTab} tab
 */
async function saveMatch(bridge, tab) {
  const answer = await bridge.run((python) => python.save());
  if (!("error" in answer) && tab.holds()) storage.storeGame(answer.save);
}

/**
 * Resume the autosave `saved`; a save Python refuses is kept aside (`notices` gets the notice)
 * and a new match is dealt over it.
 * @param {Game} game @param {Python} python @param {string} saved @param {string[]} notices
 */
async function resumeSaved(game, python, saved, notices) {
  const answer = await python.resume(saved);
  if (!("error" in answer)) return game.apply(python, answer, { animate: false });
  notices.push(t("corruptSave", { key: storage.keepGameAside(saved) }));
  return game.startMatch(python);
}

/**
 * The notice for stored settings that could not be read (all, or the `unread` ones), or null.
 * @param {string | undefined} aside where a copy of them was kept @param {string[]} unread
 */
function settingsNotice(aside, unread) {
  if (!aside) return null;
  return unread.length ? t("unreadSettings", { keys: unread.join(", "), key: aside }) : t("corruptSettings", { key: aside });
}

/**
 * Read the stored settings again and show the table by them; the notice if they cannot be read.
 * A tab that gets the table from another does so: it read them when it started, and the other
 * tab may have changed them since (a change made here would store the stale ones whole over them).
 * @param {Page} page @returns {string | null}
 */
function rereadSettings(page) {
  const { aside, unread } = page.settings.load();
  applyDisplay(page);
  return settingsNotice(aside, unread);
}

/**
 * This tab took the table back from another (tabs.js): the settings, the statistics and the match
 * as that tab stored them last.
 * @param {Context} ctx
 */
async function takeBack({ page, game, bridge }) {
  /** @type {string[]} */
  const notices = [];
  const settingsProblem = rereadSettings(page);
  if (settingsProblem) notices.push(settingsProblem);
  await loadStats(bridge);
  await game.act((python) => {
    const saved = storage.loadGame();
    return saved === null ? game.startMatch(python) : resumeSaved(game, python, saved, notices);
  });
  for (const text of notices) await game.modal(() => dialogs.notice(text));
}

/**
 * A new Python worker took over from one that failed (bridge.js): it gets the statistics and
 * the last save of this page (also one storage refused), so at most the choice on its way is lost.
 * @param {Game} game @param {Python} python
 */
async function afterRestart(game, python) {
  await python.statsLoad(storage.loadStatsText());
  const saved = game.lastSave ?? storage.loadGame();
  if (saved === null) return;
  const answer = await python.resume(saved);
  if (!("error" in answer)) await game.apply(python, answer, { animate: false });
}

/** The table a new visitor sees first: the stored rules' player count, else four. @param {SettingsValues} s */
function shellPlayers(s) {
  const players = s.rules.players;
  return typeof players === "number" && Number.isInteger(players) ? players : 4;
}

/**
 * A challenge link opened: Python checks and replays it (a bad one is a notice, returned, and
 * changes nothing); the person sees who challenges and, in a reply, both results (with their
 * own when they played it here already); then plays.
 * @param {Context} ctx @param {string} code @returns {Promise<string | null>}
 */
async function openChallenge(ctx, code) {
  const { game, bridge, page } = ctx;
  const read = await bridge.run((python) => python.readChallenge(code));
  if ("error" in read) return errorText(read.error);
  const played = await playedChallenge(bridge, read.challenge);
  if (!(await game.modal(() => openChallengeIntro(read.challenge, played, page.announcer)))) return null;
  const problem = await game.act((python) => game.startChallenge(python, code));
  return problem ?? null;
}

/**
 * Wait for Python, saying so after 9 s; false (the failure shown) if it cannot start.
 * @param {Bridge} bridge @returns {Promise<boolean>}
 */
async function pythonStarted(bridge) {
  const slow = setTimeout(() => loading("loadingSlow"), 9000);
  try {
    await bridge.ready;
    return true;
  } catch (err) {
    failed(errorMessage(err));
    return false;
  } finally {
    clearTimeout(slow);
  }
}

/**
 * The notices a start has to give before play: stored settings or statistics that could not be
 * read (kept aside), read again first if this tab took the table over from another.
 * @param {Context} ctx @param {boolean} tookOver @param {string | undefined} aside @param {string[]} unread
 * @returns {Promise<string[]>}
 */
async function startNotices({ page, bridge }, tookOver, aside, unread) {
  // Taken over from another tab: the settings as that tab left them.
  const reread = tookOver ? rereadSettings(page) : null;
  /** @type {string[]} */
  const notices = [];
  const settingsProblem = settingsNotice(aside, unread) ?? reread;
  if (settingsProblem) notices.push(settingsProblem);
  const statsAside = await loadStats(bridge);
  if (statsAside) notices.push(t("corruptStats", { key: statsAside }));
  return notices;
}

/**
 * The first table: the match the address asks for, else the autosave resumed, else a new one;
 * then a shared deal from the address, if it is good (`notices` gets what went wrong). True on a
 * first visit: nothing was saved and no link started a game.
 * @param {Context} ctx @param {string[]} notices @returns {Promise<boolean>}
 */
async function firstTable({ page, game }, notices) {
  const shared = takeFromAddress();
  let firstVisit = false;
  await game.act(async (python) => {
    const address = page.settings.fromAddress();
    if (address) {
      const problem = await game.startAddressed(python, address);
      if (problem === null) return;
      notices.push(problem); // nothing changed: the kept match resumes (or a first one is dealt)
    }
    const saved = storage.loadGame();
    firstVisit = saved === null;
    return saved === null ? game.startMatch(python) : resumeSaved(game, python, saved, notices);
  });
  if (shared !== null) {
    // The running match (or the new one) stays as it is unless the link is good.
    await game.act(async (python) => {
      const problem = await game.startShared(python, shared);
      if (problem) notices.push(problem);
      else firstVisit = false;
    });
  }
  return firstVisit;
}

async function boot() {
  performance.mark("hearts:boot"); // the start-up timeline (tools/bench/start_trace.py)
  const bridge = new Bridge(); // PyScript loads from here on, beside the first drawing
  // The page's modules are evaluated in one task; the first drawing (shell, preview) in the next.
  await nextTask();
  const { page, aside, unread } = makePage();
  const tab = new TableTab({ regained: () => takeBack(ctx) });
  const game = new Game(page, bridge, tab);
  const offline = new Offline(() => saveMatch(bridge, tab));
  /** @type {Context} */
  const ctx = { page, game, bridge, reviews: new Reviews(bridge), offline };
  bridge.whenRestarted((python) => afterRestart(game, python));
  // Another tab may have the table: this one says so until taken over, unless a link asks for a table here.
  const asked = ["share", "challenge", "setup"].some((name) => new URLSearchParams(location.search).has(name));
  const holding = tab.take(asked);
  applyDisplay(page);
  renderShell(shellPlayers(page.settings.get()));
  bindInput(handlersOf(ctx));
  loading("loadingPython");
  const preview = drawPreview(game);
  performance.mark(preview ? "hearts:preview" : "hearts:shell");
  offline.start();
  if (!(await pythonStarted(bridge))) return;
  performance.mark("hearts:python-ready");
  if (preview) game.endPreview();
  loading("dealing");
  const info = await bridge.run((python) => python.rulesInfo());
  performance.mark("hearts:first-answer");
  if ("error" in info) return failed(info.error.message);
  page.ui.update({ info }, { redraw: false }); // nothing drawn reads it

  const notices = await startNotices(ctx, await holding, aside, unread);
  const challenged = takeFromAddress("challenge");
  // The turn is said once the notices and a first visit's start screen are done with.
  const releaseTurn = game.holdTurn();
  const firstVisit = await firstTable(ctx, notices);
  performance.mark("hearts:table-drawn");
  if (!page.ui.state.view) return failed(t("errors.no_match"));
  // What data-ready sets going (the service worker's registration, the snapshot's check) runs
  // in a task of its own, not in the one that drew the table.
  await nextTask();
  showStarting(false);
  $("#loading").hidden = true;
  document.body.dataset.ready = "1";
  performance.mark("hearts:ready");
  bridge.ready.then(makeSnapshotLater).catch((err) => console.warn("snapshot:", errorMessage(err)));
  for (const text of notices) await game.modal(() => dialogs.notice(text));
  // A challenge link: who challenges and on what, asked once the table is ready (the running
  // match stays unless the person plays it; a bad link is a notice and changes nothing).
  const problem = challenged === null ? null : await openChallenge(ctx, challenged);
  if (problem) await game.modal(() => dialogs.notice(problem));
  if (firstVisit && challenged === null) openSettings(ctx, true);
  releaseTurn();
}

boot();
