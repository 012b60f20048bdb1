import { describe, it, expect } from 'vitest';
import {
  axisTicks,
  categoryBarLayout,
  CHART_FONT_SIZE,
  estimateTextWidth,
  fitText,
  monthBarLayout,
  niceCeiling,
} from './chart.js';

describe('text fitting', () => {
  it('counts Korean and emoji wider than Latin letters', () => {
    expect(estimateTextWidth('식비', 10)).toBe(20);
    expect(estimateTextWidth('ab', 10)).toBeCloseTo(12.4);
    expect(estimateTextWidth('👨‍👩‍👧', 10)).toBe(10);
  });

  it('keeps text that fits and shortens text that does not, never splitting a character', () => {
    expect(fitText('food', 100, 10)).toBe('food');
    const fitted = fitText('가나다라마바사아자차', 50, 10);
    expect(fitted).toBe('가나다라…');
    expect(estimateTextWidth(fitted, 10)).toBeLessThanOrEqual(50);
    expect(fitText('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 25, 10)).toBe('👨‍👩‍👧…');
    expect(fitText('long label', 0, 10)).toBe('…');
  });
});

describe('axis', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 20, 21, 240, 251, 999, 3_000_000].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 20, 25, 250, 500, 1000, 5_000_000,
    ]);
  });

  it('reaches at least the largest value in round steps', () => {
    expect(axisTicks(3_000_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]);
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('categoryBarLayout', () => {
  it('gives the largest category the full width and the others their proportion', () => {
    const { rows, height } = categoryBarLayout(
      [
        { label: 'food', valueText: '₩30,000 · 75%', total: 30_000 },
        { label: 'cafe', valueText: '₩10,000 · 25%', total: 10_000 },
      ],
      300,
    );
    expect(rows.map((row) => row.barWidth)).toEqual([300, 100]);
    expect(rows[1]!.textY).toBeGreaterThan(rows[0]!.barY);
    expect(height).toBeGreaterThan(rows[1]!.barY);
  });

  it('shortens a label so it does not run into the value on a narrow screen', () => {
    const valueText = '₩1,200,000 · 35.2%';
    const { rows } = categoryBarLayout(
      [{ label: '아주 긴 사용자 정의 분류 이름입니다 정말로', valueText, total: 1 }],
      280,
    );
    const row = rows[0]!;
    expect(row.label.endsWith('…')).toBe(true);
    expect(
      estimateTextWidth(row.label, CHART_FONT_SIZE) + estimateTextWidth(valueText, CHART_FONT_SIZE),
    ).toBeLessThanOrEqual(280);
  });

  it('keeps tiny categories visible', () => {
    const { rows } = categoryBarLayout(
      [
        { label: 'a', valueText: '', total: 1_000_000 },
        { label: 'b', valueText: '', total: 1 },
      ],
      300,
    );
    expect(rows[1]!.barWidth).toBe(2);
  });
});

describe('monthBarLayout', () => {
  const series = [
    { income: 0, expense: 0 },
    { income: 3_000_000, expense: 1_200_000 },
    { income: 3_000_000, expense: 34_500 },
  ];
  const layout = monthBarLayout(series, 320, 200, (value) => `${value / 1_000_000}M`);

  it('puts each month in its own slot, income left of expense, all inside the plot', () => {
    expect(layout.groups).toHaveLength(3);
    for (const group of layout.groups) {
      expect(group.income.x + group.income.width).toBeLessThanOrEqual(group.expense.x);
      expect(group.income.x).toBeGreaterThanOrEqual(layout.plot.left);
      expect(group.expense.x + group.expense.width).toBeLessThanOrEqual(layout.plot.right);
    }
    const centers = layout.groups.map((group) => group.center);
    expect(centers[1]! - centers[0]!).toBeCloseTo(centers[2]! - centers[1]!);
  });

  it('scales heights against the top of the axis and draws nothing for zero', () => {
    const [empty, full] = layout.groups;
    expect(empty!.income.height).toBe(0);
    const plotHeight = layout.plot.bottom - layout.plot.top;
    expect(full!.income.height).toBeCloseTo((plotHeight * 3) / 4);
    expect(full!.income.y + full!.income.height).toBeCloseTo(layout.plot.bottom);
    expect(layout.groups[2]!.expense.height).toBeGreaterThanOrEqual(1);
  });

  it('labels the axis in round steps and leaves room on the left for the labels', () => {
    expect(layout.ticks.map((tick) => tick.label)).toEqual(['0M', '1M', '2M', '3M', '4M']);
    expect(layout.ticks[0]!.y).toBe(layout.plot.bottom);
    expect(layout.ticks.at(-1)!.y).toBe(layout.plot.top);
    expect(layout.plot.left).toBeGreaterThan(estimateTextWidth('4M', 11));
  });
});
