// The dialogs: settings (also the start screen), the score sheet, confirmations and notices.
// <dialog> with showModal() gives focus handling and Esc for free. Rule choices come from
// Python (rules_info, check_rules): this module only offers them and shows Python's answer.

import { richText, setRichText } from "./cardface.js";
import { $, $$, dialogOf, el, fill, find } from "./dom.js";
import { cardLabel, errorText, LANGS, labelled, languageName, seatName, spokenText, t } from "./i18n.js";
import { nameIn } from "./names.js";
import { dataSection } from "./portability.js";
import { bonusTexts, fitTables, passCycleText, scoreSheet } from "./render.js";
import { CARD_BACKS, CLOCKS, HINT_LEVELS, MAX_NAME, SPEEDS, THEMES, wholeRules } from "./settings.js";

/**
 * @typedef {import("./protocol.js").TableView} TableView
 * @typedef {import("./protocol.js").RulesInfoAnswer} RulesInfoAnswer
 * @typedef {import("./protocol.js").CheckRulesAnswer} CheckRulesAnswer
 * @typedef {import("./protocol.js").Answer<"check_rules">} CheckRulesReply
 * @typedef {import("./settings.js").RulesJson} RulesJson
 * @typedef {import("./settings.js").SettingsValues} SettingsValues
 * @typedef {import("./portability.js").DataDeps} DataDeps
 * @typedef {import("./dom.js").Child} Child
 */

const TARGETS = [50, 75, 100, 150];
const EXTRA_CARDS = ["KS", "AS"]; // the extra-point cards the editor offers (Black Maria's)
// The rules whose change alters the dialog's fields or their wording: it is drawn again.
const REBUILT_BY = new Set(["players", "bonus_card"]);

/**
 * A dialog's title bar: its heading (which names the dialog for screen readers: a <dialog>
 * has no name of its own) and its close button.
 * @param {HTMLDialogElement} dialog @param {string} title
 */
export function titleBar(dialog, title) {
  const id = `${dialog.id}-title`;
  dialog.setAttribute("aria-labelledby", id);
  const close = el("button", { class: "icon-close", text: "✕", attrs: { type: "button", "aria-label": t("close") } });
  close.addEventListener("click", () => dialog.close());
  // The title takes the focus as the dialog opens, so a screen reader starts at the title, not at
  // "Close"; no Tab stop. `autofocus`, as Firefox's showModal focuses the first *tabbable* element (✕)
  // where Chromium and WebKit take the first focusable one. A dialog that opens on a control instead
  // says so with `opensOn`.
  return el("header", {}, el("h2", { text: title, attrs: { id, tabindex: "-1", autofocus: "" } }), close);
}

/**
 * The control that has the focus as its dialog opens, in place of the title (titleBar): the first
 * element with `autofocus` in the dialog takes it, and the title comes first.
 * @param {HTMLElement} control
 */
export function opensOn(control) {
  control.closest("dialog")?.querySelector("header h2")?.removeAttribute("autofocus");
  control.autofocus = true;
}

/**
 * Fill a <dialog> with a title bar (and its close button), a body and a footer.
 * @param {HTMLDialogElement} dialog @param {string} title @param {Child} body @param {Child} [footer]
 */
export function frame(dialog, title, body, footer) {
  fill(dialog, titleBar(dialog, title), el("div", { class: "body" }, body), footer ? el("footer", {}, footer) : null);
}

/**
 * @param {string} text @param {string} cls @param {string} action @param {() => void} onClick
 * @returns {HTMLButtonElement}
 */
export function button(text, cls, action, onClick) {
  const node = el("button", { class: cls, text, attrs: { type: "button" }, data: { action } });
  node.addEventListener("click", onClick);
  return node;
}

/**
 * The learn hand's button (or the daily deal's); on the start screen nothing has been played yet,
 * so it need not ask.
 * @param {boolean} startScreen @param {() => void} onClick
 */
function learnButton(startScreen, onClick, text = t("learn.start"), action = "learn") {
  const node = button(text, "secondary", action, onClick);
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
  const stops = $$(TABBABLE, dialog).filter(
    (node) => node.tabIndex >= 0 && !("disabled" in node && node.disabled) && node.checkVisibility(),
  );
  if (!stops.length) return;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const active = document.activeElement;
  // A stop left in the Tab's direction: the browser moves there. None (the last stop, or the title,
  // which has the focus as the dialog opens and is no stop): the next Tab would leave the dialog.
  const ahead = (/** @type {Element} */ node) =>
    active !== null && node !== active && (event.shiftKey ? before(node, active) : before(active, node));
  if (active && dialog.contains(active) && stops.some(ahead)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/** Whether `a` comes before `b` in the document. @param {Node} a @param {Node} b */
const before = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
document.addEventListener("keydown", keepTabInModal, true);

/**
 * Open a dialog modally; onClose gets its return value.
 * @param {HTMLDialogElement} dialog @param {(value: string) => void} [onClose]
 */
export function show(dialog, onClose) {
  dialog.addEventListener("close", () => onClose?.(dialog.returnValue), { once: true });
  dialog.returnValue = "";
  dialog.showModal();
}

/**
 * A dialog that says or asks one thing (an alert dialog): `text` is its description, so a screen
 * reader says it as the dialog opens, and `first` has the focus (not the ✕, which says nothing).
 * @param {HTMLDialogElement} dialog @param {string} text @param {HTMLButtonElement[]} buttons @param {HTMLButtonElement} first
 */
function alertFrame(dialog, text, buttons, first) {
  const id = `${dialog.id}-text`;
  frame(dialog, t("title"), el("p", { attrs: { id } }, richText(text)), buttons);
  dialog.setAttribute("role", "alertdialog");
  dialog.setAttribute("aria-describedby", id);
  opensOn(first);
}

/** A message with one OK button. @param {string} text @returns {Promise<unknown>} */
export function notice(text) {
  const dialog = dialogOf("#dlg-notice");
  const ok = button(t("ok"), "primary", "notice-ok", () => dialog.close());
  alertFrame(dialog, text, [ok], ok);
  return new Promise((resolve) => show(dialog, resolve));
}

/** Ask yes/no; resolves true for OK. The focus starts on Cancel: OK may end a match. @param {string} text @returns {Promise<boolean>} */
export function confirm(text) {
  const dialog = dialogOf("#dlg-confirm");
  const cancel = button(t("cancel"), "secondary", "cancel", () => dialog.close("cancel"));
  alertFrame(dialog, text, [cancel, button(t("ok"), "primary", "confirm", () => dialog.close("ok"))], cancel);
  return new Promise((resolve) => show(dialog, (value) => resolve(value === "ok")));
}

/** @param {TableView} view @returns {Promise<unknown>} */
export function openScores(view) {
  const dialog = dialogOf("#dlg-scores");
  frame(
    dialog,
    t("scores"),
    scoreSheet(view),
    button(t("close"), "secondary", "close-scores", () => dialog.close()),
  );
  const stopFitting = fitTables($(".body", dialog));
  return new Promise((resolve) =>
    show(dialog, (value) => {
      stopFitting();
      resolve(value);
    }),
  );
}

// -- settings --------------------------------------------------------------------------------

/** @param {string} label @param {Child} control */
function field(label, control) {
  return el("label", { class: "field" }, el("span", {}, richText(label)), control);
}

/**
 * A `field` whose control is a group of buttons: not a `<label>`, which would name its first
 * button alone (button 3 was read "Players Players"); the text names the group instead.
 * @param {string} label @param {string} id the text's, unique in the page @param {HTMLElement} group a role="radiogroup" element
 */
function groupField(label, id, group) {
  group.setAttribute("aria-labelledby", id);
  return el("div", { class: "field" }, el("span", { attrs: { id } }, richText(label)), group);
}

/** @param {string} label @param {boolean} checked @param {(checked: boolean) => void} onChange */
function check(label, checked, onChange) {
  const input = el("input", { attrs: { type: "checkbox" } });
  input.checked = checked;
  input.addEventListener("change", () => onChange(input.checked));
  return el("label", { class: "check" }, input, el("span", {}, richText(label)));
}

/**
 * @param {[string | number, string][]} options value and label of each option
 * @param {string | number} value @param {(value: string) => void} onChange
 */
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

/**
 * A choice among a few options that need their words (a select would cut them on a phone): a
 * caption and one radio button a line.
 * @param {string} label @param {string} name the radio buttons' name
 * @param {[string, string][]} options value and label of each option
 * @param {string} value @param {(value: string) => void} onChange
 */
function radios(label, name, options, value, onChange) {
  const id = `${name}-caption`;
  return el(
    "div",
    { class: "radios", attrs: { role: "radiogroup", "aria-labelledby": id } },
    el("span", { class: "radios-caption", attrs: { id } }, richText(label)),
    options.map(([v, text]) => {
      const input = el("input", { attrs: { type: "radio", name, value: v } });
      input.checked = v === value;
      input.addEventListener("change", () => {
        if (input.checked) onChange(v);
      });
      return el("label", { class: "check" }, input, el("span", {}, richText(text)));
    }),
  );
}

/**
 * Every language by its own name, each option marked with its language (a screen reader says
 * "Français" in French).
 * @param {string} value @param {(value: string) => void} onChange
 */
function languageSelect(value, onChange) {
  const node = select(
    LANGS.map((lang) => [lang, languageName(lang)]),
    value,
    onChange,
  );
  for (const option of node.options) option.lang = option.value;
  return node;
}

/** @param {number} value @param {(value: number) => void} onChange @param {number} [min] */
function numberInput(value, onChange, min = 0) {
  const node = el("input", { attrs: { type: "number", min, step: 1, inputmode: "numeric" } });
  node.value = String(value);
  node.addEventListener("change", () => onChange(Number.parseInt(node.value, 10)));
  return node;
}

/** @param {string} value @param {(value: string) => void} onChange */
function textInput(value, onChange) {
  const node = el("input", { attrs: { type: "text", autocomplete: "off", spellcheck: "false" } });
  node.value = value;
  node.addEventListener("change", () => onChange(node.value));
  return node;
}

const words = (/** @type {string} */ text) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The open settings dialog: the draft the next match would use and Python's last word on it.
 * @typedef {object} SettingsForm
 * @property {HTMLDialogElement} dialog
 * @property {RulesInfoAnswer} info
 * @property {boolean} startScreen
 * @property {SettingsDeps} deps
 * @property {(changes: Partial<SettingsValues>) => void} onDisplay
 * @property {{rules: RulesJson, preset: string, bots: string[], seed: number | null}} draft
 * @property {boolean} valid Python accepts the draft rules
 * @property {CheckRulesAnswer} described Python's last description of valid draft rules
 * @property {HTMLElement} body
 * @property {HTMLElement} derived what the rules mean (or why Python refuses them)
 * @property {HTMLElement} summary the chosen preset in one line (empty for custom rules)
 * @property {HTMLButtonElement} startButton
 */

/**
 * What the settings dialog works with: Python (through the bridge's queue), the settings, the offline copy.
 * @typedef {DataDeps} SettingsDeps
 */

/**
 * The settings dialog; with `startScreen` it greets a first visit. `onDisplay` runs when a
 * display setting changed (language, speed, dimming, counters, clock, deck colours) and
 * `onStart` starts a new match with the rules, bots and deal number chosen here.
 * @param {SettingsDeps & {
 *   info: RulesInfoAnswer, startScreen?: boolean,
 *   onDisplay: (changes: Partial<SettingsValues>) => void, onStart: () => void,
 * }} options
 * @returns {Promise<unknown>}
 */
export async function openSettings({ info, startScreen = false, onDisplay, onStart, ...deps }) {
  const s = deps.settings.get();
  const { checked } = await deps.bridge.run((python) =>
    python.checkRulesOr(Object.keys(s.rules).length ? s.rules : (info.presets[s.preset] ?? {}), info.defaults),
  );
  /** @type {SettingsForm} */
  const form = {
    dialog: dialogOf("#dlg-settings"),
    info,
    startScreen,
    deps,
    onDisplay,
    draft: { rules: wholeRules(checked.rules), preset: s.preset, bots: [...s.bots], seed: s.seed },
    valid: true,
    described: checked,
    body: el("div"),
    derived: el("p", { class: "derived" }),
    summary: el("p", { class: "preset-summary", attrs: { id: "preset-summary" } }),
    startButton: button(t("start"), "primary", "start", () => {
      if (!form.valid) return;
      form.dialog.close("start");
      onStart();
    }),
  };
  build(form);
  await changed(form);
  if (startScreen) opensOn(form.startButton);
  return new Promise((resolve) => show(form.dialog, resolve));
}

/**
 * Ask Python about the draft rules, store the draft, show what the rules mean.
 * @param {SettingsForm} form @param {boolean} [rebuild]
 */
async function changed(form, rebuild = false) {
  const { draft } = form;
  /** @type {CheckRulesReply} */
  const answer = await form.deps.bridge.run((python) => python.checkRules(draft.rules));
  form.valid = !("error" in answer);
  if (!("error" in answer)) {
    form.described = answer;
    draft.preset = answer.preset ?? "custom"; // Python says which preset these rules are
  }
  form.deps.settings.update({ rules: draft.rules, preset: draft.preset, bots: draft.bots, seed: draft.seed });
  form.startButton.disabled = !form.valid;
  form.derived.classList.toggle("error", !form.valid);
  setRichText(form.derived, "error" in answer ? errorText(answer.error) : rulesMeaning(answer));
  const summary = nameIn("s.presetSummary", draft.preset) ?? "";
  setRichText(form.summary, summary);
  form.summary.hidden = !summary;
  if (rebuild) build(form);
}

/** Cards each, the lead card, the moon's value and the pass cycle, in words. */
function rulesMeaning(/** @type {CheckRulesAnswer} */ answer) {
  const cycle = passCycleText(answer.pass_cycle);
  return t("s.derived", { size: answer.hand_size, lead: cardLabel(answer.lead_card), moon: answer.moon_value, cycle });
}

/**
 * @template {keyof RulesJson} K
 * @param {SettingsForm} form @param {K} key @param {RulesJson[K]} value
 */
function setRule(form, key, value) {
  form.draft.rules = { ...form.draft.rules, [key]: value };
  changed(form, REBUILT_BY.has(key));
}

/**
 * (Re)draw the whole dialog from the draft (after a change that alters which fields exist, or the
 * language). The field in use keeps the focus and the dialog its scroll: a keyboard stepping
 * through the languages with the arrow keys, or a screen reader, would else be thrown to the page.
 * @param {SettingsForm} form
 */
function build(form) {
  const tabbable = () => [...form.dialog.querySelectorAll(TABBABLE)];
  const place = tabbable().findIndex((node) => node === document.activeElement);
  const scrolled = find(".body", form.dialog)?.scrollTop ?? 0;
  drawForm(form);
  const body = find(".body", form.dialog);
  if (body) body.scrollTop = scrolled;
  const again = place < 0 ? undefined : tabbable()[place];
  if (again instanceof HTMLElement) again.focus({ preventScroll: true });
}

/** @param {SettingsForm} form */
function drawForm(form) {
  form.startButton.textContent = t("start"); // made once with the form: a language switch rebuilds the rest
  fill(
    form.body,
    form.startScreen ? el("p", { class: "welcome", text: t("welcome") }) : null,
    gameFields(form),
    ruleFields(form),
    tableFields(form),
    looksFields(form),
    dataSection({ confirm, ...form.deps }),
    el("p", { class: "keys-help", text: t("keysHelp") }),
  );
  frame(form.dialog, form.startScreen ? t("title") : t("settings"), form.body, [
    // main.js's click handler starts the learn hand (or the daily deal) once the dialog has closed.
    learnButton(form.startScreen, () => form.dialog.close()),
    form.startScreen ? learnButton(true, () => form.dialog.close(), t("rw.daily"), "daily") : null,
    button(t("apply"), "secondary", "settings-done", () => form.dialog.close()),
    form.startButton,
  ]);
}

/** Players, preset, target, one level per bot, deal number. @param {SettingsForm} form */
function gameFields(form) {
  const r = form.draft.rules;
  const targets = TARGETS.includes(r.target) ? TARGETS : [...TARGETS, r.target].sort((a, b) => a - b);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.game") }),
    groupField(t("s.players"), "players-label", playerButtons(form)),
    field(t("s.preset"), presetSelect(form)),
    form.summary,
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
    el("p", { class: "derived", text: t("s.botsFair") }),
    field(t("s.names"), nameInputs(form)),
    el("p", { class: "derived", text: t("s.namesYou") }),
    field(t("s.seed"), seedInput(form)),
  );
}

/** Arrow keys in a radio group and the way they move the choice. @type {Record<string, number>} */
const RADIO_STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * A table of another size starts from that size's preset, keeping the target. A radio group drawn
 * as a row of buttons: one Tab stop (the size chosen), the arrows choose the next or previous size.
 * @param {SettingsForm} form
 */
function playerButtons(form) {
  const { info, draft } = form;
  const group = el(
    "div",
    { class: "segmented", attrs: { role: "radiogroup" } },
    info.players.map((n) => {
      const b = button(String(n), "", `players-${n}`, () => {
        draft.rules = { ...wholeRules(info.presets[info.player_presets[n]]), target: draft.rules.target };
        changed(form, true);
      });
      const checked = n === draft.rules.players;
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(checked));
      b.tabIndex = checked ? 0 : -1;
      return b;
    }),
  );
  group.addEventListener("keydown", (event) => {
    const step = RADIO_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const radios = $$("[role='radio']", group);
    const at = radios.findIndex((node) => node === document.activeElement);
    const next = radios[(at + step + radios.length) % radios.length];
    next.focus(); // the dialog drawn again gives the focus back to it (build)
    next.click();
  });
  return group;
}

/** @param {SettingsForm} form */
function presetSelect(form) {
  /** @type {[string, string][]} */
  const options = Object.keys(form.info.presets).map((name) => [name, nameIn("s.presetNames", name) ?? name]);
  options.push(["custom", t("s.custom")]);
  const menu = select(options, form.described.preset ?? "custom", (name) => {
    if (name === "custom") return;
    form.draft.rules = wholeRules(structuredClone(form.info.presets[name]));
    changed(form, true);
  });
  menu.setAttribute("aria-describedby", form.summary.id);
  return menu;
}

/** @param {SettingsForm} form */
function botFields(form) {
  const { draft } = form;
  const levelName = (/** @type {string} */ level) => (level === "human" ? t("s.person") : (nameIn("level", level) ?? level));
  /** @type {[string, string][]} */
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

/** Every seat's name (empty: the seat's default name); it applies at once. @param {SettingsForm} form */
function nameInputs(form) {
  const { settings } = form.deps;
  return el(
    "div",
    { class: "names" },
    Array.from({ length: form.draft.rules.players }, (_, seat) => {
      const input = textInput(settings.get().names[seat], (value) => {
        settings.update({ names: settings.get().names.map((n, i) => (i === seat ? value.trim() : n)) });
      });
      input.setAttribute("maxlength", String(MAX_NAME)); // UTF-16 units: never more characters than that
      input.setAttribute("aria-label", labelled(t("s.names"), seatName(seat)));
      input.placeholder = nameIn("seatNames", seat) ?? "";
      return input;
    }),
  );
}

/** The deal number of the match: empty (or not a whole number ≥ 0) for a random one. @param {SettingsForm} form */
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

/** Every house rule, then what Python says they mean. @param {SettingsForm} form */
function ruleFields(form) {
  const r = form.draft.rules;
  const bonus = bonusTexts(r);
  /**
   * @template {keyof RulesJson} K
   * @param {K} key @returns {(value: RulesJson[K]) => void}
   */
  const rule = (key) => (v) => setRule(form, key, v);
  /** @param {string[]} choices @param {string} names @returns {[string, string][]} */
  const options = (choices, names) => choices.map((m) => [m, nameIn(names, m) ?? m]);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.rules") }),
    field(t("s.queen_points"), numberInput(r.queen_points, rule("queen_points"))),
    extraPointFields(form),
    field(
      t("s.heart_points"),
      select(options(form.info.heart_points, "s.heartPointsOpt"), r.heart_points ?? "one", rule("heart_points")),
    ),
    passingFields(form),
    field(t("s.pass_count"), passCountInput(form)),
    check(t("s.qs_breaks_hearts"), r.qs_breaks_hearts, rule("qs_breaks_hearts")),
    check(t("s.points_on_first_trick"), r.points_on_first_trick, rule("points_on_first_trick")),
    field(t("s.moon"), select(options(form.info.moon, "s.moonOpt"), r.moon, rule("moon"))),
    check(t("s.sun"), r.sun, rule("sun")),
    check(bonus.counts, r.jack_of_diamonds, rule("jack_of_diamonds")),
    field(
      t("s.bonus_card"),
      select(
        form.info.bonus_cards.map((card) => [card, cardLabel(card)]),
        r.bonus_card ?? "JD",
        rule("bonus_card"),
      ),
    ),
    check(bonus.moon, r.moon_needs_jack, rule("moon_needs_jack")),
    form.info.team_players.includes(r.players) ? check(t("s.teams"), r.teams ?? false, rule("teams")) : null,
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
    check(t("s.early_end"), form.deps.settings.get().earlyEnd, (v) => form.deps.settings.update({ earlyEnd: v })),
    form.derived,
  );
}

/** Extra points for K♠ and A♠ (Black Maria's cards; 0: none). @param {SettingsForm} form */
function extraPointFields(form) {
  const extra = form.draft.rules.extra_points ?? {};
  return EXTRA_CARDS.map((card) =>
    field(
      t(`s.extra_${card}`),
      numberInput(
        extra[card] ?? 0,
        (points) => {
          const { [card]: _, ...others } = form.draft.rules.extra_points ?? {};
          setRule(form, "extra_points", points ? { ...others, [card]: points } : others);
        },
        -100,
      ),
    ),
  );
}

/** The cards to pass: any count, the usual ones (Python's pass_counts) offered. @param {SettingsForm} form */
function passCountInput(form) {
  const input = numberInput(form.draft.rules.pass_count, (n) => setRule(form, "pass_count", n), 1);
  input.setAttribute("list", "pass-counts");
  const offered = el(
    "datalist",
    { attrs: { id: "pass-counts" } },
    form.info.pass_counts.map((n) => el("option", { attrs: { value: n } })),
  );
  return [input, offered];
}

/** The passing mode; a custom cycle of seat offsets gets its own text field. @param {SettingsForm} form */
function passingFields(form) {
  const passing = form.draft.rules.passing;
  const mode = Array.isArray(passing) ? "custom" : passing;
  /** @type {[string, string][]} */
  const options = [...form.info.passing, "custom"].map((p) => [p, nameIn("s.passingOpt", p) ?? p]);
  const modeField = field(
    t("s.passing"),
    select(options, mode, (v) => {
      // A custom cycle starts from the cycle these rules have now.
      setRule(form, "passing", v === "custom" ? form.described.pass_cycle.map((p) => p.offset) : v);
      build(form);
    }),
  );
  if (!Array.isArray(passing)) return modeField;
  const custom = textInput(passing.join(" "), (value) => {
    setRule(
      form,
      "passing",
      words(value).map((w) => (/^\d+$/.test(w) ? Number(w) : w)),
    );
  });
  return [modeField, field(t("s.passing_custom"), custom)];
}

/** Language, speed, clock, the table's look and help: they apply at once, without Python. @param {SettingsForm} form */
function tableFields(form) {
  const { settings } = form.deps;
  const now = settings.get();
  /** @param {Partial<SettingsValues>} changes */
  const display = (changes) => {
    settings.update(changes);
    form.onDisplay(changes);
    if ("lang" in changes) {
      build(form);
      changed(form);
    }
  };
  /** @type {[number, string][]} */
  const clockOptions = CLOCKS.map((c) => [c, c ? t("clockLeft", { s: c }) : t("s.clockOff")]);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.table") }),
    field(
      t("s.language"),
      languageSelect(settings.lang(), (v) => display({ lang: v })),
    ),
    field(
      t("s.speed"),
      select(
        SPEEDS.map((v) => [v, nameIn("s.speedOpt", v) ?? v]),
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
    hooked(
      radios(
        t("s.hintLevel"),
        "hint-level",
        HINT_LEVELS.map((v) => [v, nameIn("s.hintLevelOpt", v) ?? v]),
        now.hintLevel,
        (v) => settings.update({ hintLevel: HINT_LEVELS.find((level) => level === v) ?? "strong" }),
      ),
      "hint-level",
    ),
    field(
      t("s.stun"),
      textInput(now.iceUrl, (v) => settings.update({ iceUrl: v.trim() })),
    ),
  );
}

/** Store display settings and show them at once. @param {SettingsForm} form @param {Partial<SettingsValues>} changes */
function storeAndShow(form, changes) {
  form.deps.settings.update(changes);
  form.onDisplay(changes);
}

/**
 * A slider from 0 to 100; `onChange` when it is let go (or moved by a key).
 * @param {number} value @param {(value: number) => void} onChange
 */
function percentSlider(value, onChange) {
  const node = el("input", { attrs: { type: "range", min: 0, max: 100, step: 5 } });
  node.value = String(value);
  const said = () => node.setAttribute("aria-valuetext", `${node.value} %`);
  said();
  node.addEventListener("input", said);
  node.addEventListener("change", () => onChange(Number(node.value)));
  return node;
}

/**
 * Mark a settings control for tests and scripts: `[data-setting="<name>"]` (docs/protocol.md).
 * @template {HTMLElement} T @param {T} control @param {string} name @returns {T}
 */
function hooked(control, name) {
  control.dataset.setting = name;
  return control;
}

/** A checkbox row of `check`, its input marked. @param {string} name @param {Parameters<typeof check>} args */
function hookedCheck(name, ...args) {
  const row = check(...args);
  const input = row.querySelector("input");
  if (input) hooked(input, name);
  return row;
}

/**
 * Theme, card back, large cards, sound and its volume: they apply at once, without Python.
 * Sound turned on here starts inside this click (browsers allow audio only from a gesture).
 * @param {SettingsForm} form
 */
function looksFields(form) {
  const now = form.deps.settings.get();
  /** @param {Partial<SettingsValues>} changes */
  const display = (changes) => storeAndShow(form, changes);
  /** @param {string[]} values @param {string} names @returns {[string, string][]} */
  const options = (values, names) => values.map((v) => [v, nameIn(names, v) ?? v]);
  return el(
    "fieldset",
    {},
    el("legend", { text: t("s.looks") }),
    field(
      t("s.theme"),
      hooked(
        select(options(THEMES, "s.themeOpt"), now.theme, (v) => display({ theme: v })),
        "theme",
      ),
    ),
    field(
      t("s.cardBack"),
      el(
        "span",
        { class: "back-choice" },
        el("span", { class: "mini-back", attrs: { "aria-hidden": "true" } }),
        hooked(
          select(options(CARD_BACKS, "s.cardBackOpt"), now.cardBack, (v) => display({ cardBack: v })),
          "card-back",
        ),
      ),
    ),
    hookedCheck("large-cards", t("s.largeCards"), now.largeCards, (v) => display({ largeCards: v })),
    hookedCheck("sound", t("s.sound"), now.sound, (v) => display({ sound: v })),
    field(
      t("s.volume"),
      hooked(
        percentSlider(now.volume, (v) => display({ volume: v })),
        "volume",
      ),
    ),
  );
}
