// The statistics dialog: the figures Python keeps (hearts/table/stats.py), the leaderboard
// score over the last matches as a chart, the figures by player count and by the opponents'
// level, the ten best matches, and a reset that asks first. Nothing is counted here.

import { richText } from "./cardface.js";
import { lineChart } from "./chart.js";
import { button, confirm, frame, show } from "./dialogs.js";
import { $, dialogOf, el, fill, hiddenHeading } from "./dom.js";
import { errorText, getLang, t } from "./i18n.js";
import { nameIn } from "./names.js";
import { fitTables } from "./render.js";
import { achievementName, todayUtc } from "./rewards.js";
import { wholeRules } from "./settings.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./announce.js").Announcer} Announcer
 * @typedef {import("./protocol.js").StatsView} StatsView
 * @typedef {import("./protocol.js").TallyView} TallyView
 * @typedef {import("./protocol.js").TopMatchView} TopMatchView
 * @typedef {import("./protocol.js").RecentMatch} RecentMatch
 * @typedef {import("./protocol.js").RatingView} RatingView
 * @typedef {import("./protocol.js").DailyStats} DailyStats
 * @typedef {import("./protocol.js").AchievementView} AchievementView
 * @typedef {import("./protocol.js").Answer<"stats">} StatsReply
 */

const number = (/** @type {number} */ value) => new Intl.NumberFormat(getLang(), { maximumFractionDigits: 2 }).format(value);
const orDash = (/** @type {number | null | undefined} */ value) => (value === null || value === undefined ? "–" : number(value));

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

/** @param {TallyView} total */
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

/** @param {TallyView} total */
function details(total) {
  const places = total.places.map((n, i) => (n ? t("st.placeCount", { place: i + 1, n }) : null)).filter((text) => text !== null);
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

/** @param {RecentMatch[]} recent */
function recentChart(recent) {
  if (recent.length < 2) return el("p", { class: "derived", text: t("st.chartEmpty") });
  return lineChart({
    series: [{ name: t("st.leaderboard"), values: recent.map((m) => m.score), cls: "seat-0", strong: true }],
    xLabels: recent.map((_, i) => String(i + 1)),
    title: t("st.chartTitle", { n: recent.length }),
    chart: "leaderboard",
  });
}

/**
 * @param {string} caption @param {string} head its first column's heading (heard only)
 * @param {Record<string, TallyView>} groups @param {(key: string) => string} labelOf
 */
function groupTable(caption, head, groups, labelOf) {
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
        hiddenHeading(head),
        // Each heading in a span: a table too wide for the dialog stands them upright (render.js fitTables).
        ["matches", "wins", "average", "leaderboard"].map((k) => el("th", {}, el("span", { text: t(`st.${k}`) }))),
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

/** What a listed match was: the daily deal (its rules are classic, but it ends after its hands, not at
 * a target), or its rules. @param {TopMatchView} match */
function rulesName(match) {
  if (match.daily) return t("rw.daily");
  const preset = match.preset ? (nameIn("s.presetNames", match.preset) ?? match.preset) : t("s.custom");
  return `${preset} · ${t("st.playersN", { n: match.players })} · ${t("toTarget", { n: wholeRules(match.rules).target })}`;
}

/** @param {TopMatchView[]} top */
function topTable(top) {
  if (!top.length) return null;
  const date = new Intl.DateTimeFormat(getLang(), { dateStyle: "medium" });
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
          el("td", { text: [...new Set(m.bots)].map((b) => nameIn("level", b) ?? b).join(", ") }),
          el("td", { text: t("placeN", { n: m.place }) }),
          el("td", { text: String(m.score) }),
        ),
      ),
    ),
  );
}

/** The rating with its range (± 2 RD, about 95 %) and its chart. @param {RatingView} rating */
function ratingSection(rating) {
  const line = t("rw.ratingLine", { rating: Math.round(rating.rating), range: Math.round(2 * rating.rd) });
  const history = rating.history;
  return el(
    "section",
    { class: "stat-section" },
    el("h3", { text: t("rw.rating") }),
    el("div", { class: "figures" }, figure(t("rw.rating"), line, "rating")),
    history.length < 2
      ? el("p", { class: "derived", text: t("rw.ratingEmpty") })
      : lineChart({
          series: [{ name: t("rw.rating"), values: history.map((p) => Math.round(p.rating)), cls: "seat-0", strong: true }],
          xLabels: history.map((_, i) => String(i + 1)),
          title: t("rw.ratingChart", { n: history.length }),
          chart: "rating",
        }),
    el("p", { class: "derived", text: t("rw.ratingHelp") }),
  );
}

/** The daily deal: the streak and the points of the last dailies. @param {DailyStats} daily */
function dailySection(daily) {
  const history = daily.history;
  return el(
    "section",
    { class: "stat-section" },
    el("h3", { text: t("rw.dailyTitle") }),
    el(
      "div",
      { class: "figures" },
      figure(t("rw.dailyStreak", { n: daily.streak }), String(daily.streak), "daily-streak"),
      figure(t("rw.dailyBest", { n: daily.best_streak }), String(daily.best_streak), "daily-best"),
    ),
    history.length < 2
      ? el("p", { class: "derived", text: t("rw.dailyEmpty") })
      : lineChart({
          series: [{ name: t("total"), values: history.map((d) => d.points), cls: "seat-0", strong: true }],
          xLabels: history.map((d) => d.date.slice(5)),
          title: t("rw.dailyChart", { n: history.length }),
          chart: "daily",
        }),
  );
}

/** Every achievement, earned ones with their date (`[data-achievement]`, `data-date`). @param {AchievementView[]} list */
function achievementsSection(list) {
  const date = new Intl.DateTimeFormat(getLang(), { dateStyle: "medium" });
  const earned = list.filter((a) => a.date !== null).length;
  return el(
    "section",
    { class: "stat-section" },
    el("h3", { text: `${t("rw.achievements")} · ${t("rw.achievementsCount", { n: earned, total: list.length })}` }),
    el(
      "ul",
      { class: "achievements" },
      list.map((a) =>
        el(
          "li",
          { class: a.date ? "earned" : "", data: { achievement: a.id, date: a.date ?? "" } },
          el("strong", { text: achievementName(a.id) }),
          el("span", {}, richText(t(`rw.ach.${a.id}.text`))),
          el("span", { class: "derived", text: a.date ? date.format(new Date(a.date)) : t("rw.notYet") }),
        ),
      ),
    ),
  );
}

/** @param {StatsView} stats */
function body(stats) {
  const levelName = (/** @type {string} */ key) => (key === "mixed" ? t("st.mixed") : (nameIn("level", key) ?? key));
  return [
    headline(stats.total),
    el("p", { class: "derived", text: t("st.leaderboardHelp") }),
    recentChart(stats.recent),
    details(stats.total),
    groupTable(t("st.byPlayers"), t("s.players"), stats.by_players, (n) => t("st.playersN", { n })),
    groupTable(t("st.byLevel"), t("st.col.level"), stats.by_level, levelName),
    topTable(stats.top),
    ratingSection(stats.rating),
    dailySection(stats.daily),
    achievementsSection(stats.achievements),
    el("p", { class: "derived", text: t("st.countHelp") }),
  ];
}

/**
 * Store the text Python answered and draw its figures; an error only says so.
 * @param {HTMLDialogElement} dialog @param {StatsReply} answer @param {Announcer} announcer
 */
function take(dialog, answer, announcer) {
  if ("error" in answer) {
    announcer.notify(errorText(answer.error), "warn");
    return;
  }
  storage.storeStats(answer.stats_save);
  fill($(".body", dialog), body(answer.stats));
}

/**
 * The statistics dialog (from the menu, `[data-action="stats"]`).
 * @param {Bridge} bridge @param {Announcer} announcer @returns {Promise<unknown>}
 */
export async function openStats(bridge, announcer) {
  const dialog = dialogOf("#dlg-stats");
  const answer = await bridge.run((python) => python.stats(todayUtc()));
  const reset = button(t("st.reset"), "secondary", "stats-reset", async () => {
    if (await confirm(t("st.confirmReset"))) take(dialog, await bridge.run((python) => python.statsReset()), announcer);
  });
  frame(dialog, t("st.title"), [], [reset, button(t("close"), "primary", "close-stats", () => dialog.close())]);
  // The figures are longer than a screen and hold nothing focusable: the body itself takes the
  // focus, so a keyboard can scroll it (axe: scrollable-region-focusable).
  const figures = $(".body", dialog);
  figures.tabIndex = 0;
  figures.setAttribute("aria-labelledby", `${dialog.id}-title`);
  take(dialog, answer, announcer);
  const stopFitting = fitTables(figures);
  return new Promise((resolve) =>
    show(dialog, (value) => {
      stopFitting();
      resolve(value);
    }),
  );
}
