// Geometry of the ledger's two SVG charts, in pixels of the width the chart actually has, so text keeps its
// size on a 360 px phone and on a desktop alike.

/** Hangul, CJK, full-width forms and emoji take about a full em; Latin letters and digits about 0.6 em. */
const WIDE =
  /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);

/** A generous estimate of how wide text is drawn, so what is fitted with it does not overflow. */
export function estimateTextWidth(text: string, fontSize: number): number {
  return graphemes(text).reduce((width, grapheme) => width + (WIDE.test(grapheme) ? 1 : 0.62) * fontSize, 0);
}

/** The text, or as much of it as fits followed by '…', cut between characters a reader sees. */
export function fitText(text: string, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(text, fontSize) <= maxWidth) return text;
  const parts = graphemes(text);
  let width = estimateTextWidth('…', fontSize);
  let fitted = '';
  for (const part of parts) {
    width += estimateTextWidth(part, fontSize);
    if (width > maxWidth) break;
    fitted += part;
  }
  return `${fitted}…`;
}

/** The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least `value` (1 for nothing). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value * (1 - 1e-12)) ?? 10;
  return step * power;
}

/** Axis values from 0 in `count` equal, round steps reaching at least `max`. */
export function axisTicks(max: number, count = 4): number[] {
  const step = Math.max(1, niceCeiling(max / count));
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

export const CHART_FONT_SIZE = 13;

export interface CategoryBarInput {
  label: string;
  valueText: string;
  total: number;
}

export interface CategoryBarRow {
  /** The label shortened to leave room for the value on the same line. */
  label: string;
  valueText: string;
  /** Baseline of the line holding label and value. */
  textY: number;
  barY: number;
  barWidth: number;
}

const CATEGORY_ROW = 46;
const CATEGORY_BAR = 12;

/** One row per category: label left and value right on one line, the bar below, longest bar = full width. */
export function categoryBarLayout(
  items: readonly CategoryBarInput[],
  width: number,
): { height: number; barHeight: number; rows: CategoryBarRow[] } {
  const largest = Math.max(0, ...items.map((item) => item.total));
  const rows = items.map((item, index) => {
    const top = index * CATEGORY_ROW;
    const labelRoom = width - estimateTextWidth(item.valueText, CHART_FONT_SIZE) - 12;
    return {
      label: fitText(item.label, Math.max(0, labelRoom), CHART_FONT_SIZE),
      valueText: item.valueText,
      textY: top + 16,
      barY: top + 24,
      barWidth: largest > 0 ? Math.max(2, (width * item.total) / largest) : 0,
    };
  });
  return { height: Math.max(0, items.length * CATEGORY_ROW - 6), barHeight: CATEGORY_BAR, rows };
}

export interface MonthTotalsInput {
  income: number;
  expense: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MonthBarLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  ticks: Array<{ value: number; y: number; label: string }>;
  groups: Array<{ center: number; income: Bar; expense: Bar }>;
}

/**
 * Grouped bars: per month an income bar and an expense bar side by side, over an axis of round amounts
 * whose labels (formatted by the caller) set the left margin. Room is left below the plot for month labels.
 */
export function monthBarLayout(
  series: readonly MonthTotalsInput[],
  width: number,
  height: number,
  tickLabel: (value: number) => string,
): MonthBarLayout {
  const largest = Math.max(0, ...series.flatMap((month) => [month.income, month.expense]));
  const values = axisTicks(largest);
  const labels = values.map(tickLabel);
  const left = Math.ceil(Math.max(...labels.map((label) => estimateTextWidth(label, 11)))) + 8;
  const plot = { left, top: 8, right: width - 4, bottom: height - 36 };
  const top = values.at(-1) ?? 1;
  const scale = (value: number) => ((plot.bottom - plot.top) * value) / top;
  const ticks = values.map((value, index) => ({
    value,
    y: plot.bottom - scale(value),
    label: labels[index]!,
  }));
  const slot = (plot.right - plot.left) / Math.max(1, series.length);
  const barWidth = Math.max(2, Math.min(24, (slot * 0.7) / 2));
  const bar = (x: number, value: number): Bar => {
    const barHeight = value > 0 ? Math.max(1, scale(value)) : 0;
    return { x, y: plot.bottom - barHeight, width: barWidth, height: barHeight };
  };
  const groups = series.map((month, index) => {
    const center = plot.left + slot * (index + 0.5);
    return {
      center,
      income: bar(center - barWidth - 1, month.income),
      expense: bar(center + 1, month.expense),
    };
  });
  return { plot, ticks, groups };
}
