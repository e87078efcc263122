// The statistics dialog: the figures Python keeps (hearts/table/stats.py), the leaderboard
// score over the last matches as a chart, the figures by player count and by the opponents'
// level, the ten best matches, and a reset that asks first. Nothing is counted here.

import { notify } from "./announce.js";
import * as bridge from "./bridge.js";
import { richText } from "./cardface.js";
import { lineChart } from "./chart.js";
import { button, confirm, frame, show } from "./dialogs.js";
import { $, el, fill } from "./dom.js";
import { errorText, getLang, t, tData } from "./i18n.js";
import * as storage from "./storage.js";

const number = (value) => new Intl.NumberFormat(getLang(), { maximumFractionDigits: 2 }).format(value);
const orDash = (value) => (value === null || value === undefined ? "–" : number(value));

/**
 * One figure: its label and its value; `stat` is the data-stat hook (the element's text is the number).
 * @param {string} label @param {string} value @param {string} stat
 */
function figure(label, value, stat) {
  return el(
    "div",
    { class: "figure" },
    el("span", { class: "figure-value", text: value, data: { stat } }),
    el("span", { class: "figure-label", text: label }),
  );
}

function headline(total) {
  return el(
    "div",
    { class: "figures" },
    figure(t("st.matches"), String(total.matches), "matches"),
    figure(t("st.wins"), String(total.wins), "wins"),
    figure(t("st.hands"), String(total.hands), "hands"),
    figure(t("st.leaderboard"), String(total.leaderboard), "leaderboard"),
  );
}

function details(total) {
  const places = total.places.map((n, i) => (n ? t("st.placeCount", { place: i + 1, n }) : null)).filter(Boolean);
  const rows = [
    [t("st.average"), orDash(total.average_points)],
    [t("st.places"), places.join(" · ") || "–"],
    [t("st.moons"), t("st.moonsLine", total.moons)],
    [t("st.queens"), String(total.queens)],
    ...(total.jacks === null ? [] : [[t("st.jacks"), String(total.jacks)]]),
    [t("st.bestWorst"), `${orDash(total.best)} / ${orDash(total.worst)}`],
    [t("st.streak"), t("st.streakLine", { now: total.streak, best: total.best_streak })],
  ];
  return el(
    "dl",
    { class: "stat-list" },
    rows.flatMap(([label, value]) => [el("dt", {}, richText(label)), el("dd", { text: value })]),
  );
}

function recentChart(recent) {
  if (recent.length < 2) return el("p", { class: "derived", text: t("st.chartEmpty") });
  return lineChart({
    series: [{ name: t("st.leaderboard"), values: recent.map((m) => m.score), cls: "seat-0", strong: true }],
    xLabels: recent.map((_, i) => String(i + 1)),
    title: t("st.chartTitle", { n: recent.length }),
    chart: "leaderboard",
  });
}

function groupTable(caption, groups, labelOf) {
  const keys = Object.keys(groups);
  if (!keys.length) return null;
  return el(
    "table",
    { class: "scores-table stat-groups" },
    el("caption", { text: caption }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th"),
        ["matches", "wins", "average", "leaderboard"].map((k) => el("th", { text: t(`st.${k}`) })),
      ),
    ),
    el(
      "tbody",
      {},
      keys.map((key) => {
        const g = groups[key];
        return el(
          "tr",
          {},
          el("td", { text: labelOf(key) }),
          el("td", { text: String(g.matches) }),
          el("td", { text: String(g.wins) }),
          el("td", { text: orDash(g.average_points) }),
          el("td", { text: String(g.leaderboard) }),
        );
      }),
    ),
  );
}

function rulesName(match) {
  const preset = match.preset ? (tData("s.presetNames")[match.preset] ?? match.preset) : t("s.custom");
  return `${preset} · ${t("st.playersN", { n: match.players })} · ${t("toTarget", { n: match.rules.target })}`;
}

function topTable(top) {
  if (!top.length) return null;
  const date = new Intl.DateTimeFormat(getLang(), { dateStyle: "medium" });
  const levels = tData("level");
  return el(
    "table",
    { class: "scores-table stat-top" },
    el("caption", { text: t("st.top") }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ["date", "rules", "bots", "place", "score"].map((k) => el("th", { text: t(`st.col.${k}`) })),
      ),
    ),
    el(
      "tbody",
      {},
      top.map((m) =>
        el(
          "tr",
          {},
          el("td", { text: date.format(new Date(m.date)) }),
          el("td", {}, richText(rulesName(m))),
          el("td", { text: [...new Set(m.bots)].map((b) => levels[b] ?? b).join(", ") }),
          el("td", { text: t("placeN", { n: m.place }) }),
          el("td", { text: String(m.score) }),
        ),
      ),
    ),
  );
}

function body(stats) {
  const levelName = (key) => (key === "mixed" ? t("st.mixed") : (tData("level")[key] ?? key));
  return [
    headline(stats.total),
    el("p", { class: "derived", text: t("st.leaderboardHelp") }),
    recentChart(stats.recent),
    details(stats.total),
    groupTable(t("st.byPlayers"), stats.by_players, (n) => t("st.playersN", { n })),
    groupTable(t("st.byLevel"), stats.by_level, levelName),
    topTable(stats.top),
    el("p", { class: "derived", text: t("st.countHelp") }),
  ];
}

/** Store the text Python answered and draw its figures; an error only says so. */
function take(dialog, answer) {
  if (answer.error) {
    notify(errorText(answer.error), "warn");
    return;
  }
  storage.storeStats(answer.stats_save);
  fill(dialog.querySelector(".body"), body(answer.stats));
}

/** The statistics dialog (from the menu, `[data-action="stats"]`). */
export async function openStats() {
  const dialog = $("#dlg-stats");
  const answer = await bridge.stats();
  const reset = button(t("st.reset"), "secondary", "stats-reset", async () => {
    if (await confirm(t("st.confirmReset"))) take(dialog, await bridge.statsReset());
  });
  frame(dialog, t("st.title"), [], [reset, button(t("close"), "primary", "close-stats", () => dialog.close())]);
  take(dialog, answer);
  return new Promise((resolve) => show(dialog, resolve));
}
