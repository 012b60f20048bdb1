// The month's totals per place, once the member shares a ledger: all entries, the member's own, and each space's
// (totalsBySpace), each card named in words beside its colour. Shown only while spaces are open on the device.
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { LedgerCurrency } from '../../records/ledger.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { SpaceChip } from '../../ui/spaces/SpaceChip.js';
import { ledgerText } from './copy.js';
import { formatMoney } from './model/format.js';
import { totalsBySpace, type SpacedEntry } from './model/summary.js';

export function LedgerSpaceTotals({
  entries,
  month,
  monthName,
  currency,
}: {
  /** The entries money counts (no conflict copies), each with its space. */
  entries: readonly SpacedEntry[];
  month: string;
  monthName: string;
  currency: LedgerCurrency;
}) {
  const text = useText(ledgerText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const money = (minor: number) => formatMoney(minor, currency, lang);
  return (
    <section aria-label={tags.totals.label}>
      <dl className="space-totals">
        {totalsBySpace(entries, month, currency).map((card) => (
          <div
            key={card.scope === 'space' ? card.space.id : card.scope}
            className="space-totals__card"
            data-scope={card.scope === 'space' ? card.space.id : card.scope}
          >
            <dt>
              {card.scope === 'all' ? (
                tags.totals.all
              ) : (
                <SpaceChip space={card.scope === 'space' ? card.space : null} />
              )}
            </dt>
            <dd className="space-totals__amount">
              <span className="visually-hidden">{text.summary.balance} </span>
              {money(card.summary.balance)}
            </dd>
            <dd className="space-totals__hint">
              {`${text.summary.income} ${money(card.summary.income)} · ${text.summary.expense} ${money(card.summary.expense)}`}
            </dd>
            <dd className="space-totals__hint">
              {fill(tags.totals.running, { amount: money(card.running) })} ·{' '}
              {fill(text.summary.runningHint, { month: monthName })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
