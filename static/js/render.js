// Draws the table from the page's state (state.js): seats, counters, trick, hand, result
// panel. `render(state)` reads the state it is given and nothing else (the words come from
// i18n.js, in the state's language); nothing here decides anything about the game. Elements
// are kept and updated where possible so keyboard focus survives a redraw.

import { cardInText, drawFace, faceCard, renameCard, richText, setRichText } from "./cardface.js";
import { lineChart } from "./chart.js";
import { $, $$, el, fill, find, hiddenHeading, setHidden, setText } from "./dom.js";
import { cardLabel, cardName, dayText, isYou, labelled, playerName, say, seatName, t } from "./i18n.js";
import { CARD_KEYS } from "./input.js";
import { learnSummary } from "./learn.js";
import { nameIn } from "./names.js";
import { challengeTable, parLine } from "./rewards.js";
import { wholeRules } from "./settings.js";
import { closeToolMenu, watchToolMenu } from "./toolmenu.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").SeatInfo} SeatInfo
 * @typedef {import("./protocol.js").TakenCounters} TakenCounters
 * @typedef {import("./protocol.js").TrickEvent} TrickEvent
 * @typedef {import("./protocol.js").HandCard} HandCard
 * @typedef {import("./protocol.js").MoonView} MoonView
 * @typedef {import("./protocol.js").ResultView} ResultView
 * @typedef {import("./protocol.js").HistoryRow} HistoryRow
 * @typedef {import("./state.js").State} State
 * @typedef {import("./state.js").Display} Display
 */

// Where each seat sits, in % of the arena, by its place counted from the shown seat (the
// view's `self`, at the bottom). Seats go clockwise in play order: "left" is the next seat.
// With five or six the lower side seats stand high enough that their card backs clear the shown
// seat on a phone upright of 360 x 640 (at 320 x 568, with six, they still touch its avatar).
/** @type {Record<number, number[][]>} */
const SEAT_POSITIONS = {
  3: [
    [50, 100],
    [16, 26],
    [84, 26],
  ],
  4: [
    [50, 100],
    [9, 46],
    [50, 16],
    [91, 46],
  ],
  5: [
    [50, 100],
    [9, 56],
    [22, 18],
    [78, 18],
    [91, 56],
  ],
  6: [
    [50, 100],
    [9, 62],
    [12, 24],
    [50, 15],
    [88, 24],
    [91, 62],
  ],
};
const TILT = [-3, 5, -4, 4, -6, 3];

// With 5 or 6 cards a circle makes neighbours overlap: they sit in two rows instead, each
// card where its seat is (in card widths and heights from the middle; a card's width
// apart plus a gap, so even tilted cards never cover one another).
/** @type {Record<number, number[][]>} */
const TRICK_GRID = {
  5: [
    [0, 0.56],
    [-1.16, 0.56],
    [-0.58, -0.56],
    [0.58, -0.56],
    [1.16, 0.56],
  ],
  6: [
    [0, 0.56],
    [-1.16, 0.56],
    [-1.16, -0.56],
    [0, -0.56],
    [1.16, -0.56],
    [1.16, 0.56],
  ],
};

const graphemes = "Segmenter" in Intl ? new Intl.Segmenter() : null;

/**
 * A name's first character as a reader sees it, for the avatar: a whole emoji (a family of
 * four is seven code points), never half of one (the first UTF-16 unit of "👩" showed as �).
 * @param {string} name
 */
function initial(name) {
  if (graphemes) return graphemes.segment(name)[Symbol.iterator]().next().value?.segment ?? "";
  return Array.from(name)[0] ?? "";
}

/**
 * A seat's place at the table: 0 for the shown seat (bottom), then clockwise.
 * @param {number} seat @param {Pick<TableView, "players" | "self">} view
 * @returns {number}
 */
const placeOf = (seat, view) => (seat - view.self + view.players) % view.players;

/**
 * A trick card's height above or below the middle: `dy` card heights, times --trick-rise (table.css:
 * less on a phone held sideways, where the top seat sits just under the bar). @param {number | string} dy
 */
const trickRise = (dy) => `calc(var(--card-h) * ${dy} * var(--trick-rise, 1))`;

/**
 * The offset of a seat's card in the trick: from the middle towards that seat.
 * @param {number} seat @param {TableView} view
 */
function trickSlot(seat, view) {
  const players = view.players;
  const place = placeOf(seat, view);
  if (TRICK_GRID[players]) {
    const [dx, dy] = TRICK_GRID[players][place];
    return { dx: `calc(var(--card-w) * ${dx})`, dy: trickRise(dy), rot: `${TILT[place] / 3}deg` };
  }
  const [x, y] = SEAT_POSITIONS[players][place];
  const angle = Math.atan2(y - 50, x - 50);
  const dx = (Math.cos(angle) * 0.95).toFixed(3);
  const dy = (Math.sin(angle) * 0.6).toFixed(3);
  return { dx: `calc(var(--card-w) * ${dx})`, dy: trickRise(dy), rot: `${TILT[place]}deg` };
}

/**
 * @template {HTMLElement} T
 * @param {T} node @param {number} seat @param {TableView} view @returns {T}
 */
export function placeInTrick(node, seat, view) {
  const slot = trickSlot(seat, view);
  node.style.setProperty("--dx", slot.dx);
  node.style.setProperty("--dy", slot.dy);
  node.style.setProperty("--rot", slot.rot);
  node.style.zIndex = "1";
  return node;
}

export const seatElement = (/** @type {number} */ seat) => find(`.seat[data-seat="${seat}"]`);

// -- the whole table ---------------------------------------------------------------------

/** The empty table shown while Python starts: seats with names, no cards. @param {number} players */
export function renderShell(players) {
  const count = SEAT_POSITIONS[players] ? players : 4;
  const seats = Array.from({ length: count }, (_, seat) => makeSeat(seat, { players: count, self: 0 }));
  $("#seats").replaceChildren(...seats);
  for (const node of seats) {
    const name = seatName(Number(node.dataset.seat));
    setText($(".avatar", node), initial(name));
    setText($(".name", node), name);
    setText($(".score", node), "0");
    for (const chip of $$(".chip", node)) chip.hidden = true;
  }
  $("#table").dataset.players = String(count);
  watchLayout();
}

/**
 * Draw the page's state: the display options always, the table once there is a view.
 * @param {State} state
 */
export function render(state) {
  renderDisplay(state.display);
  const view = state.view;
  if (!view) return;
  const table = $("#table");
  table.dataset.phase = view.phase;
  // While a choice of the person is on its way to Python nobody may act (see main.js choose).
  table.dataset.turn = String(state.waiting ? -1 : view.turn);
  table.dataset.players = String(view.players);
  table.dataset.self = String(view.self);
  table.classList.toggle("human-turn", view.self_to_act && !state.waiting);
  renderBar(view, state.thinking === "hint");
  renderSeats(view, state.thinking);
  renderCenter(view, state);
  renderHandoff(state.handoff);
  renderHand(view, state);
  renderResult(view);
}

/**
 * The display settings: on the table (dimming, counters) and on the page (deck colours, theme,
 * card back, card size; the theme "system" leaves the light or dark table to the CSS, which
 * follows the device's preference).
 * @param {Display} display
 */
function renderDisplay(display) {
  const table = $("#table");
  table.classList.toggle("dim-illegal", display.dim);
  table.classList.toggle("no-counters", !display.count);
  document.body.classList.toggle("four-colour", display.fourColour);
  const root = document.documentElement;
  root.dataset.theme = display.theme;
  root.dataset.cardBack = display.cardBack;
  root.classList.toggle("large-cards", display.largeCards);
}

/**
 * Pass-and-play: "pass the device to …" covers the table until that person reveals.
 * @param {number | null} seat
 */
function renderHandoff(seat) {
  const box = $("#handoff");
  const arriving = seat !== null && box.dataset.handoff !== String(seat);
  setHidden(box, seat === null);
  if (seat === null) {
    delete box.dataset.handoff;
    return;
  }
  box.dataset.handoff = String(seat);
  const name = playerName(seat);
  setText($("h2", box), t("together.handoff", { name }));
  setText($("p", box), t("together.handoffHint", { name }));
  const reveal = $('[data-action="reveal"]', box);
  setText(reveal, t("together.reveal", { name }));
  // A region that was hidden is not read when it appears: the focus on its button says the
  // screen (the button is described by the heading and hint) and the next key reveals.
  if (arriving) reveal.focus({ preventScroll: true });
}

/** A button of the page (index.html). @param {string} selector @returns {HTMLButtonElement} */
function buttonOf(selector) {
  const node = $(selector);
  if (!(node instanceof HTMLButtonElement)) throw new Error(`${selector} is not a button`);
  return node;
}

/**
 * The match line and the tools; the hint button says so while Python works on a slow hint.
 * @param {TableView} view @param {boolean} hintThinking
 */
function renderBar(view, hintThinking) {
  // The hand's own deal number: the one a shared link or `python -m hearts state` uses.
  const daily = view.daily;
  const parts =
    view.mode === "learn"
      ? [t("learn.bar")]
      : [
          daily ? t("rw.dailyBar", { date: dayText(daily.date) }) : null,
          t("handN", { n: view.hand_number }),
          daily || view.challenge ? null : t("toTarget", { n: view.match.target }),
        ].filter((part) => part !== null);
  const info = $("#match-info");
  const lines = matchLines(info);
  setText(lines.main, parts.join(" · "));
  // The deal number on a line of its own: its 20 digits after the rest were cut to "Deal #127614854069…"
  // even at 1280 px. A guest's is withheld while the match runs.
  setText(lines.deal, view.deal_number ? t("deal", { seed: view.deal_number }) : "");
  // A phone upright shows two short lines instead (table.css): the hand, and how far the match is from its end.
  const hands = daily?.hands ?? view.challenge?.hands ?? null;
  const end = hands === null ? t("toTarget", { n: view.match.target }) : t("ofHands", { n: hands });
  setText(lines.first, view.mode === "learn" ? t("learn.bar") : t("handN", { n: view.hand_number }));
  setText(lines.second, view.mode === "learn" ? "" : end);
  // The day a daily deal is of (the date the page sent; the same deal in every browser that day).
  if (daily) info.dataset.dailyDate = daily.date;
  else delete info.dataset.dailyDate;
  const enable = { hint: view.can_hint, undo: view.can_undo, scores: true, "new-match": true };
  for (const [action, on] of Object.entries(enable)) buttonOf(`.bar [data-action="${action}"]`).disabled = !on;
  const hint = buttonOf('.bar [data-action="hint"]');
  setThinking(hint, hintThinking);
  setAttribute(hint, "title", t(hintThinking ? "thinking.hint" : "hint"));
  setHidden($(".thinking", hint), !hintThinking);
}

/**
 * The match line's parts, made the first time: the line (the match, and under it the deal number), and
 * the two short lines a phone upright shows instead. @param {HTMLElement} info
 */
function matchLines(info) {
  if (!find(".match-line", info)) {
    fill(
      info,
      el("span", { class: "match-line" }, el("span", { class: "match-main" }), el("span", { class: "match-deal" })),
      el("span", { class: "match-short" }, el("span"), el("span")),
    );
  }
  const [first, second] = $$(".match-short > span", info);
  return { main: $(".match-main", info), deal: $(".match-deal", info), first, second };
}

/**
 * Mark an element thinking (`data-thinking="true"`, and `aria-busy` for assistive technology) or not.
 * @param {HTMLElement} node @param {boolean} thinking
 */
function setThinking(node, thinking) {
  if (thinking === (node.dataset.thinking === "true")) return;
  if (thinking) node.dataset.thinking = "true";
  else delete node.dataset.thinking;
  node.setAttribute("aria-busy", String(thinking));
}

/** Set an attribute only when it changes (the table is redrawn after every card). @param {Element} node @param {string} name @param {string} value */
function setAttribute(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

// -- seats -----------------------------------------------------------------------------------

/** @param {TableView} view @param {import("./state.js").Thinking | null} thinking */
function renderSeats(view, thinking) {
  const box = $("#seats");
  const layout = `${view.players}:${view.self}`;
  if (box.dataset.layout !== layout) {
    box.dataset.layout = layout;
    fill(box, ...view.seats.map((seat) => makeSeat(seat.seat, view)));
  }
  for (const seat of view.seats) {
    const node = $(`.seat[data-seat="${seat.seat}"]`, box);
    updateSeat(node, seat, view);
    renderThinking(node, thinking === seat.seat);
  }
}

/**
 * A seat whose bot's decision takes a while: a badge of three dots beside the avatar. Its label is
 * there for whoever reads the seat; it is never announced (a live line per decision would be chatter).
 * @param {HTMLElement} node @param {boolean} thinking
 */
function renderThinking(node, thinking) {
  setThinking(node, thinking);
  const badge = $(".thinking", node);
  setHidden(badge, !thinking);
  if (!thinking) return;
  setAttribute(badge, "aria-label", t("thinking.seat"));
  setAttribute(badge, "title", t("thinking.seat"));
}

/** @param {number} seat @param {Pick<TableView, "players" | "self">} view */
function makeSeat(seat, view) {
  const [x, y] = SEAT_POSITIONS[view.players][placeOf(seat, view)];
  const node = el(
    "div",
    { class: seat === view.self ? "seat self" : "seat", data: { seat } },
    el("div", { class: "avatar", attrs: { "aria-hidden": "true" } }),
    el("div", { class: "who" }, el("span", { class: "name" }), el("span", { class: "level" })),
    el("div", { class: "score", data: { scoreSeat: seat } }),
    el(
      "div",
      { class: "counters" },
      el("span", { class: "chip points" }),
      el("span", { class: "chip hearts" }),
      el("span", { class: "chip queen" }),
      el("span", { class: "chip jack" }),
    ),
    seat === view.self ? null : el("div", { class: "backs", attrs: { "aria-hidden": "true" } }),
    el("span", { class: "passed-mark", text: "✓", attrs: { hidden: true } }),
    // Three dots that take turns to light up (none moves with reduced motion: table.css).
    el("span", { class: "thinking", attrs: { role: "img", hidden: true } }, el("i"), el("i"), el("i")),
  );
  node.style.setProperty("--x", `${x}%`);
  node.style.setProperty("--y", `${y}%`);
  return node;
}

/** @param {HTMLElement} node @param {SeatInfo} seat @param {TableView} view */
function updateSeat(node, seat, view) {
  const name = seatName(seat.seat);
  setText($(".avatar", node), initial(name));
  setText($(".name", node), name);
  setText($(".level", node), nameIn("level", seat.level) ?? "");
  setText($(".score", node), String(seat.total));
  node.classList.toggle("turn", view.turn === seat.seat && view.phase !== "over");
  node.classList.toggle(
    "pass-target",
    view.phase === "pass" && !view.pass.done && view.pass.to === seat.seat && seat.seat !== view.self,
  );
  drawCounters(node, seat, view);
  setHidden($(".passed-mark", node), !seat.passed);
  const backs = find(".backs", node);
  if (backs && backs.childElementCount !== seat.cards) {
    fill(backs, ...Array.from({ length: seat.cards }, () => el("span", { class: "mini-back" })));
  }
  node.setAttribute("aria-label", labelled(name, seat.total));
}

/**
 * A seat's counters: points, hearts, Q♠ and the bonus card taken this hand.
 * @param {HTMLElement} node @param {TakenCounters | SeatInfo} seat @param {TableView} view
 */
function drawCounters(node, seat, view) {
  const chips = $(".counters", node);
  drawPoints($(".points", chips), seat, view);
  const hearts = $(".hearts", chips);
  setChip(hearts, `♥${seat.hearts}`, labelled(t("counters.hearts"), seat.hearts));
  setHidden(hearts, seat.hearts === 0);
  hearts.title = t("counters.hearts");
  const queen = $(".queen", chips);
  setChip(queen, t("counters.queen"), cardName("QS"));
  setHidden(queen, !seat.queen);
  const jack = $(".jack", chips);
  const bonus = bonusCard(view);
  setChip(jack, bonus === "JD" ? t("counters.jack") : cardLabel(bonus), cardName(bonus));
  setHidden(jack, !(seat.jack && view.rules.jack_of_diamonds));
}

/**
 * The points chip: the points taken while the hand is played; once it is over, the hand's score as
 * Python scored it (after a moon the points taken say the opposite: the shooter's +26, the others'
 * nothing), the shooter's marked. A trick event's counters and an earlier host's seats have no score.
 * @param {HTMLElement} chip @param {TakenCounters | SeatInfo} seat @param {TableView} view
 */
function drawPoints(chip, seat, view) {
  const score = "hand_score" in seat ? seat.hand_score : null;
  if (typeof score !== "number" || !("seat" in seat)) {
    setText(chip, signed(seat.points));
    setHidden(chip, seat.points === 0);
    chip.title = t("counters.points");
    chip.removeAttribute("aria-label");
    return;
  }
  const moon = view.result?.moon?.seat === seat.seat ? view.result.moon : null;
  const title = t(moon?.sun ? "counters.sun" : moon ? "counters.moon" : "counters.score");
  setText(chip, `${moonMark(moon)}${signed(score)}`);
  setHidden(chip, score === 0 && !moon);
  chip.title = title;
  setAttribute(chip, "aria-label", labelled(title, signed(score)));
}

/**
 * A shot moon's (or sun's) mark before the shooter's score; none for the others. A sun's mark is
 * its own (U+FE0E: drawn as text, not as an emoji).
 * @param {MoonView | null} moon
 */
const moonMark = (moon) => (moon ? `${moon.sun ? "☀\uFE0E" : "☾"} ` : "");

/**
 * A trick just taken shows at once in its taker's counters, before the table after the answer is
 * drawn: a tip about the seat ("Carol took Q♠: 13 points") points at counters that say so. The
 * event carries them (Python counts, as for the seat's counters in the view).
 * @param {TrickEvent} event @param {TableView} view the table before the answer
 */
export function countTrick(event, view) {
  const node = seatElement(event.winner);
  // A guest's host on an earlier version sends no counters: the view after the answer draws them.
  if (node && event.taken) drawCounters(node, event.taken, view);
}

/** The card the Omnibus rule gives −10 (J♦, or 10♦ in the variant with it). @param {TableView} view */
const bonusCard = (view) => wholeRules(view.rules).bonus_card ?? "JD";

/**
 * A counter chip: its text with suit signs drawn as SVG, and a spoken label.
 * @param {HTMLElement} chip @param {string} text @param {string} label
 */
function setChip(chip, text, label) {
  if (chip.getAttribute("aria-label") !== label) chip.setAttribute("aria-label", label);
  setRichText(chip, text);
}

// -- the middle ------------------------------------------------------------------------------

/** @param {TableView} view @param {State} state */
function renderCenter(view, state) {
  renderTrick(view, state.display.fourColour);
  renderLastTrick(view, state.showLastTrick, state.display.fourColour);
  const status = $("#status");
  const passing = view.phase === "pass";
  if (passing && !view.pass.done) {
    setText(status, t(`passTo.${view.pass.name}`, { n: view.pass.count, k: view.pass.offset, name: seatName(view.pass.to) }));
  } else if (passing) {
    setText(status, t("passWaiting"));
  } else if (view.phase === "play" && view.self_to_act && !state.waiting && !state.showLastTrick) {
    // Not while the person's card is on its way: the view is the one before it until the answer
    // has played out (with a learn tip, for as long as the tip waits to be read).
    setText(status, view.trick.length ? t("yourTurn") : t("yourTurnLead"));
  } else {
    setText(status, "");
  }
  const badge = $("#pass-badge");
  setHidden(badge, !passing);
  setText(badge, t(`passShort.${view.pass.name}`, { k: view.pass.offset }));
  setHidden($("#hearts-badge"), !(view.hearts_broken && view.phase === "play"));
  buttonOf('[data-action="last-trick"]').disabled = !view.last_trick;
  const pass = buttonOf('[data-action="pass"]');
  setHidden(pass, !(passing && !view.pass.done));
  pass.disabled = state.selected.length !== view.pass.count || state.waiting;
  setText(pass, t("passButton", { count: state.selected.length, n: view.pass.count }));
  // Python says when the rest of the hand is decided (the view's can_claim): the page only offers it.
  const claim = buttonOf('[data-action="claim"]');
  setHidden(claim, !view.can_claim || state.handoff !== null);
  claim.disabled = state.waiting;
  claim.title = t("claimTitle");
}

/**
 * The trick as the view has it (animate.js adds cards as they are played).
 * @param {TableView} view @param {boolean} fourColour
 */
function renderTrick(view, fourColour) {
  const box = $("#trick");
  const wanted = new Set(view.trick.map((c) => c.card));
  for (const node of $$("[data-trick-card]", box)) {
    if (!wanted.has(node.dataset.trickCard ?? "")) node.remove();
  }
  for (const c of view.trick) {
    let node = find(`[data-trick-card="${c.card}"]`, box);
    if (!node) {
      node = placeInTrick(faceCard(c.card, fourColour, { data: { trickCard: c.card, seat: c.seat } }), c.seat, view);
      box.append(node);
    }
    drawFace(node, c.card, fourColour);
    renameCard(node, c.card);
  }
}

/** @param {TableView} view @param {boolean} show @param {boolean} fourColour */
function renderLastTrick(view, show, fourColour) {
  const box = $("#last-trick");
  const last = view.last_trick;
  setHidden(box, !(show && last));
  if (!show || !last) {
    fill(box);
    return;
  }
  fill(
    box,
    ...last.cards.map((c) => {
      const node = placeInTrick(faceCard(c.card, fourColour, { data: { lastCard: c.card } }), c.seat, view);
      node.classList.toggle("winner", c.seat === last.winner);
      return node;
    }),
    el("div", {
      class: "caption",
      text: isYou(last.winner) ? t("takeTrickYou") : t("takesTrick", { name: seatName(last.winner) }),
    }),
  );
}

// -- the hand --------------------------------------------------------------------------------

/** @param {TableView} view @param {State} state */
function renderHand(view, state) {
  const hand = $("#hand");
  hand.setAttribute("aria-label", t("you"));
  const byCard = new Map($$(".card", hand).map((n) => [n.dataset.card ?? "", n]));
  // While the hand-off screen shows, no card of anybody's hand is in the page.
  const cards = state.handoff === null ? view.hand : [];
  const wanted = new Set(cards.map((c) => c.card));
  for (const [card, node] of byCard) if (!wanted.has(card)) node.remove();
  const passing = view.phase === "pass" && !view.pass.done;
  const playing = view.phase === "play" && view.self_to_act;
  const keyed = passing ? view.hand : playing ? view.hand.filter((c) => c.legal) : [];
  const keys = new Map(keyed.slice(0, CARD_KEYS.length).map((c, i) => [c.card, CARD_KEYS[i]]));
  const focus = state.focusCard ?? (view.hand.find((c) => c.legal) ?? view.hand[0])?.card;
  /** @type {HTMLElement | null} */
  let previous = null;
  for (const c of cards) {
    let node = byCard.get(c.card);
    if (!node) {
      node = el("button", { class: "card", attrs: { type: "button" }, data: { card: c.card } });
      if (previous) previous.after(node);
      else hand.prepend(node);
    }
    drawFace(node, c.card, state.display.fourColour);
    const key = keys.get(c.card);
    const label = cardLabelWithState(c, key);
    if (node.getAttribute("aria-label") !== label) node.setAttribute("aria-label", label);
    node.dataset.legal = String(c.legal && !state.waiting);
    node.classList.toggle("received", c.received);
    node.classList.toggle("passed", c.passed);
    node.classList.toggle("selected", state.selected.includes(c.card));
    node.classList.toggle("hinted", Boolean(state.hint?.cards.has(c.card)));
    if (passing) node.setAttribute("aria-pressed", String(state.selected.includes(c.card)));
    else node.removeAttribute("aria-pressed");
    node.setAttribute("aria-disabled", String(!c.legal));
    if (key) {
      node.dataset.key = key;
      node.setAttribute("aria-keyshortcuts", key);
    } else {
      delete node.dataset.key;
      node.removeAttribute("aria-keyshortcuts");
    }
    node.tabIndex = c.card === focus ? 0 : -1;
    previous = node;
  }
  layoutHand();
}

/**
 * A hand card's accessible name: its spoken name first, then its state ("received", why not playable).
 * @param {HandCard} c @param {string | undefined} key
 */
function cardLabelWithState(c, key) {
  const parts = [cardName(c.card)];
  if (c.received) parts.push(t("cardState.received"));
  if (c.why) parts.push(say("cardState.notPlayable", { reason: say(`illegal.${c.why.code}`, c.why.params) }));
  if (key) parts.push(t("cardState.key", { key: key.toUpperCase() }));
  return parts.join(", ");
}

/**
 * Fan the hand across the width; two rows when one row would leave less than 26 px a card.
 * The same cards at the same width keep their places (data-fan on the hand says which were
 * laid out): no style work after every card played.
 */
export function layoutHand() {
  const hand = $("#hand");
  const cards = $$(".card", hand);
  const handW = hand.clientWidth;
  const cardW = cards.length ? cards[0].offsetWidth : 0; // large cards or not
  const room = fanRoom(hand, handW);
  const key = `${handW}:${cardW}:${room.join("-")}:${cards.map((c) => c.dataset.card).join()}`;
  if (key === hand.dataset.fan) return;
  hand.dataset.fan = key;
  if (!cards.length) return hand.classList.remove("two-rows");
  // The row's width: the hand's, less what sits beside it on a landscape phone (the seat, the
  // buttons), so that a long hand closes up rather than slide under them.
  const width = Math.min(handW - 24, room[1] - room[0]);
  // Sizes read once, before the class switch (it changes the hand's height only): a read inside the
  // loop (after a card's --x was set) or after the switch would force another style and layout each.
  const rowShift = cards[0].offsetHeight * 0.52;
  const rows = cards.length > 1 && (width - cardW) / (cards.length - 1) < 26 ? 2 : 1;
  hand.classList.toggle("two-rows", rows === 2);
  const perRow = Math.ceil(cards.length / rows);
  cards.forEach((node, index) => {
    const row = Math.floor(index / perRow);
    const inRow = row === rows - 1 ? cards.length - perRow * (rows - 1) : perRow;
    const i = index - row * perRow;
    const step = inRow > 1 ? Math.min(cardW * 0.62, (width - cardW) / (inRow - 1)) : 0;
    const start = fanStart(cardW + step * (inRow - 1), handW, room);
    // A gentle fan: at most ±6° and 8 px lower at the ends, whatever the number of cards.
    const half = Math.max(1, (inRow - 1) / 2);
    const d = (i - (inRow - 1) / 2) / half;
    const fan = rows === 1 ? 1 : 0.5;
    node.style.setProperty("--x", `${(start + i * step).toFixed(1)}px`);
    node.style.setProperty("--y", `${(row * rowShift + d * d * 8 * fan).toFixed(1)}px`);
    node.style.setProperty("--r", `${(d * 6 * fan).toFixed(2)}deg`);
  });
}

// px kept between the fan and what sits beside it: the end cards are turned by up to 6°, so their
// corners reach a few px beyond the row's straight edges.
const FAN_CLEARANCE = 8;

/**
 * The part of the hand's width clear of what sits beside it: on a landscape phone the person's seat
 * (bottom left) and the hand's buttons and clock (bottom right) are fixed over the hand's row (table.css).
 * @param {HTMLElement} hand @param {number} handW @returns {[number, number]} from, to (px from the hand's left)
 */
function fanRoom(hand, handW) {
  const bar = $(".hand-bar");
  if (getComputedStyle(bar).position !== "fixed") return [0, handW];
  const left = hand.getBoundingClientRect().left;
  const seat = find(".seat.self");
  const beside = seat?.checkVisibility() && getComputedStyle(seat).position === "fixed"; // else on the felt
  const from = seat && beside ? seat.getBoundingClientRect().right - left : 0;
  const edges = [...bar.children].filter((node) => node.checkVisibility()).map((node) => node.getBoundingClientRect().left);
  const to = Math.min(handW, ...edges.map((edge) => edge - left - FAN_CLEARANCE));
  return [Math.round(Math.max(0, from + FAN_CLEARANCE)), Math.round(to)];
}

/**
 * Where a row of `fanW` px starts: centred on the hand, moved just clear of what sits beside it
 * where the room allows, else centred in the room. @param {number} fanW @param {number} handW
 * @param {[number, number]} room
 */
function fanStart(fanW, handW, [from, to]) {
  const wanted = fanW > to - from ? from + (to - from - fanW) / 2 : Math.min(Math.max((handW - fanW) / 2, from), to - fanW);
  return Math.min(Math.max(wanted, 0), handW - fanW); // never off the hand
}

// -- the menu bar's labels ------------------------------------------------------------------------

// The bar's levels, most words first (table.css): every label, the less used tools as icons, icons only,
// and icons only with the less used tools behind "More" (toolmenu.js; a phone upright, 44 px a tool).
const LABEL_LEVELS = [[], ["few-labels"], ["no-labels"], ["no-labels", "in-menu"]];
const LEVEL_CLASSES = ["few-labels", "no-labels", "in-menu"];
// Room the match line keeps before a level counts as fitting: ~20 characters, the hand number and the
// target ("Hand 3 · to 100 · …"), the part a player glances at; less is an ellipsis after a word or two.
const MATCH_LINE_EM = 12;
let watching = false;

/**
 * Show the most tool labels that fit the bar's width in the shown language: each level is tried in
 * turn (a layout each; only on a resize or a relabelling) and the first that fits stays, else the last.
 */
function fitBar() {
  const bar = $(".bar");
  bar.classList.add("fitted"); // measured from now on (table.css hides the labels of narrow screens until then)
  for (const level of LABEL_LEVELS) {
    bar.classList.remove(...LEVEL_CLASSES);
    bar.classList.add(...level);
    if (barFits(bar)) break;
  }
  if (!bar.classList.contains("in-menu")) closeToolMenu();
}

/** No tool past the bar's edge or its own border, and the match line (where it shows) keeps its room. @param {HTMLElement} bar */
function barFits(bar) {
  const nav = $(".actions", bar);
  const info = $("#match-info");
  const room = info.checkVisibility() ? MATCH_LINE_EM * Number.parseFloat(getComputedStyle(info).fontSize) : 0;
  const tools = $$(".tool", nav);
  const overflows = (/** @type {HTMLElement} */ node) => node.scrollWidth > node.clientWidth;
  return !overflows(bar) && !overflows(nav) && info.clientWidth >= room && !tools.some(overflows);
}

/**
 * Fit the bar now and whenever it could stop fitting: its width changes (a ResizeObserver, which also
 * reports once at the start) or the tools are relabelled (a language switch sets their text: i18n.js
 * applyStatic). A resize observer on the labels would miss the hidden ones, which may fit again.
 * And fan the hand again when the buttons and clock beside it change their size (see fanRoom).
 */
function watchLayout() {
  if (watching) return; // renderShell runs again when the number of players changes
  watching = true;
  watchToolMenu();
  new ResizeObserver(() => layoutHand()).observe($(".hand-bar"));
  const bar = $(".bar");
  new ResizeObserver(() => fitBar()).observe(bar);
  new MutationObserver(() => fitBar()).observe($(".actions", bar), {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

// -- the hand result and the match end ---------------------------------------------------------

/** What a shot moon (or sun) did, as the result shows it and the live log says it. @param {MoonView | null} moon */
export function moonText(moon) {
  if (!moon) return "";
  const you = isYou(moon.seat) ? "You" : "";
  const key = `${moon.sun ? "sun" : "moon"}${moon.subtracted ? "Subtract" : ""}${you}`;
  return t(key, { name: seatName(moon.seat), value: moon.value });
}

/**
 * Who took the −10 card (J♦, or 10♦ in the variant with it): it explains a score the points
 * taken do not, such as a moon shooter's −10.
 * @param {number} seat @param {TableView} view
 */
function jackText(seat, view) {
  return t(isYou(seat) ? "jackTakenYou" : "jackTaken", { seat, card: bonusCard(view) });
}

/** Whether the match is played by sides of partners (the view's `sides` then pair the seats). @param {TableView} view */
const hasTeams = (view) => Boolean(wholeRules(view.rules).teams);

/** A side's name: its partners' names. @param {TableView} view @param {number} side */
function sideName(view, side) {
  const [first, second] = view.sides[side].map(seatName);
  return t("team.pair", { first, second });
}

/**
 * Who won the match, as its end shows it and the live log says it (the log's view is the table
 * before the match_over event: it passes the event's winners).
 * @param {TableView} view @param {number[]} winners @param {number[]} winningSides
 */
export function winnersText(view, winners = view.match.winners, winningSides = view.match.winning_sides) {
  if (hasTeams(view)) return sidesWinText(view, winningSides);
  if (winners.some(isYou)) return winners.length > 1 ? t("youShare") : t("youWin");
  if (winners.length === 1) return t("winnerOne", { name: seatName(winners[0]) });
  return t("winnersMany", { names: winners.map(seatName).join(", ") });
}

/**
 * Why a match goes on past its target (ties "play-on"): who shares the lowest total, seats or sides.
 * @param {TableView} view
 */
export function tiedLeadText(view) {
  const tied = view.match.tied_lead;
  const names = hasTeams(view)
    ? view.sides.flatMap((side, i) => (side.some((seat) => tied.includes(seat)) ? [sideName(view, i)] : []))
    : tied.map(seatName);
  return t("tiedLead", { target: view.match.target, names: names.join(", ") });
}

/** Who won, by sides. @param {TableView} view @param {number[]} sides the winning ones */
function sidesWinText(view, sides) {
  const mine = view.sides.findIndex((side) => side.some(isYou));
  if (sides.includes(mine)) return sides.length > 1 ? t("team.youShare") : t("team.youWin");
  if (sides.length === 1) return t("team.winnerOne", { name: sideName(view, sides[0]) });
  return t("team.winnersMany", { names: sides.map((side) => sideName(view, side)).join(", ") });
}

/**
 * The sides' score of the hand and totals (with their places once the match is over).
 * @param {TableView} view @param {ResultView} result
 */
function sidesTable(view, result) {
  const over = view.match.over;
  const places = view.match.team_places;
  const order = [...view.sides.keys()];
  if (over) order.sort((a, b) => places[a] - places[b]);
  return el(
    "table",
    { class: "scores-table sides-table" },
    el("caption", { text: t("team.sides") }),
    el(
      "thead",
      {},
      el("tr", {}, hiddenHeading(t("team.side")), el("th", { text: t("pointsHand") }), el("th", { text: t("total") })),
    ),
    el(
      "tbody",
      {},
      order.map((side) =>
        el(
          "tr",
          { class: view.sides[side].some(isYou) ? "me" : "" },
          el(
            "td",
            {},
            over ? el("span", { class: "place", text: t("placeN", { n: places[side] }) }) : null,
            sideName(view, side),
          ),
          el("td", { text: signed(result.team_scores[side]) }),
          el("td", { text: String(result.team_totals[side]), data: { sideTotal: side } }),
        ),
      ),
    ),
  );
}

/** @param {TableView} view */
function renderResult(view) {
  const box = $("#result");
  const result = view.result;
  setHidden(box, !result);
  if (!result) {
    fill(box);
    return;
  }
  const over = view.match.over;
  const learning = view.mode === "learn";
  const done = !view.waiting_for.includes(view.self); // pressed "next" already, the others have not
  const others = view.waiting_for.filter((seat) => seat !== view.self);
  // Drawn anew with every change (the par line arrives later): the button that had the focus gets it back.
  const focused = box.contains(document.activeElement) ? (document.activeElement?.getAttribute("data-action") ?? null) : null;
  fill(
    box,
    el("h2", {
      text: learning ? t("learn.title") : over ? t("matchOver") : t("resultTitle", { n: result.hand_number }),
      attrs: { id: "result-title" },
    }),
    learning ? learnSummary(result.scores[view.self]) : null,
    over && !learning ? el("p", { class: "winners", text: winnersText(view) }) : null,
    view.match.tied_lead.length ? el("p", { class: "tied-lead", text: tiedLeadText(view) }) : null,
    result.moon ? el("p", { class: "announce", text: moonText(result.moon) }) : null,
    result.jack_seat !== null ? el("p", { class: "jack-line" }, richText(jackText(result.jack_seat, view))) : null,
    resultScores(view, result),
    parLine(view),
    view.challenge ? challengeTable(view.challenge) : null,
    hasTeams(view) ? sidesTable(view, result) : null,
    over ? el("p", { class: "leaderboard-line", text: leaderboardLine(view) }) : null,
    over ? scoresChart(view, "match-scores") : null,
    others.length && done
      ? el("p", { class: "waiting-next", text: t("together.waitingNext", { names: others.map(playerName).join(", ") }) })
      : null,
    el("div", { class: "buttons" }, resultButtons(view, done).reverse()),
  );
  if (focused) find(`#result [data-action="${focused}"]`)?.focus({ preventScroll: true });
  // A new result (or the match end) opens at its top, not where the last one was scrolled to.
  const shown = `${result.hand_number}:${over}`;
  if (resultShown !== shown) box.scrollTop = 0;
  resultShown = shown;
}

/**
 * The hand's points and the totals, a row a seat: in seat order, or by place once the match is over.
 * @param {TableView} view @param {ResultView} result
 */
function resultScores(view, result) {
  const over = view.match.over;
  const order = over
    ? [...view.seats.keys()].sort((a, b) => view.match.places[a] - view.match.places[b])
    : [...view.seats.keys()];
  const rows = order.map((seat) =>
    el(
      "tr",
      { class: isYou(seat) ? "me" : "" },
      el(
        "td",
        {},
        over ? el("span", { class: "place", text: t("placeN", { n: view.match.places[seat] }) }) : null,
        seatName(seat),
      ),
      el("td", { text: signed(result.scores[seat]), class: result.moon?.seat === seat ? "moon" : "" }),
      el("td", { text: String(result.totals[seat]) }),
    ),
  );
  return el(
    "table",
    { class: "scores-table" },
    el(
      "thead",
      {},
      el("tr", {}, hiddenHeading(t("colPlayer")), el("th", { text: t("pointsHand") }), el("th", { text: t("total") })),
    ),
    el("tbody", {}, rows),
  );
}

/**
 * The result's buttons, the main one first: the next hand (disabled once pressed), another match, or after the
 * learn hand a real one; review, share and challenge only at a table of one person.
 * @param {TableView} view @param {boolean} done
 * @returns {HTMLElement[]}
 */
function resultButtons(view, done) {
  const learning = view.mode === "learn";
  // Review and share ask this page's Python about seat 0's game: only at a table of one person.
  const solo = view.persons.length === 1;
  /** @param {string} text @param {string} action */
  const button = (text, action, cls = "secondary", disabled = false) =>
    el("button", { class: cls, text, data: { action }, attrs: { type: "button", disabled } });
  const first = learning
    ? button(t("learn.real"), "real-match", "primary")
    : view.match.over
      ? button(t("playAgain"), "play-again", "primary")
      : button(t("nextHand"), "next-hand", "primary", done);
  return [
    first,
    solo ? button(t("review.open"), "review") : null,
    solo ? button(t("share.open"), "share") : null,
    solo && !learning ? button(t("rw.challenge"), "challenge") : null,
    button(t("sameDeal"), "same-deal"),
  ].filter((b) => b !== null);
}

/** Which result the panel shows ("hand:over"): a new one opens scrolled to its top. */
let resultShown = "";

/**
 * Your leaderboard value of each hand and the match's score so far, below the table (the
 * table's cells stay the seats' scores), then what that score is: in words on the sheet, since
 * a tooltip reaches neither a finger nor every screen reader.
 * @param {TableView} view
 */
function leaderboardHands(view) {
  const seat = leaderboardSeat(view);
  const hands = view.history.map((row) => t("lbHand", { n: row.hand, value: row.leaderboard[seat] }));
  return el(
    "div",
    { class: "lb-box" },
    el(
      "p",
      { class: "lb-line" },
      `${isYou(seat) ? t("lbShort") : t("lbShortOf", { name: playerName(seat) })} `,
      hands.length ? `${hands.join(" · ")} · ` : "",
      labelled(t("total"), ""),
      el("strong", { text: String(view.match.leaderboard[seat]), data: { leaderboardMatch: "" } }),
    ),
    el("p", { class: "lb-help", text: t("lbHelp") }),
  );
}

/** @param {TableView} view */
function leaderboardLine(view) {
  if (view.challenge) return t("rw.challengeCountsNot");
  if (view.daily && !view.daily.counted && !view.match.replay) return t("rw.dailyReplay");
  if (!view.match.counts) return t("replayNote");
  const seat = leaderboardSeat(view);
  const score = view.match.leaderboard[seat];
  return isYou(seat) ? t("leaderboardMatch", { score }) : t("leaderboardMatchOf", { name: playerName(seat), score });
}

/**
 * Whether several persons share this device (pass-and-play): then nobody is "You", a hand is shown
 * only behind the hand-over screen, and no view is kept for the next start's preview.
 * @param {TableView} view
 */
export const sharedDevice = (view) => view.local.length > 1;

/**
 * Whose leaderboard the sheet and the match's end give: the shown seat's, or where several persons
 * share the device, the first one's (the host's seat, whose statistics the match goes to).
 * @param {TableView} view
 */
const leaderboardSeat = (view) => (sharedDevice(view) ? view.local[0] : view.self);

const signed = (/** @type {number} */ n) => (n > 0 ? `+${n}` : String(n));

/**
 * The Omnibus rules in words: J♦'s own texts, or the ones that name the rules' other bonus card (10♦).
 * @param {import("./settings.js").RulesJson} rules
 */
export function bonusTexts(rules) {
  const card = rules.bonus_card ?? "JD";
  return card === "JD"
    ? { counts: t("s.jack_of_diamonds"), moon: t("s.moon_needs_jack") }
    : { counts: t("s.bonusCounts", { card }), moon: t("s.moonNeedsBonus", { card }) };
}

/**
 * A pass cycle in words, hand by hand ("Pass left, Pass right, Pass across, No passing").
 * @param {import("./protocol.js").PassDirection[]} cycle Python's names of the rules' offsets
 */
export function passCycleText(cycle) {
  return cycle.map((p) => t(`passShort.${p.name}`, { k: p.offset })).join(", ");
}

/**
 * The house rules of the match on the table, one short item each (the values come from Python).
 * @param {Record<string, unknown>} json @param {import("./protocol.js").PassDirection[]} cycle its passing
 * @param {number | null} hands a daily's or a challenge's set number of hands: they end the match, not the target
 */
export function rulesSummary(json, cycle, hands = null) {
  const rules = wholeRules(json);
  /** @param {"qs_breaks_hearts" | "points_on_first_trick" | "sun" | "teams"} key */
  const yes = (key) => (rules[key] ? t(`s.${key}`) : null);
  const bonus = bonusTexts(rules);
  const extra = Object.entries(rules.extra_points ?? {}).map(([card, points]) => `${cardLabel(card)} ${points}`);
  const passes = cycle.some((p) => p.offset !== 0);
  const items = [
    labelled(t("s.players"), rules.players),
    rules.removed.length ? labelled(t("s.removed"), rules.removed.map(cardLabel).join(" ")) : null,
    labelled(t("s.queen_points"), rules.queen_points),
    extra.length ? labelled(t("s.extra_points"), extra.join(", ")) : null,
    rules.heart_points === "rank" ? labelled(t("s.heart_points"), nameIn("s.heartPointsOpt", "rank")) : null,
    labelled(t("s.passing"), passes ? `${passCycleText(cycle)} (${rules.pass_count})` : passCycleText(cycle)),
    yes("qs_breaks_hearts"),
    yes("points_on_first_trick"),
    labelled(t("s.moon"), nameIn("s.moonOpt", rules.moon)),
    yes("sun"),
    rules.jack_of_diamonds ? bonus.counts : null,
    rules.moon_needs_jack ? bonus.moon : null,
    yes("teams"),
    hands === null ? labelled(t("s.target"), rules.target) : t("s.setHands", { n: hands }),
    labelled(t("s.ties"), nameIn("s.tiesOpt", rules.ties)),
  ];
  return el(
    "ul",
    { class: "rules-summary", attrs: { "aria-label": t("s.rules") } },
    items.filter((text) => text !== null).map((text) => el("li", {}, richText(text))),
  );
}

/**
 * The score sheet: one row per finished hand, the running totals at the bottom; then the house rules.
 * @param {TableView} view
 */
export function scoreSheet(view) {
  return [
    view.match.replay ? el("p", { class: "replay-note", text: t("replayNote") }) : null,
    scoreTable(view),
    leaderboardHands(view),
    // Before the first hand is over a chart would be empty axes (a daily's or a challenge's has no target line).
    view.history.length ? scoresChart(view, "scores") : el("p", { text: t("chartLater") }),
    rulesSummary(view.rules, view.pass_cycle, view.daily?.hands ?? view.challenge?.hands ?? null),
  ];
}

// The looks a wide table tries in turn until it fits its box (panels.css): headings across, then
// upright, then upright with smaller type and closer cells, then (six partners on a phone) the
// score sheet without its pass column (the rules summary below gives the cycle) and with a
// magnifier for its review links.
const TABLE_LEVELS = [[], ["upright"], ["upright", "tight"], ["upright", "tight", "narrow"]];

/**
 * Keep the tables of a dialog's body (the score sheet, the statistics) within it: when one is too
 * wide (five or six seats, partners' sides, long words, a phone), its headings stand upright, then
 * its type gets smaller, so no column hides past the edge. Measured in the shown language when the
 * dialog opens and when the body changes width (a phone turned); only a width change re-measures,
 * so the height upright headings add cannot set off another round.
 * @param {HTMLElement} box the dialog's scrolling body @returns {() => void} stops watching
 */
export function fitTables(box) {
  let width = -1;
  const observer = new ResizeObserver(() => {
    if (box.clientWidth === width) return;
    width = box.clientWidth;
    const style = getComputedStyle(box);
    const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth - Number.parseFloat(style.paddingRight);
    for (const table of $$(".scores-table", box)) fitTable(table, edge);
  });
  observer.observe(box);
  return () => observer.disconnect();
}

/** The first look of TABLE_LEVELS in which `table` ends before `edge` (px), else the last. @param {HTMLElement} table @param {number} edge */
function fitTable(table, edge) {
  for (const level of TABLE_LEVELS) {
    table.classList.remove(...TABLE_LEVELS.flat());
    table.classList.add(...level);
    if (table.getBoundingClientRect().right <= edge + 0.5) return;
  }
}

/**
 * Every seat's total after each hand (from 0), the shown seat drawn strong, the target as a line.
 * @param {TableView} view
 * @param {string} chart the data-chart hook
 */
export function scoresChart(view, chart) {
  const series = view.seats.map(({ seat }) => ({
    name: seatName(seat),
    values: [0, ...view.history.map((row) => row.totals[seat])],
    cls: `seat-${seat}`,
    strong: isYou(seat),
  }));
  const xLabels = ["0", ...view.history.map((row) => String(row.hand))];
  return lineChart({
    series,
    xLabels,
    chart,
    title: t("chartScores"),
    // A daily deal or a challenge ends with its set hands, not at the target: no line for it.
    marks: view.daily || view.challenge ? [] : [{ value: view.match.target, label: t("chartTarget", { n: view.match.target }) }],
  });
}

/**
 * A hand's score on the sheet, marked for the moon's (or sun's) shooter and for who took the
 * −10 card, so a score the points do not explain says why.
 * @param {HistoryRow} row @param {number} seat @param {number} score @param {string} bonus the −10 card
 */
function sheetScore(row, seat, score, bonus) {
  const moon = row.moon?.seat === seat ? row.moon : null;
  const took = row.jack_seat === seat;
  return el(
    "td",
    { class: moon ? "moon" : "" },
    moonMark(moon) || null,
    took ? [cardInText(bonus, { class: "jack-mark" }), " "] : null,
    signed(score),
  );
}

/** @param {TableView} view */
function scoreTable(view) {
  if (!view.history.length) return el("p", { text: t("noHandsYet") });
  const names = view.seats.map((s) => seatName(s.seat));
  const sides = hasTeams(view) ? [...view.sides.keys()] : []; // a column per side of partners
  const bonus = bonusCard(view);
  return el(
    "table",
    { class: "scores-table" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        // Each heading in a span: a sheet too wide for its box stands them upright (fitTables).
        el("th", {}, el("span", { text: t("hand") })),
        el("th", { class: "pass-cell" }, el("span", { text: t("pass") })),
        names.map((name) => el("th", {}, el("span", { text: name }))),
        sides.map((side) => el("th", { class: "side" }, el("span", { text: sideName(view, side) }))),
      ),
    ),
    el(
      "tbody",
      {},
      view.history.map((row) =>
        el(
          "tr",
          {},
          el(
            "td",
            {},
            String(row.hand),
            " ",
            el("button", {
              class: "link",
              text: t("review.short"),
              data: { action: "review-hand", hand: row.hand - 1 },
              attrs: { type: "button", "aria-label": t("review.title", { n: row.hand }) },
            }),
          ),
          el("td", { class: "pass-cell", text: t(`passShort.${row.pass.name}`, { k: row.pass.offset }) }),
          row.scores.map((score, seat) => sheetScore(row, seat, score, bonus)),
          sides.map((side) => el("td", { class: "side", text: signed(row.team_scores[side]) })),
        ),
      ),
    ),
    el(
      "tfoot",
      {},
      el(
        "tr",
        {},
        el("td", { class: "total-cell" }, el("span", { class: "total-word", text: t("total") })),
        el("td", { class: "pass-cell" }),
        view.seats.map((seat) => el("td", { text: String(seat.total), class: seat.leading ? "best" : "" })),
        sides.map((side) => el("td", { class: "side", text: String(view.team_totals[side]), data: { sideTotal: side } })),
      ),
    ),
  );
}
