// The month's spending (or income) by category and the last six months side by side, as inline SVG drawn at
// the width the screen gives it. Each chart is one labelled image for screen readers, with its numbers in a
// table they can read.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatMonth } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { CHART_FONT_SIZE, categoryBarLayout, monthBarLayout } from './chart.js';
import { ledgerText } from './copy.js';
import { categoryLabel } from './entry-form.js';
import { currencyDigits, type LedgerCurrency, type LedgerType } from '../../records/ledger.js';
import { formatMoney } from './model/format.js';
import type { CategoryShare, MonthTotals } from './model/summary.js';
import { monthParts } from './month.js';
import { TypeSwitch } from './TypeSwitch.js';

const FALLBACK_WIDTH = 320;
const TREND_HEIGHT = 220;

/** The element's content width, following resizes (a phone turned, a window narrowed). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || FALLBACK_WIDTH);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([observed]) => {
      if (observed && observed.contentRect.width > 0) setWidth(Math.floor(observed.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function useMonthName() {
  const { locale } = useLanguage();
  return (month: string) => {
    const { year, month: number } = monthParts(month);
    return formatMonth(year, number, locale);
  };
}

export function CategoryChart({
  breakdown,
  month,
  type,
  onType,
  currency,
}: {
  breakdown: CategoryShare[];
  month: string;
  type: LedgerType;
  onType: (type: LedgerType) => void;
  currency: LedgerCurrency;
}) {
  const text = useText(ledgerText);
  const { lang, locale } = useLanguage();
  const monthName = useMonthName();
  const titleId = useId();
  const [ref, width] = useWidth();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const items = breakdown.map((share) => ({
    label: categoryLabel(share.category, text),
    amount: formatMoney(share.total, currency, lang),
    percent: percent.format(share.share),
    total: share.total,
  }));
  const layout = categoryBarLayout(
    items.map((item) => ({
      label: item.label,
      valueText: `${item.amount} · ${item.percent}`,
      total: item.total,
    })),
    width,
  );
  const values = { month: monthName(month), type: text.charts.types[type] };
  const title = fill(text.charts.categoryTitle, { ...values, type: text.summary[type] });

  return (
    <section className="panel ledger-chart" aria-labelledby={titleId}>
      <h3 id={titleId} className="ledger-chart__title">
        {title}
      </h3>
      <TypeSwitch legend={text.charts.show} value={type} onChange={onType} hideLegend />
      <div ref={ref} className="ledger-chart__canvas">
        {items.length === 0 ? (
          <p className="empty">{fill(text.charts.categoryEmpty, values)}</p>
        ) : (
          <>
            <svg
              className={`ledger-chart__svg ledger-chart--${type}`}
              role="img"
              aria-label={fill(text.charts.categoryLabel, values)}
              width={width}
              height={layout.height}
              viewBox={`0 0 ${width} ${layout.height}`}
            >
              <title>{fill(text.charts.categoryLabel, values)}</title>
              {layout.rows.map((row, index) => (
                <g key={breakdown[index]!.category}>
                  <text x={0} y={row.textY} fontSize={CHART_FONT_SIZE} className="ledger-chart__label">
                    {row.label}
                    {row.label !== items[index]!.label && <title>{items[index]!.label}</title>}
                  </text>
                  <text
                    x={width}
                    y={row.textY}
                    fontSize={CHART_FONT_SIZE}
                    textAnchor="end"
                    className="ledger-chart__value"
                  >
                    {row.valueText}
                  </text>
                  <rect
                    x={0}
                    y={row.barY}
                    width={width}
                    height={layout.barHeight}
                    rx={layout.barHeight / 2}
                    className="ledger-chart__track"
                  />
                  <rect
                    x={0}
                    y={row.barY}
                    width={row.barWidth}
                    height={layout.barHeight}
                    rx={layout.barHeight / 2}
                    className={`ledger-chart__bar ledger-chart__bar--${type}`}
                  />
                </g>
              ))}
            </svg>
            <div className="visually-hidden">
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text.charts.category}</th>
                    <th scope="col">{text.charts.amount}</th>
                    <th scope="col">{text.charts.share}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, index) => (
                    <tr key={breakdown[index]!.category}>
                      <th scope="row">{item.label}</th>
                      <td>{item.amount}</td>
                      <td>{item.percent}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

export function TrendChart({ series, currency }: { series: MonthTotals[]; currency: LedgerCurrency }) {
  const text = useText(ledgerText);
  const { lang, locale } = useLanguage();
  const monthName = useMonthName();
  const titleId = useId();
  const [ref, width] = useWidth();
  const scale = 10 ** currencyDigits(currency);
  const compact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const layout = monthBarLayout(series, width, TREND_HEIGHT, (value) => compact.format(value / scale));
  const shortMonth = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' });
  const first = series[0]?.month ?? '';
  const last = series.at(-1)?.month ?? '';
  const label = fill(text.charts.trendLabel, { from: monthName(first), to: monthName(last) });
  const empty = series.every((totals) => totals.income === 0 && totals.expense === 0);

  return (
    <section className="panel ledger-chart" aria-labelledby={titleId}>
      <h3 id={titleId} className="ledger-chart__title">
        {text.charts.trendTitle}
      </h3>
      <ul className="ledger-legend" aria-label={text.charts.legend}>
        <li>
          <span className="ledger-legend__swatch ledger-legend__swatch--income" aria-hidden="true" />
          {text.types.income}
        </li>
        <li>
          <span className="ledger-legend__swatch ledger-legend__swatch--expense" aria-hidden="true" />
          {text.types.expense}
        </li>
      </ul>
      <div ref={ref} className="ledger-chart__canvas">
        {empty ? (
          <p className="empty">{text.charts.trendEmpty}</p>
        ) : (
          <>
            <svg
              className="ledger-chart__svg"
              role="img"
              aria-label={label}
              width={width}
              height={TREND_HEIGHT}
              viewBox={`0 0 ${width} ${TREND_HEIGHT}`}
            >
              <title>{label}</title>
              {layout.ticks.map((tick) => (
                <g key={tick.value}>
                  <line
                    x1={layout.plot.left}
                    x2={layout.plot.right}
                    y1={tick.y}
                    y2={tick.y}
                    className="ledger-chart__grid"
                  />
                  <text
                    x={layout.plot.left - 6}
                    y={tick.y + 4}
                    fontSize={11}
                    textAnchor="end"
                    className="ledger-chart__axis"
                  >
                    {tick.label}
                  </text>
                </g>
              ))}
              {layout.groups.map((group, index) => {
                const month = series[index]!.month;
                const date = new Date(`${month}-01T00:00:00Z`);
                const showYear = index === 0 || month.endsWith('-01');
                return (
                  <g key={month}>
                    <rect {...group.income} rx={2} className="ledger-chart__bar ledger-chart__bar--income" />
                    <rect
                      {...group.expense}
                      rx={2}
                      className="ledger-chart__bar ledger-chart__bar--expense"
                    />
                    <text
                      x={group.center}
                      y={layout.plot.bottom + 16}
                      fontSize={12}
                      textAnchor="middle"
                      className="ledger-chart__label"
                    >
                      {shortMonth.format(date)}
                    </text>
                    {showYear && (
                      <text
                        x={group.center}
                        y={layout.plot.bottom + 30}
                        fontSize={10}
                        textAnchor="middle"
                        className="ledger-chart__axis"
                      >
                        {year.format(date)}
                      </text>
                    )}
                  </g>
                );
              })}
            </svg>
            <div className="visually-hidden">
              <table>
                <caption>{text.charts.trendTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text.charts.month}</th>
                    <th scope="col">{text.types.income}</th>
                    <th scope="col">{text.types.expense}</th>
                  </tr>
                </thead>
                <tbody>
                  {series.map((totals) => (
                    <tr key={totals.month}>
                      <th scope="row">{monthName(totals.month)}</th>
                      <td>{formatMoney(totals.income, currency, lang)}</td>
                      <td>{formatMoney(totals.expense, currency, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
