// The dialogs: settings (also the start screen), the score sheet, confirmations and notices.
// <dialog> with showModal() gives focus handling and Esc for free. Rule choices come from
// Python (rules_info, check_rules): this module only offers them and shows Python's answer.

import * as bridge from "./bridge.js";
import { $, el, fill } from "./dom.js";
import { cardLabel, LANGS, seatName, t, tData } from "./i18n.js";
import { dataSection } from "./portability.js";
import * as settings from "./settings.js";
import * as storage from "./storage.js";
import { scoreSheet } from "./render.js";

const TARGETS = [50, 75, 100, 150];

function frame(dialog, title, body, footer) {
  const close = el("button", { class: "icon-close", text: "✕", attrs: { type: "button", "aria-label": t("close") } });
  close.addEventListener("click", () => dialog.close());
  fill(dialog,
    el("header", {}, el("h2", { text: title }), close),
    el("div", { class: "body" }, body),
    footer ? el("footer", {}, footer) : null,
  );
}

function button(text, cls, action, onClick) {
  const node = el("button", { class: cls, text, attrs: { type: "button" }, data: { action } });
  node.addEventListener("click", onClick);
  return node;
}

function show(dialog, onClose) {
  dialog.addEventListener("close", () => onClose?.(dialog.returnValue), { once: true });
  dialog.returnValue = "";
  dialog.showModal();
}

/** A message with one OK button. */
export function notice(text) {
  const dialog = $("#dlg-notice");
  frame(dialog, t("title"), el("p", { text }), button(t("ok"), "primary", "notice-ok", () => dialog.close()));
  return new Promise((resolve) => show(dialog, resolve));
}

/** Ask yes/no; resolves true for OK. */
export function confirm(text) {
  const dialog = $("#dlg-confirm");
  frame(dialog, t("title"), el("p", { text }), [
    button(t("cancel"), "secondary", "cancel", () => dialog.close("cancel")),
    button(t("ok"), "primary", "confirm", () => dialog.close("ok")),
  ]);
  return new Promise((resolve) => show(dialog, (value) => resolve(value === "ok")));
}

export function openScores(view) {
  const dialog = $("#dlg-scores");
  frame(dialog, t("scores"), scoreSheet(view), button(t("close"), "secondary", "close-scores", () => dialog.close()));
  return new Promise((resolve) => show(dialog, resolve));
}

// -- settings --------------------------------------------------------------------------------

function field(label, control) {
  return el("label", { class: "field" }, el("span", { text: label }), control);
}

function check(label, checked, onChange) {
  const input = el("input", { attrs: { type: "checkbox" } });
  input.checked = checked;
  input.addEventListener("change", () => onChange(input.checked));
  return el("label", { class: "check" }, input, el("span", { text: label }));
}

function select(options, value, onChange) {
  const node = el("select", {}, options.map(([v, label]) => el("option", { text: label, attrs: { value: String(v) } })));
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
 * The settings dialog; with `startScreen` it greets a first visit. `onDisplay` runs when a
 * display setting changed (language, speed, dimming, counters, clock, deck colours) and
 * `onStart` starts a new match with the rules, bots and deal number chosen here.
 */
export async function openSettings({ info, startScreen = false, onDisplay, onStart }) {
  const dialog = $("#dlg-settings");
  const s = settings.get();
  let checked = await bridge.checkRules(Object.keys(s.rules).length ? s.rules : info.presets[s.preset] ?? {});
  if (checked.error) checked = await bridge.checkRules(info.defaults);
  const draft = { rules: checked.rules, preset: s.preset, bots: [...s.bots], seed: s.seed };
  let valid = true;
  let described = checked; // Python's last description of the draft rules

  const body = el("div");
  const derived = el("p", { class: "derived" });
  const startButton = button(t("start"), "primary", "start", () => {
    if (!valid) return;
    dialog.close("start");
    onStart();
  });

  async function changed(rebuild = false) {
    const answer = await bridge.checkRules(draft.rules);
    valid = !answer.error;
    if (valid) {
      described = answer;
      draft.preset = answer.preset ?? "custom"; // Python says which preset these rules are
    }
    settings.update({ rules: draft.rules, preset: draft.preset, bots: draft.bots, seed: draft.seed });
    startButton.disabled = !valid;
    derived.classList.toggle("error", !valid);
    if (valid) {
      const cycle = answer.pass_cycle.map((p) => t(`passShort.${p.name}`, { k: p.offset })).join(", ");
      derived.textContent = t("s.derived", { size: answer.hand_size, lead: cardLabel(answer.lead_card), moon: answer.moon_value, cycle });
    } else {
      derived.textContent = answer.error.message;
    }
    if (rebuild) build();
  }

  function setRule(key, value) {
    draft.rules = { ...draft.rules, [key]: value };
    changed(key === "players");
  }

  function build() {
    const r = draft.rules;
    const players = el("div", { class: "segmented", attrs: { role: "group", "aria-label": t("s.players") } },
      info.players.map((n) => {
        const b = button(String(n), "", `players-${n}`, () => {
          const keep = { target: draft.rules.target };
          draft.rules = { ...info.presets[info.player_presets[n]], ...keep };
          changed(true);
        });
        b.setAttribute("aria-pressed", String(n === r.players));
        return b;
      }));
    const presetNames = tData("s.presetNames");
    const presetOptions = Object.keys(info.presets).map((name) => [name, presetNames[name] ?? name]);
    presetOptions.push(["custom", t("s.custom")]);
    const presetSelect = select(presetOptions, described.preset ?? "custom", (name) => {
      if (name === "custom") return;
      draft.rules = structuredClone(info.presets[name]);
      changed(true);
    });
    const targets = TARGETS.includes(r.target) ? TARGETS : [...TARGETS, r.target].sort((a, b) => a - b);
    const bots = Array.from({ length: r.players - 1 }, (_, i) => field(seatName(i + 1),
      select(info.levels.map((level) => [level, tData("level")[level]]), draft.bots[i], (value) => {
        draft.bots[i] = value;
        changed();
      })));
    const seed = textInput(draft.seed === null ? "" : String(draft.seed), (value) => {
      const n = Number(value.trim());
      draft.seed = value.trim() && Number.isSafeInteger(n) && n >= 0 ? n : null;
      changed();
    });
    seed.setAttribute("inputmode", "numeric");

    const passingMode = Array.isArray(r.passing) ? "custom" : r.passing;
    const passingCustom = textInput(Array.isArray(r.passing) ? r.passing.join(" ") : "", (value) => {
      setRule("passing", words(value).map((w) => (/^\d+$/.test(w) ? Number(w) : w)));
    });
    const passingOptions = [...info.passing, "custom"].map((p) => [p, tData("s.passingOpt")[p] ?? p]);

    const game = el("fieldset", {}, el("legend", { text: t("s.game") }),
      field(t("s.players"), players),
      field(t("s.preset"), presetSelect),
      field(t("s.target"), select(targets.map((n) => [n, String(n)]), r.target, (v) => setRule("target", Number(v)))),
      el("p", { class: "derived", text: t("s.bots") }),
      bots,
      field(t("s.seed"), seed));
    const rules = el("fieldset", {}, el("legend", { text: t("s.rules") }),
      field(t("s.queen_points"), numberInput(r.queen_points, (v) => setRule("queen_points", v))),
      field(t("s.passing"), select(passingOptions, passingMode, (v) => {
        // A custom cycle starts from the cycle these rules have now.
        setRule("passing", v === "custom" ? described.pass_cycle.map((p) => p.offset) : v);
        build();
      })),
      passingMode === "custom" ? field(t("s.passing_custom"), passingCustom) : null,
      field(t("s.pass_count"), numberInput(r.pass_count, (v) => setRule("pass_count", v), 1)),
      check(t("s.qs_breaks_hearts"), r.qs_breaks_hearts, (v) => setRule("qs_breaks_hearts", v)),
      check(t("s.points_on_first_trick"), r.points_on_first_trick, (v) => setRule("points_on_first_trick", v)),
      field(t("s.moon"), select(info.moon.map((m) => [m, tData("s.moonOpt")[m]]), r.moon, (v) => setRule("moon", v))),
      check(t("s.sun"), r.sun, (v) => setRule("sun", v)),
      check(t("s.jack_of_diamonds"), r.jack_of_diamonds, (v) => setRule("jack_of_diamonds", v)),
      check(t("s.moon_needs_jack"), r.moon_needs_jack, (v) => setRule("moon_needs_jack", v)),
      field(t("s.ties"), select(info.ties.map((m) => [m, tData("s.tiesOpt")[m]]), r.ties, (v) => setRule("ties", v))),
      field(t("s.removed"), textInput(r.removed.join(" "), (v) => setRule("removed", words(v).map((w) => w.toUpperCase())))),
      derived);

    const now = settings.get();
    const display = (changes) => {
      settings.update(changes);
      onDisplay(changes);
      if ("lang" in changes) {
        build();
        changed();
      }
    };
    const clockOptions = settings.CLOCKS.map((c) => [c, c ? `${c} s` : t("s.clockOff")]);
    const table = el("fieldset", {}, el("legend", { text: t("s.table") }),
      field(t("s.language"), select(LANGS.map((l) => [l, l === "de" ? "Deutsch" : "English"]), now.lang, (v) => display({ lang: v }))),
      field(t("s.speed"), select(settings.SPEEDS.map((v) => [v, tData("s.speedOpt")[v]]), now.speed, (v) => display({ speed: v }))),
      field(t("s.clock"), select(clockOptions, now.clock, (v) => display({ clock: Number(v) }))),
      check(t("s.dim"), now.dim, (v) => display({ dim: v })),
      check(t("s.count"), now.count, (v) => display({ count: v })),
      check(t("s.fourColour"), now.fourColour, (v) => display({ fourColour: v })));

    const stats = storage.loadStats();
    fill(body, startScreen ? el("p", { class: "welcome", text: t("welcome") }) : null, game, rules, table,
      el("p", { class: "stats", text: `${t("s.stats")}: ${t("s.statsLine", stats)}` }),
      dataSection({ confirm }),
      el("p", { class: "keys-help", text: t("keysHelp") }));
    frame(dialog, startScreen ? t("title") : t("settings"), body, [
      button(t("apply"), "secondary", "settings-done", () => dialog.close()),
      startButton,
    ]);
  }

  build();
  await changed();
  if (startScreen) startButton.autofocus = true;
  return new Promise((resolve) => show(dialog, resolve));
}
