import { type BenchOperation, CALL_KINDS, type OperationMetrics } from "./metrics";

/** One measured operation of one provider on `n` pods, beside the floor. */
export interface BenchRow {
  n: number;
  operation: BenchOperation;
  provider: string;
  metrics: OperationMetrics;
  floor: { calls: number; wallMs: number };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const ratio = (value: number, floor: number) => (floor === 0 ? (value === 0 ? "1.00" : "—") : (value / floor).toFixed(2));

/**
 * The rows as a markdown table: calls by kind, 429s, wall time and failures, and their ratio to the floor. The
 * engine's own time is no provider's: `up`'s wall time is also given against the floor plus the same
 * provider's no-op `up`, measured in the same run.
 */
export function markdownTable(rows: readonly BenchRow[]): string {
  const header = [
    "N",
    "operation",
    "provider",
    "calls",
    ...CALL_KINDS,
    "429s",
    "wall (s)",
    "failed",
    "calls / floor",
    "wall / floor",
    "wall / (floor + no-op up)",
  ];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.n} ${row.operation}`;
    if (!seen.has(key)) {
      seen.add(key);
      const floorCells = [
        String(row.floor.calls),
        "",
        "",
        "",
        "",
        "",
        "0",
        row.operation === "up" || row.operation === "scarce up" ? seconds(row.floor.wallMs) : "",
        "0",
        "1.00",
        "",
        "",
      ];
      lines.push(`| ${[row.n, row.operation, "floor", ...floorCells].join(" | ")} |`);
    }
    const m = row.metrics;
    const cells = [
      row.n,
      row.operation,
      row.provider,
      m.calls,
      ...CALL_KINDS.map((kind) => m.byKind[kind]),
      m.rateLimited,
      seconds(m.wallMs),
      m.failed,
      ratio(m.calls, row.floor.calls),
      row.operation === "up" || row.operation === "scarce up" ? ratio(m.wallMs, row.floor.wallMs) : "",
      row.operation === "up" ? ratio(m.wallMs, row.floor.wallMs + noOpWallMs(rows, row)) : "",
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The wall time of the no-op `up` of the same provider and size, which is the engine's own. */
function noOpWallMs(rows: readonly BenchRow[], up: BenchRow): number {
  return rows.find((row) => row.n === up.n && row.provider === up.provider && row.operation === "no-op up")?.metrics.wallMs ?? 0;
}

const COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd"];

/**
 * An SVG line chart of cumulative API calls over time, one line per series, with a red mark under the axis
 * for every call answered 429. Hand-written: a few dozen elements need no charting library.
 */
export function callsChart(title: string, series: ReadonlyArray<{ label: string; metrics: OperationMetrics }>): string {
  const width = 720;
  const height = 360;
  const margin = { left: 56, right: 16, top: 36, bottom: 56 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const maxSeconds = Math.max(10, ...series.map(({ metrics }) => metrics.wallMs / 1000));
  const maxCalls = Math.max(10, ...series.map(({ metrics }) => metrics.calls));
  const x = (s: number) => margin.left + (s / maxSeconds) * plotWidth;
  const y = (calls: number) => margin.top + plotHeight - (calls / maxCalls) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
    `<line x1="${margin.left}" y1="${y(0)}" x2="${margin.left + plotWidth}" y2="${y(0)}" stroke="black"/>`,
    `<line x1="${margin.left}" y1="${margin.top}" x2="${margin.left}" y2="${y(0)}" stroke="black"/>`,
    `<text x="${margin.left + plotWidth / 2}" y="${height - 12}" text-anchor="middle">seconds since the operation started</text>`,
    `<text x="14" y="${margin.top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 14 ${margin.top + plotHeight / 2})">API calls so far</text>`,
  ];
  for (const tick of niceTicks(maxSeconds)) {
    parts.push(`<text x="${x(tick).toFixed(1)}" y="${y(0) + 16}" text-anchor="middle">${tick}</text>`);
  }
  for (const tick of niceTicks(maxCalls)) {
    const at = y(tick).toFixed(1);
    parts.push(`<line x1="${margin.left - 4}" y1="${at}" x2="${margin.left + plotWidth}" y2="${at}" stroke="#ddd"/>`);
    parts.push(`<text x="${margin.left - 8}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`);
  }
  series.forEach(({ label, metrics }, index) => {
    const color = COLORS[index % COLORS.length];
    const points = [`${x(0)},${y(0)}`, ...metrics.timeline.map((call, i) => `${x(call.atMs / 1000).toFixed(1)},${y(i + 1).toFixed(1)}`)];
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.join(" ")}"/>`);
    for (const call of metrics.timeline.filter((c) => c.rateLimited)) {
      const cx = x(call.atMs / 1000).toFixed(1);
      parts.push(`<line x1="${cx}" y1="${y(0) + 22}" x2="${cx}" y2="${y(0) + 28}" stroke="red"/>`);
    }
    const legendY = margin.top + 8 + index * 16;
    parts.push(`<rect x="${margin.left + 12}" y="${legendY - 8}" width="12" height="3" fill="${color}"/>`);
    parts.push(
      `<text x="${margin.left + 30}" y="${legendY}">${escapeXml(`${label}: ${metrics.calls} calls, ${metrics.rateLimited} answered 429, ${seconds(metrics.wallMs)} s`)}</text>`,
    );
  });
  parts.push(`<text x="${width - margin.right}" y="${height - 12}" text-anchor="end" fill="red">| 429</text>`, "</svg>");
  return `${parts.join("\n")}\n`;
}

/** Five or so round tick values from 0 to `max`. */
function niceTicks(max: number): number[] {
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((s) => max / s <= 6) ?? Math.ceil(max / 6);
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return ticks;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
