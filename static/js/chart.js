// Line charts drawn as SVG (no library): every seat's total across the hands of a match, and the
// leaderboard score over the last matches. The numbers come from Python; this module only
// scales them. Colours come from classes (static/css/panels.css), never inline styles (CSP).
// The viewBox is small (320 wide) so that the text stays legible when a phone shrinks it.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 190;
const PAD = { left: 34, right: 10, top: 12, bottom: 26 };
const LEGEND_ROW = 16;

/**
 * @param {string} tag @param {Record<string, string | number>} [attrs]
 * @param {...(SVGElement | null | (SVGElement | null)[])} children
 * @returns {SVGElement}
 */
function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children.flat().filter((child) => child !== null));
  return node;
}

/** @param {number} x @param {number} y @param {string} content @param {string} cls @param {string} [anchor] */
function text(x, y, content, cls, anchor = "middle") {
  const node = svgEl("text", { x, y, class: cls, "text-anchor": anchor });
  node.textContent = content;
  return node;
}

/**
 * About `count` round steps (1, 2, 5 × 10^k, at least 1) from `low` up to at least `high`.
 * @param {number} low @param {number} high @param {number} [count]
 * @returns {number[]} never empty
 */
function ticks(low, high, count = 5) {
  const span = Math.max(high - low, 1);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  // Whole steps: every figure charted is a whole number of points.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step; // the top tick is at or above the highest value
  const out = [];
  for (let v = first; v <= last + step / 2; v += step) out.push(v);
  return out;
}

/**
 * @typedef {{name: string, values: number[], cls: string, strong?: boolean}} Series
 * @typedef {{value: number, label: string}} Mark
 */

/**
 * An <svg> line chart.
 * series: [{name, values: number[], cls, strong?}] (values share the x positions 0..n−1);
 * xLabels: the label of each x position (thinned out when crowded); title: the accessible name;
 * marks: horizontal lines [{value, label}] (say, the match target); chart: the data-chart hook.
 * @param {{series: Series[], xLabels: string[], title: string, chart: string, marks?: Mark[]}} options
 */
export function lineChart({ series, xLabels, title, chart, marks = [] }) {
  const count = Math.max(...series.map((s) => s.values.length), 1);
  const all = [...series.flatMap((s) => s.values), ...marks.map((m) => m.value), 0];
  const yTicks = ticks(Math.min(...all), Math.max(...all));
  const low = yTicks[0] ?? 0;
  const high = yTicks.at(-1) ?? low;
  const legendRows = Math.ceil(series.length / 3);
  const plotBottom = HEIGHT - PAD.bottom;
  const height = HEIGHT + (series.length > 1 ? legendRows * LEGEND_ROW : 0);
  const x = (/** @type {number} */ i) =>
    PAD.left + (count > 1 ? (i / (count - 1)) * (WIDTH - PAD.left - PAD.right) : (WIDTH - PAD.left - PAD.right) / 2);
  const y = (/** @type {number} */ v) => plotBottom - ((v - low) / (high - low || 1)) * (plotBottom - PAD.top);

  const grid = yTicks.map((v) =>
    svgEl(
      "g",
      {},
      svgEl("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }),
      text(PAD.left - 4, y(v) + 3.5, String(v), "tick", "end"),
    ),
  );
  const every = Math.ceil(count / 10); // at most about ten labels under the axis
  const xTicks = xLabels.map((label, i) =>
    i % every === 0 || i === count - 1 ? text(x(i), plotBottom + 14, label, "tick") : null,
  );
  const markLines = marks.map((m) =>
    svgEl(
      "g",
      {},
      svgEl("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(m.value), y2: y(m.value), class: "mark" }),
      text(WIDTH - PAD.right, y(m.value) - 3, m.label, "mark-label", "end"),
    ),
  );
  const lines = series.map((s) =>
    svgEl(
      "g",
      { class: `series ${s.cls}${s.strong ? " strong" : ""}` },
      svgEl("polyline", { points: s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }),
      s.values.map((v, i) => svgEl("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: s.strong ? 2.8 : 2 })),
    ),
  );
  const legend =
    series.length > 1
      ? series.map((s, i) => {
          const lx = PAD.left + (i % 3) * ((WIDTH - PAD.left) / 3);
          const ly = HEIGHT - 4 + Math.floor(i / 3) * LEGEND_ROW;
          return svgEl(
            "g",
            { class: `series legend ${s.cls}${s.strong ? " strong" : ""}` },
            svgEl("line", { x1: lx, x2: lx + 14, y1: ly - 4, y2: ly - 4 }),
            text(lx + 18, ly, s.name, "legend-label", "start"),
          );
        })
      : [];

  const titleNode = svgEl("title");
  titleNode.textContent = title;
  return svgEl(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${height}`, class: "chart", role: "img", "aria-label": title, "data-chart": chart },
    titleNode,
    ...grid,
    ...xTicks,
    ...markLines,
    ...lines,
    ...legend,
  );
}
