// The dialogs: settings (also the start screen), the score sheet, confirmations and notices.
// <dialog> with showModal() gives focus handling and Esc for free. Rule choices come from
// Python (rules_info, check_rules): this module only offers them and shows Python's answer.

import * as bridge from "./bridge.js";
import { richText, setRichText } from "./cardface.js";
import { $, el, fill } from "./dom.js";
import { cardLabel, errorText, LANGS, seatName, spokenText, t, tData } from "./i18n.js";
import { dataSection } from "./portability.js";
import { scoreSheet } from "./render.js";
import * as settings from "./settings.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").RulesInfoAnswer} RulesInfoAnswer
 * @typedef {import("./protocol.js").CheckRulesAnswer} CheckRulesAnswer
 */

const TARGETS = [50, 75, 100, 150];

/**
 * A dialog's title bar: its heading (which names the dialog for screen readers: a <dialog>
 * has no name of its own) and its close button.
 */
export function titleBar(dialog, title) {
  const id = `${dialog.id}-title`;
  dialog.setAttribute("aria-labelledby", id);
  const close = el("button", { class: "icon-close", text: "✕", attrs: { type: "button", "aria-label": t("close") } });
  close.addEventListener("click", () => dialog.close());
  return el("header", {}, el("h2", { text: title, attrs: { id } }), close);
}

/** Fill a <dialog> with a title bar (and its close button), a body and a footer. */
export function frame(dialog, title, body, footer) {
  fill(dialog, titleBar(dialog, title), el("div", { class: "body" }, body), footer ? el("footer", {}, footer) : null);
}

export function button(text, cls, action, onClick) {
  const node = el("button", { class: cls, text, attrs: { type: "button" }, data: { action } });
  node.addEventListener("click", onClick);
  return node;
}

/** The learn hand's button; on the start screen nothing has been played yet, so it need not ask. */
function learnButton(startScreen, onClick) {
  const node = button(t("learn.start"), "secondary", "learn", onClick);
  if (startScreen) node.dataset.startScreen = "1";
  return node;
}

const TABBABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round inside an open modal dialog. showModal() keeps the page behind
 * out of reach, but Tab past the last control would leave for the browser's own controls.
 */
function keepTabInModal(/** @type {KeyboardEvent} */ event) {
  const dialog = event.key === "Tab" ? document.querySelector("dialog[open]:modal") : null;
  if (!dialog) return;
  const stops = [...dialog.querySelectorAll(TABBABLE)].filter(
    (node) => !(/** @type {HTMLButtonElement} */ (node).disabled) && node.checkVisibility(),
  );
  if (!stops.length) return;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const edge = event.shiftKey ? first : last; // where the next Tab would leave the dialog
  if (dialog.contains(document.activeElement) && document.activeElement !== edge) return;
  event.preventDefault();
  /** @type {HTMLElement} */ (event.shiftKey ? last : first).focus();
}
document.addEventListener("keydown", keepTabInModal, true);

/** Open a dialog modally; onClose gets its return value. */
export function show(dialog, onClose) {
  dialog.addEventListener("close", () => onClose?.(dialog.returnValue), { once: true });
  dialog.returnValue = "";
  dialog.showModal();
}

/** A message with one OK button. */
export function notice(text) {
  const dialog = $("#dlg-notice");
  frame(
    dialog,
    t("title"),
    el("p", {}, richText(text)),
    button(t("ok"), "primary", "notice-ok", () => dialog.close()),
  );
  return new Promise((resolve) => show(dialog, resolve));
}

/** Ask yes/no; resolves true for OK. */
export function confirm(text) {
  const dialog = $("#dlg-confirm");
  frame(dialog, t("title"), el("p", {}, richText(text)), [
    button(t("cancel"), "secondary", "cancel", () => dialog.close("cancel")),
    button(t("ok"), "primary", "confirm", () => dialog.close("ok")),
  ]);
  return new Promise((resolve) => show(dialog, (value) => resolve(value === "ok")));
}

/** @param {TableView} view */
export function openScores(view) {
  const dialog = $("#dlg-scores");
  frame(
    dialog,
    t("scores"),
    scoreSheet(view),
    button(t("close"), "secondary", "close-scores", () => dialog.close()),
  );
  return new Promise((resolve) => show(dialog, resolve));
}

// -- settings --------------------------------------------------------------------------------

function field(label, control) {
  return el("label", { class: "field" }, el("span", {}, richText(label)), control);
}

function check(label, checked, onChange) {
  const input = el("input", { attrs: { type: "checkbox" } });
  input.checked = checked;
  input.addEventListener("change", () => onChange(input.checked));
  return el("label", { class: "check" }, input, el("span", {}, richText(label)));
}

function select(options, value, onChange) {
  const node = el(
    "select",
    {},
    // An option holds text only: a card in it is said by name, never drawn with a font's glyph.
    options.map(([v, label]) => el("option", { text: spokenText(label), attrs: { value: String(v) } })),
  );
  node.value = String(value);
  node.addEventListener("change", () => onChange(node.value));
  return node;
}

function numberInput(value, onChange, min = 0) {
  const node = el("input", { attrs: { type: "number", min, step: 1, inputmode: "numeric" } });
  node.value = String(value);
  node.addEventListener("change", () => onChange(Number.parseInt(node.value, 10)));
  return node;
}

function textInput(value, onChange) {
  const node = el("input", { attrs: { type: "text", autocomplete: "off", spellcheck: "false" } });
  node.value = value;
  node.addEventListener("change", () => onChange(node.value));
  return node;
}

const words = (text) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The open settings dialog: the draft the next match would use and Python's last word on it.
 * @typedef {object} SettingsForm
 * @property {HTMLDialogElement} dialog
 * @property {RulesInfoAnswer} info
 * @property {boolean} startScreen
 * @property {(changes: object) => void} onDisplay
 * @property {{rules: Record<string, any>, preset: string, bots: string[], seed: number | null}} draft
 * @property {boolean} valid Python accepts the draft rules
 * @property {CheckRulesAnswer} described Python's last description of valid draft rules
 * @property {HTMLElement} body
 * @property {HTMLElement} derived what the rules mean (or why Python refuses them)
 * @property {HTMLButtonElement} startButton
 */

/**
 * The settings dialog; with `startScreen` it greets a first visit. `onDisplay` runs when a
 * display setting changed (language, speed, dimming, counters, clock, deck colours) and
 * `onStart` starts a new match with the rules, bots and deal number chosen here.
 */
export async function openSettings({ info, startScreen = false, onDisplay, onStart }) {
  const s = settings.get();
  const { checked } = await bridge.checkRulesOr(
    Object.keys(s.rules).length ? s.rules : (info.presets[s.preset] ?? {}),
    info.defaults,
  );
  /** @type {SettingsForm} */
  const form = {
    dialog: $("#dlg-settings"),
    info,
    startScreen,
    onDisplay,
    draft: { rules: checked.rules, preset: s.preset, bots: [...s.bots], seed: s.seed },
    valid: true,
    described: checked,
    body: el("div"),
    derived: el("p", { class: "derived" }),
    startButton: button(t("start"), "primary", "start", () => {
      if (!form.valid) return;
      form.dialog.close("start");
      onStart();
    }),
  };
  build(form);
  await changed(form);
  if (startScreen) form.startButton.autofocus = true;
  return new Promise((resolve) => show(form.dialog, resolve));
}

/** Ask Python about the draft rules, store the draft, show what the rules mean. */
async function changed(form, rebuild = false) {
  const { draft } = form;
  const answer = await bridge.checkRules(draft.rules);
  form.valid = !("error" in answer);
  if (!("error" in answer)) {
    form.described = answer;
    draft.preset = answer.preset ?? "custom"; // Python says which preset these rules are
  }
  settings.update({ rules: draft.rules, preset: draft.preset, bots: draft.bots, seed: draft.seed });
  form.startButton.disabled = !form.valid;
  form.derived.classList.toggle("error", !form.valid);
  setRichText(form.derived, "error" in answer ? errorText(answer.error) : rulesMeaning(answer));
  if (rebuild) build(form);
}

/** Cards each, the lead card, the moon's value and the pass cycle, in words. */
function rulesMeaning(/** @type {CheckRulesAnswer} */ answer) {
  const cycle = answer.pass_cycle.map((p) => t(`passShort.${p.name}`, { k: p.offset })).join(", ");
  return t("s.derived", { size: answer.hand_size, lead: cardLabel(answer.lead_card), moon: answer.moon_value, cycle });
}

function setRule(form, key, value) {
  form.draft.rules = { ...form.draft.rules, [key]: value };
  changed(form, key === "players");
}

/** (Re)draw the whole dialog from the draft (after a change that alters which fields exist). */
function build(form) {
  fill(
    form.body,
    form.startScreen ? el("p", { class: "welcome", text: t("welcome") }) : null,
    gameFields(form),
    ruleFields(form),
    tableFields(form),
    dataSection({ confirm }),
    el("p", { class: "keys-help", text: t("keysHelp") }),
  );
  frame(form.dialog, form.startScreen ? t("title") : t("settings"), form.body, [
    // main.js's click handler starts the learn hand once the dialog has closed.
    learnButton(form.startScreen, () => form.dialog.close()),
    button(t("apply"), "secondary", "settings-done", () => form.dialog.close()),
    form.startButton,
  ]);
}

/** Players, preset, target, one level per bot, deal number. */
function gameFields(form) {
  const r = form.draft.rules;
  const targets = TARGETS.includes(r.target) ? TARGETS : [...TARGETS, r.target].sort((a, b) => a - b);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.game") }),
    field(t("s.players"), playerButtons(form)),
    field(t("s.preset"), presetSelect(form)),
    field(
      t("s.target"),
      select(
        targets.map((n) => [n, String(n)]),
        r.target,
        (v) => setRule(form, "target", Number(v)),
      ),
    ),
    el("p", { class: "derived", text: t("s.bots") }),
    botFields(form),
    field(t("s.names"), nameInputs(form)),
    field(t("s.seed"), seedInput(form)),
  );
}

/** A table of another size starts from that size's preset, keeping the target. */
function playerButtons(form) {
  const { info, draft } = form;
  return el(
    "div",
    { class: "segmented", attrs: { role: "group", "aria-label": t("s.players") } },
    info.players.map((n) => {
      const b = button(String(n), "", `players-${n}`, () => {
        draft.rules = { ...info.presets[info.player_presets[n]], target: draft.rules.target };
        changed(form, true);
      });
      b.setAttribute("aria-pressed", String(n === draft.rules.players));
      return b;
    }),
  );
}

function presetSelect(form) {
  const presetNames = tData("s.presetNames");
  const options = Object.keys(form.info.presets).map((name) => [name, presetNames[name] ?? name]);
  options.push(["custom", t("s.custom")]);
  return select(options, form.described.preset ?? "custom", (name) => {
    if (name === "custom") return;
    form.draft.rules = structuredClone(form.info.presets[name]);
    changed(form, true);
  });
}

function botFields(form) {
  const { draft } = form;
  const levelName = (level) => (level === "human" ? t("s.person") : tData("level")[level]);
  const levels = form.info.levels.map((level) => [level, levelName(level)]);
  return Array.from({ length: draft.rules.players - 1 }, (_, i) =>
    field(
      seatName(i + 1),
      select(levels, draft.bots[i], (value) => {
        draft.bots[i] = value;
        changed(form);
      }),
    ),
  );
}

/** Every seat's name (empty: the seat's default name); it applies at once. */
function nameInputs(form) {
  return el(
    "div",
    { class: "names" },
    Array.from({ length: form.draft.rules.players }, (_, seat) => {
      const input = textInput(settings.get().names[seat], (value) => {
        settings.update({ names: settings.get().names.map((n, i) => (i === seat ? value.trim() : n)) });
      });
      input.setAttribute("maxlength", "24");
      input.setAttribute("aria-label", `${t("s.names")}: ${seatName(seat)}`);
      input.placeholder = tData("seatNames")[seat];
      return input;
    }),
  );
}

/** The deal number of the match: empty (or not a whole number ≥ 0) for a random one. */
function seedInput(form) {
  const { draft } = form;
  const seed = textInput(draft.seed === null ? "" : String(draft.seed), (value) => {
    const n = Number(value.trim());
    draft.seed = value.trim() && Number.isSafeInteger(n) && n >= 0 ? n : null;
    changed(form);
  });
  seed.setAttribute("inputmode", "numeric");
  return seed;
}

/** Every house rule, then what Python says they mean. */
function ruleFields(form) {
  const r = form.draft.rules;
  const rule = (key) => (v) => setRule(form, key, v);
  const options = (choices, names) => choices.map((m) => [m, tData(names)[m]]);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.rules") }),
    field(t("s.queen_points"), numberInput(r.queen_points, rule("queen_points"))),
    passingFields(form),
    field(t("s.pass_count"), numberInput(r.pass_count, rule("pass_count"), 1)),
    check(t("s.qs_breaks_hearts"), r.qs_breaks_hearts, rule("qs_breaks_hearts")),
    check(t("s.points_on_first_trick"), r.points_on_first_trick, rule("points_on_first_trick")),
    field(t("s.moon"), select(options(form.info.moon, "s.moonOpt"), r.moon, rule("moon"))),
    check(t("s.sun"), r.sun, rule("sun")),
    check(t("s.jack_of_diamonds"), r.jack_of_diamonds, rule("jack_of_diamonds")),
    check(t("s.moon_needs_jack"), r.moon_needs_jack, rule("moon_needs_jack")),
    field(t("s.ties"), select(options(form.info.ties, "s.tiesOpt"), r.ties, rule("ties"))),
    field(
      t("s.removed"),
      textInput(r.removed.join(" "), (v) =>
        setRule(
          form,
          "removed",
          words(v).map((w) => w.toUpperCase()),
        ),
      ),
    ),
    form.derived,
  );
}

/** The passing mode; a custom cycle of seat offsets gets its own text field. */
function passingFields(form) {
  const passing = form.draft.rules.passing;
  const mode = Array.isArray(passing) ? "custom" : passing;
  const options = [...form.info.passing, "custom"].map((p) => [p, tData("s.passingOpt")[p] ?? p]);
  const modeField = field(
    t("s.passing"),
    select(options, mode, (v) => {
      // A custom cycle starts from the cycle these rules have now.
      setRule(form, "passing", v === "custom" ? form.described.pass_cycle.map((p) => p.offset) : v);
      build(form);
    }),
  );
  if (mode !== "custom") return modeField;
  const custom = textInput(passing.join(" "), (value) => {
    setRule(
      form,
      "passing",
      words(value).map((w) => (/^\d+$/.test(w) ? Number(w) : w)),
    );
  });
  return [modeField, field(t("s.passing_custom"), custom)];
}

/** Language, speed, clock and the table's look: they apply at once, without Python. */
function tableFields(form) {
  const now = settings.get();
  const display = (changes) => {
    settings.update(changes);
    form.onDisplay(changes);
    if ("lang" in changes) {
      build(form);
      changed(form);
    }
  };
  const clockOptions = settings.CLOCKS.map((c) => [c, c ? `${c} s` : t("s.clockOff")]);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.table") }),
    field(
      t("s.language"),
      select(
        LANGS.map((l) => [l, l === "de" ? "Deutsch" : "English"]),
        settings.lang(),
        (v) => display({ lang: v }),
      ),
    ),
    field(
      t("s.speed"),
      select(
        settings.SPEEDS.map((v) => [v, tData("s.speedOpt")[v]]),
        now.speed,
        (v) => display({ speed: v }),
      ),
    ),
    field(
      t("s.clock"),
      select(clockOptions, now.clock, (v) => display({ clock: Number(v) })),
    ),
    check(t("s.dim"), now.dim, (v) => display({ dim: v })),
    check(t("s.count"), now.count, (v) => display({ count: v })),
    check(t("s.fourColour"), now.fourColour, (v) => display({ fourColour: v })),
    check(t("s.assist"), now.assist, (v) => settings.update({ assist: v })),
    field(
      t("s.stun"),
      textInput(now.iceUrl, (v) => settings.update({ iceUrl: v.trim() })),
    ),
  );
}
