// Income or expense, as a pair of radio buttons drawn as one segmented control.
import { useId } from 'react';
import { useText } from '../../../client/text.js';
import { ledgerText } from './copy.js';
import { LEDGER_TYPES, type LedgerType } from '../../records/ledger.js';

export function TypeSwitch({
  legend,
  value,
  onChange,
  hideLegend = false,
}: {
  legend: string;
  value: LedgerType;
  onChange: (type: LedgerType) => void;
  hideLegend?: boolean;
}) {
  const text = useText(ledgerText);
  const name = useId();
  return (
    <fieldset className="ledger-switch">
      <legend className={hideLegend ? 'visually-hidden' : 'ledger-switch__legend'}>{legend}</legend>
      <div className="ledger-switch__options">
        {LEDGER_TYPES.map((type) => (
          <label key={type} className={`ledger-switch__option ledger-switch__option--${type}`}>
            <input
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
            />
            <span>{text.types[type]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
