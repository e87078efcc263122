// Conducts the game's page: every change to the table is a task in the bridge's one queue
// (`act`) that asks Python, stores the autosave, animates the events and draws the new view
// through the page's funnel (state.js `UiStore.update`). Bots are driven one decision at a
// time, so each card can be shown. Guests' messages (net/host.js) and their clock go through
// the same queue: Python referees them like a click here.

import { applyDisplay, sayTurn } from "./app.js";
import { forgetView, keepView } from "./boot/preview.js";
import { rememberChallengeResult } from "./challenge.js";
import * as dialogs from "./dialogs.js";
import { errorMessage } from "./dom.js";
import { dayText, errorText, NOBODY, setSeatNames, setSelfSeat, t } from "./i18n.js";
import { focusHand } from "./input.js";
import { Host } from "./net/host.js";
import { renderShell, sharedDevice } from "./render.js";
import { announceAchievements, todayUtc } from "./rewards.js";
import { DEFAULTS, wholeRules } from "./settings.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./protocol.js").StateAnswer} StateAnswer
 * @typedef {import("./protocol.js").ErrorAnswer} ErrorAnswer
 * @typedef {import("./protocol.js").ErrorBody} ErrorBody
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").TipEvent} TipEvent
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./bridge.js").Python} Python
 * @typedef {import("./app.js").Page} Page
 * @typedef {import("./tabs.js").TableTab} TableTab
 * @typedef {import("./settings.js").SettingsValues} SettingsValues
 * @typedef {import("./state.js").UiState} UiState
 * @typedef {{animate?: boolean, card?: string | null, dealt?: boolean}} ApplyOptions `card`: the card the person played, to
 * word a refusal; `dealt`: a match or deal the page started (a new match, the same deal again, a link)
 */

/**
 * Pass-and-play: the device goes to another person when the shown seat changes, and a new deal
 * after a result everyone at the device saw is shown to its person alone (even when that is the
 * person shown last). Until that person reveals, the hand-off screen covers the table and no
 * hand is in the page.
 * @param {TableView | null} previous
 * @param {TableView} next
 * @param {boolean} dealt started anew by the page (ApplyOptions)
 */
function needsHandoff(previous, next, dealt) {
  if (!sharedDevice(next)) return false;
  // A match or deal started anew may have the last one's seed and hand number (a set deal number, the same deal again).
  if (dealt || previous === null || !sharedDevice(previous) || previous.self !== next.self) return true;
  const newDeal = previous.seed !== next.seed || previous.hand_number !== next.hand_number;
  return newDeal || (previous.result !== null && next.result === null);
}

/**
 * The seat the words call "You": the shown one, but nobody where several persons share the
 * device (pass-and-play): the result, the log and the score sheet are read by all of them.
 * @param {TableView} view
 */
const addressed = (view) => (sharedDevice(view) ? NOBODY : view.self);

/** An event anyone at the device may hear: all but the cards a person received. @param {import("./protocol.js").Event} event */
const isPublic = (event) => event.type !== "exchange";

// A bot's decision (or a hint) Python has worked on this long shows as thinking until it comes:
// the quick ones (most of strong's) never flicker; the expert's, up to a second, are seen.
const THINKING_MS = 300;

// Par starts a moment after a hand's result shows (a click on the result comes first) and
// pauses while a dialog is open; then it goes one search per task.
const PAR_START_MS = 1000;
const PAR_DIALOG_MS = 500;

export class Game {
  #page;
  #bridge;
  #tab;
  #host;
  #botQueued = false;
  #parFor = -1; // the finished hand whose par is being computed
  #storageWarned = false;
  #turnHeld = 0; // above 0 while a dialog is open or the start-up's notices come: the turn is not said
  /** @type {string | null} the save of the last answer applied, also when storage refused it (a restarted worker resumes it) */
  #lastSave = null;
  /** @type {TableView | null} the view the preview drew (boot/preview.js), until Python's first view replaces it */
  #previewed = null;

  /** @param {Page} page @param {Bridge} bridge @param {TableTab} tab whether this tab holds the table (tabs.js) */
  constructor(page, bridge, tab) {
    this.#page = page;
    this.#bridge = bridge;
    this.#tab = tab;
    this.#host = new Host(
      {
        onMessage: (seat, text) => this.#fromGuest(seat, text),
        onGone: (seat) => this.#guestAway(seat, true),
        onBack: (seat) => this.#guestAway(seat, false),
      },
      page.announcer,
      () => page.settings.get().iceUrl,
    );
  }

  /** The guests' connections and the hosting panel. */
  get host() {
    return this.#host;
  }

  /** The save of the last answer applied (null before the first): what a restarted worker resumes. */
  get lastSave() {
    return this.#lastSave;
  }

  /**
   * Run `task` after everything queued before it; resolves to its result (undefined if it failed,
   * or if another tab took the table over meanwhile: then it does not run).
   * @template T
   * @param {(python: Python) => Promise<T> | T} task
   * @returns {Promise<T | undefined>}
   */
  act(task) {
    return this.#bridge
      .run((python) => (this.#tab.holds() ? task(python) : undefined))
      .catch((err) => {
        // A bug in the page: say so (the e2e tests fail on any console error).
        console.error(err);
        this.#page.announcer.notify(errorMessage(err), "warn");
        return undefined;
      });
  }

  /**
   * Python's answer to a question that may take long (a bot's decision, a hint). Once it has taken
   * THINKING_MS the page's state says who is thinking (render.js shows it) until the answer comes.
   * Screen readers are not told: the seat's badge has a label for whoever looks.
   * @template T @param {import("./state.js").Thinking} who @param {Promise<T>} answer @returns {Promise<T>}
   */
  async thinking(who, answer) {
    const ui = this.#page.ui;
    const timer = setTimeout(() => ui.update({ thinking: who }), THINKING_MS);
    try {
      return await answer;
    } finally {
      clearTimeout(timer);
      if (ui.state.thinking !== null) ui.update({ thinking: null }); // gone before the card flies
    }
  }

  /** @param {ErrorBody} error @param {string | null} [playedCard] */
  refuse(error, playedCard = null) {
    this.#page.announcer.notify(errorText(error, playedCard), "warn", 3500); // the toast draws the cards, the log says their names
  }

  /**
   * Send one of the person's choices. Until Python answers, the table shows nobody to act
   * (data-turn="-1", no legal card), so a second click cannot send a second choice.
   * @param {(python: Python) => Promise<StateAnswer | ErrorAnswer>} request
   * @param {ApplyOptions} [options]
   * @returns {Promise<boolean | undefined> | undefined} whether Python accepted; undefined when nothing was sent
   */
  choose(request, options = {}) {
    const ui = this.#page.ui;
    if (ui.state.waiting) return undefined;
    ui.update({ waiting: true });
    return this.act(async (python) => {
      const answer = await request(python);
      ui.update({ waiting: false }, { redraw: false }); // apply draws the answer
      return this.apply(python, answer, options);
    }).then((accepted) => {
      // Never sent (another tab took the table) or a bug in the page: the person may choose again.
      if (accepted === undefined && ui.state.waiting) ui.update({ waiting: false });
      return accepted;
    });
  }

  /**
   * Take one answer of Python (inside a task, whose `python` it tells of each learn tip read): remember
   * it, show what happened, draw the new view.
   * @param {Python} python
   * @param {StateAnswer | ErrorAnswer} answer
   * @param {ApplyOptions} [options]
   * @returns {Promise<boolean>} whether Python accepted
   */
  async apply(python, answer, { animate = true, card = null, dealt = false } = {}) {
    const { ui, announcer, animator } = this.#page;
    if ("error" in answer) {
      this.refuse(answer.error, card);
      ui.redraw(); // the table as it was before the refused choice
      return false;
    }
    const next = answer.state;
    setSeatNames(next.seats.map((s) => s.name));
    const before = ui.state.view;
    /** @type {Partial<UiState>} */
    const change = { view: next };
    if (needsHandoff(before, next, dealt)) {
      change.handoff = next.self;
      animate = false; // the events would show the next person's received cards to whoever holds the device
    }
    this.#store(answer);
    // Tips (learn mode) show in order with the other events; after a change that is not
    // animated, or the pass's exchange, they show once the table is drawn, ahead of the bots' next move.
    /** @type {TipEvent[]} */
    let shownTips = answer.events.filter((event) => event.type === "tip");
    if (animate && before !== null) {
      const { fourColour } = ui.state.display;
      shownTips = await animator.playEvents(answer.events, before, fourColour, this.#tipShower(python, next.self));
    }
    // Handed over, the events are said to the next person at the device: not the cards the last
    // one received (that person hears them on revealing their hand, `revealed`).
    else if (before) announcer.events(change.handoff === undefined ? answer.events : answer.events.filter(isPublic), before);
    if (shownTips.length) {
      this.act(async (python) => {
        const show = this.#tipShower(python, next.self);
        for (const tip of shownTips) await show(tip);
      });
    }
    // The hand the preview showed is on the table already: the resumed view does not deal it again.
    const shown = before ?? this.#previewed;
    this.#previewed = null;
    const newHand = !shown || shown.hand_number !== next.hand_number || shown.seed !== next.seed;
    setSelfSeat(addressed(next));
    ui.update(change);
    if (newHand) animator.dealHand();
    // Once the plays that earned them are shown and said: not before the last card of the hand.
    if (answer.achievements) announceAchievements(answer.achievements, announcer);
    this.#rememberChallengeEnd(before, next);
    this.#afterDraw(next, answer.guests ?? []);
    return true;
  }

  /**
   * What shows the learn tips of one answer, one after the other, inside the task that has `python`:
   * each resolves once the tip is closed and Python knows it was read (the autosave stored), so a page
   * reloaded (or closed, or discarded by a phone) while a tip showed gets it again, and never one read.
   * A tip closed because the person turned to something else counts as read, and so do the rest of its
   * answer's tips (Tips.dismiss): the person chose to move on, and the moment they were about is gone.
   * @param {Python} python @param {number} self the shown seat
   * @returns {(tip: TipEvent) => Promise<void>}
   */
  #tipShower(python, self) {
    const tips = this.#page.tips;
    const run = tips.run;
    return async (tip) => {
      await tips.show(tip, self, run);
      const answer = await python.tipRead(tip.kind);
      if (!("error" in answer)) this.#storeSave(answer.save);
      // A new worker took over from the last autosave (bridge.js): the tip it had unread shows once more.
      else if (answer.error.code !== "restarted" && answer.error.code !== "worker") console.error(answer.error.message);
    };
  }

  /**
   * A challenge's last hand has just ended (or a resumed one shows its end): the person's results
   * are kept, in the next task of the queue, for when its link is opened again.
   * @param {TableView | null} before @param {TableView} next
   */
  #rememberChallengeEnd(before, next) {
    const played = next.challenge;
    if (next.mode !== "challenge" || !played || !next.match.over || before?.match.over) return;
    const name = this.#page.settings.get().names[0] ?? "";
    this.act((python) => rememberChallengeResult(python, played, name));
  }

  /**
   * The autosave, the kept view for the next start's preview, and the statistics of a match
   * that has just ended (Python booked it: the page keeps the new text).
   * @param {StateAnswer} answer
   */
  #store(answer) {
    const saved = this.#storeSave(answer.save);
    if (!this.#tab.holds()) return; // another tab has the table: its autosave stands
    const counted = answer.stats_save === undefined || storage.storeStats(answer.stats_save);
    if (!counted) this.#storageRefused();
    if (!saved) return;
    // The next start draws the kept view before Python is ready (boot/preview.js); not in
    // pass-and-play, where it would show a person's hand before the hand-off screen.
    if (!sharedDevice(answer.state)) keepView(answer);
    else forgetView();
  }

  /**
   * The autosave of the last answer: kept, and stored while this tab holds the table (another tab's
   * autosave stands). Storage refused (full, or blocked as in some private modes): the game plays on,
   * says so once, and the last good save and its kept view stay as they were.
   * @param {string} save @returns {boolean} whether it was stored
   */
  #storeSave(save) {
    this.#lastSave = save;
    if (!this.#tab.holds()) return false;
    const saved = storage.storeGame(save);
    if (!saved) this.#storageRefused();
    return saved;
  }

  #storageRefused() {
    if (this.#storageWarned) return;
    this.#storageWarned = true;
    this.#page.announcer.notify(t("storageFailed"), "warn", 6000);
  }

  /**
   * What follows a new view on the table: its turn said, the clocks, the guests' views, the bots.
   * @param {TableView} view @param {import("./protocol.js").GuestUpdate[]} guests
   */
  #afterDraw(view, guests) {
    const { settings } = this.#page;
    this.#sayTurn();
    this.syncClock();
    this.#host.deliver(view, guests);
    this.#host.guard(view, settings.get().clock, (seat, kind) => this.#onGuestClockOut(seat, kind));
    if (document.body.classList.contains("keyboard")) focusHand();
    this.#queueBots();
    this.#queuePar(view);
  }

  /**
   * Par of the hand whose result shows, in the background: one search per task, so a click
   * takes its turn between two of them (it goes on while the next hand is played); once
   * known, the result panel and the score sheet show it.
   * @param {TableView} view
   */
  #queuePar(view) {
    const index = view.result ? view.result.hand_number - 1 : -1;
    if (index < 0 || view.persons.length !== 1 || view.history[index]?.par !== null || this.#parFor === index) return;
    this.#parFor = index;
    this.#parStep(index, view.seed, PAR_START_MS);
  }

  /**
   * One step of par after `wait` ms; while a dialog is open (a review, a link) it waits on, so
   * the person's own requests never queue behind it.
   * @param {number} index @param {number} seed the match's, so a new match stops it @param {number} [wait]
   */
  #parStep(index, seed, wait = 0) {
    setTimeout(() => {
      if (document.querySelector("dialog[open]")) return this.#parStep(index, seed, PAR_DIALOG_MS);
      this.#parTask(index, seed);
    }, wait);
  }

  /** @param {number} index @param {number} seed */
  #parTask(index, seed) {
    this.act(async (python) => {
      const shown = this.#page.ui.state.view;
      if (!shown || shown.seed !== seed || shown.history[index]?.par !== null) return this.#parDone(index);
      const answer = await python.par(index);
      if ("error" in answer) return this.#parDone(index);
      if (!answer.done) return this.#parStep(index, seed);
      this.#parDone(index);
      if (answer.save) storage.storeGame(answer.save);
      if (answer.stats_save) storage.storeStats(answer.stats_save);
      if (answer.achievements) announceAchievements(answer.achievements, this.#page.announcer);
      const now = this.#page.ui.state.view ?? shown;
      const history = now.history.map((row, i) => (i === index ? { ...row, par: answer.par } : row));
      this.#page.ui.update({ view: { ...now, history } });
    });
  }

  /** @param {number} index */
  #parDone(index) {
    if (this.#parFor === index) this.#parFor = -1;
  }

  /** Keep the person's clock in step with the view on the table and the clock's setting. */
  syncClock() {
    const { ui, clock, settings } = this.#page;
    const view = ui.state.view;
    if (view) clock.sync(view, settings.get().clock, () => this.#onClockOut());
  }

  // -- guests over the network (net/host.js carries the messages; Python referees) ------------

  /** @param {number} seat @param {string} text @returns {Promise<unknown>} */
  #fromGuest(seat, text) {
    return this.act(async (python) => {
      const answer = await python.guest(seat, text);
      if ("error" in answer) return this.#host.refuse(seat, answer.error); // only that guest hears why
      return this.apply(python, answer);
    });
  }

  /** @param {number} seat @param {boolean} away */
  #guestAway(seat, away) {
    this.act(async (python) => this.apply(python, await python.setAway(seat, away)));
  }

  /** @param {number} seat @param {"next" | "auto"} kind */
  #onGuestClockOut(seat, kind) {
    this.act(async (python) => this.apply(python, await (kind === "next" ? python.nextHand(seat) : python.autoPlay(seat))));
  }

  #queueBots() {
    const ui = this.#page.ui;
    if (!ui.shownView().bots_to_act || this.#botQueued) return;
    this.#botQueued = true;
    let ran = false;
    this.act(async (python) => {
      ran = true;
      this.#botQueued = false;
      const view = ui.shownView();
      if (!view.bots_to_act) return;
      if (view.phase === "play") await this.#page.animator.botPause();
      await this.apply(python, await this.thinking(view.bot_to_act, python.advance()));
    }).then(() => {
      // Not run (another tab had the table by then): the bots are queued again once it is back here.
      if (!ran) this.#botQueued = false;
    });
  }

  #onClockOut() {
    if (this.#page.ui.shownView().self_to_act) this.choose((python) => python.autoPlay());
  }

  // -- matches ---------------------------------------------------------------------------------

  /**
   * A new match with the settings' rules, bots and deal number (and the connected guests).
   * @param {Python} python
   */
  async startMatch(python) {
    const { ui, announcer, settings } = this.#page;
    const info = ui.state.info;
    if (!info) throw new Error("rules_info has not answered yet");
    const { checked, refused } = await python.checkRulesOr(settings.get().rules, info.defaults);
    if (refused) announcer.notify(t("rulesRefused", { reason: errorText(refused) }), "warn", 6000);
    this.#clearPageChoices();
    let answer = await this.#newMatchOf(python, settings.get(), checked.rules);
    if ("error" in answer) {
      // Stored settings Python no longer accepts (say, a bot level from an older version):
      // say so and deal with the defaults rather than leave the table empty.
      announcer.notify(t("settingsRefused", { reason: errorText(answer.error) }), "warn", 6000);
      settings.update({ bots: DEFAULTS.bots, seed: null });
      answer = await python.newMatch({});
    }
    return this.apply(python, answer, { animate: false, dealt: true });
  }

  /**
   * A match (or the learn hand) with the address's settings (settings.js fromAddress). They are
   * stored only once Python accepts them: a key that cannot be used, or rules or settings Python
   * refuses, leave the stored settings and the running match as they were, and the notice
   * (returned) says why in the table's language.
   * @param {Python} python @param {{mode: "match" | "learn", values: SettingsValues, untaken: string[] | null}} address
   * @returns {Promise<string | null>}
   */
  async startAddressed(python, { mode, values, untaken }) {
    const { settings } = this.#page;
    const refused = (/** @type {string} */ reason) => t("setup.refused", { reason });
    if (untaken === null) return t("setup.unreadable");
    if (untaken.length) return refused(t("data.reasons.badSetting", { key: untaken[0] }));
    const rules = await python.checkRules(values.rules);
    if ("error" in rules) return refused(errorText(rules.error));
    // Every level is stored, also those the match is not given (the seats this table does not
    // have; all of them for the learn hand): each must be one a match would take.
    const unplayed = values.bots.slice(mode === "learn" ? 0 : wholeRules(rules.rules).players - 1);
    const info = await python.rulesInfo();
    if ("error" in info) return refused(errorText(info.error));
    const unknown = unplayed.find((level) => !info.levels.includes(level));
    if (unknown !== undefined) return refused(errorText({ code: "bad_settings", message: `unknown bot level ${unknown}` }));
    // The preset's name is only shown, but one the settings screen does not know is no setting.
    const { preset } = values;
    if (preset !== settings.get().preset && preset !== "custom" && !Object.hasOwn(info.presets, preset)) {
      return refused(t("data.reasons.badSetting", { key: "preset" }));
    }
    if (mode === "learn") {
      // The learn hand plays none of these settings, but they are stored for the matches after it.
      settings.update(values);
      applyDisplay(this.#page);
      await this.startLearn(python);
      return null;
    }
    const answer = await this.#newMatchOf(python, values, rules.rules);
    if ("error" in answer) return refused(errorText(answer.error));
    settings.update(values);
    applyDisplay(this.#page); // the address's speed and language before the bots start
    this.#clearPageChoices();
    await this.apply(python, answer, { animate: false, dealt: true });
    return null;
  }

  /**
   * Ask Python for a new match of `values` with `rules` (checked), the guests' seats kept; an
   * error answer changes nothing.
   * @param {Python} python @param {Readonly<SettingsValues>} values @param {Record<string, unknown>} rules
   */
  #newMatchOf(python, values, rules) {
    const request = this.#host.seatSettings(this.#page.settings.matchSettings(wholeRules(rules).players, values));
    request.rules = rules;
    return python.newMatch(request);
  }

  /** The learn hand: one hand against three bots with a tip the first time each thing happens. @param {Python} python */
  async startLearn(python) {
    this.#clearPageChoices();
    return this.apply(python, await python.newMatch({ mode: "learn" }), { animate: false, dealt: true });
  }

  /**
   * Open the deal of a shared link; a bad link gets a notice (returned) and changes nothing.
   * @param {Python} python @param {string} code @returns {Promise<string | null>}
   */
  async startShared(python, code) {
    const answer = await python.openShare(code, this.#page.settings.get().earlyEnd);
    if ("error" in answer) return t("share.bad", { reason: errorText(answer.error) });
    this.#clearPageChoices();
    await this.apply(python, answer, { animate: false, dealt: true });
    return null;
  }

  /** The daily deal of today (UTC). @param {Python} python */
  async startDaily(python) {
    this.#clearPageChoices();
    const answer = await python.newDaily(todayUtc());
    const daily = "state" in answer ? answer.state.daily : null;
    const line = daily ? `${t("rw.dailyBar", { date: dayText(daily.date) })}. ${t("rw.dailyHelp")}` : "";
    // Heard before its first hand: the bar's line and its help say what kind of match this is.
    if (daily) this.#page.announcer.announce(line);
    const accepted = await this.apply(python, answer, { animate: false, dealt: true });
    // Seen too (a phone's bar has no room for its line): 4 hands, strong bots, the first try counts.
    // The day's counted attempt was made: this one changes no statistics, and the person should know.
    if (accepted && daily?.counted) this.#page.announcer.toast(line, "gold", 6000);
    else if (accepted && daily) this.#page.announcer.notify(t("rw.dailyReplay"), "warn", 5000);
    return accepted;
  }

  /**
   * Play a challenge link's deals; a bad link gets a notice (returned) and changes nothing.
   * @param {Python} python @param {string} code @returns {Promise<string | null>}
   */
  async startChallenge(python, code) {
    const answer = await python.openChallenge(code);
    if ("error" in answer) return errorText(answer.error);
    this.#clearPageChoices();
    await this.apply(python, answer, { animate: false, dealt: true });
    return null;
  }

  /** The same deal again, from its start. @param {Python} python */
  async sameDeal(python) {
    this.#page.ui.update({ selected: [] }, { redraw: false });
    await this.apply(python, await python.sameDealAgain(), { animate: false, dealt: true });
  }

  /** A new deal: nothing the page held for the last one (a pick, a hint, a hand-over) carries over. */
  #clearPageChoices() {
    this.#page.ui.update({ handoff: null, selected: [], hint: null, showLastTrick: false }, { redraw: false }); // apply draws
  }

  /** Ask before a running match is replaced. */
  async mayReplace() {
    const view = this.#page.ui.state.view;
    return !view?.match.in_progress || view.mode === "learn" || this.modal(() => dialogs.confirm(t("confirmNew")));
  }

  /**
   * Open a dialog; the think-time clock stands still while it is open.
   * @template T @param {() => Promise<T>} open @returns {Promise<T>}
   */
  async modal(open) {
    const releaseClock = this.#page.clock.hold();
    const release = this.holdTurn();
    try {
      return await open();
    } finally {
      releaseClock();
      release();
      focusHand();
    }
  }

  /**
   * Say nothing of the person's turn until the returned function is called: a dialog is open, or
   * the start-up has notices and a start screen to show (where "Start" deals another hand: the
   * log said the first visit's hand, then the one played). Then it is said once, for the table
   * as it is by then.
   * @returns {() => void}
   */
  holdTurn() {
    this.#turnHeld += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#turnHeld -= 1;
      // In the one queue to Python: after whatever the dialog asked for (a new match) is drawn.
      if (this.#turnHeld === 0) this.act(async () => this.#sayTurn());
    };
  }

  /** The turn in the live log (once per turn), unless held or the hand-over screen shows. */
  #sayTurn() {
    const { ui } = this.#page;
    if (this.#turnHeld === 0 && ui.state.handoff === null && ui.state.view) sayTurn(this.#page, ui.state.view);
  }

  /** Pass-and-play: the person the device went to shows their hand; now the log may say it. */
  revealed() {
    const { ui, announcer } = this.#page;
    ui.update({ handoff: null });
    if (ui.state.view) announcer.received(ui.state.view);
    this.#sayTurn();
  }

  // -- start-up --------------------------------------------------------------------------------

  /**
   * Draw the kept view read-only until Python is ready (boot/preview.js): nobody to act, no
   * legal card. False when this page cannot draw it (the plain loading screen then).
   * @param {TableView} view
   */
  showPreview(view) {
    const ui = this.#page.ui;
    try {
      setSelfSeat(addressed(view));
      ui.update({ view, waiting: true });
      return true;
    } catch {
      ui.update({ view: null, waiting: false }, { redraw: false });
      renderShell(view.players ?? 4);
      return false;
    }
  }

  /** Python is ready: the resumed save's view replaces the preview; until then nothing may act on it. */
  endPreview() {
    const ui = this.#page.ui;
    this.#previewed = ui.state.view;
    ui.update({ view: null, waiting: false }, { redraw: false });
  }
}
