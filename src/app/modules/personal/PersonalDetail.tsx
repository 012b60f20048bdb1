// One item of personal info with every field of its kind: each value can be copied, and secret ones stay
// masked until "show" is pressed (again hidden whenever the dialog is reopened).
import { useState } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { formatCalendarDate } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { CLIPBOARD_CLEAR_MS, copySecret } from '../../ui/clipboard.js';
import { personalText } from './copy.js';
import {
  displayValue,
  fieldsOf,
  httpUrl,
  isCalendarDate,
  type PersonalField,
  type PersonalRecord,
} from '../../records/personal.js';
import { fieldLabel } from './labels.js';
import { LinkedDocuments } from '../../ui/slots.js';

const MASK = '••••••••';

export function PersonalDetail({
  id,
  record,
  updatedAt,
  onEdit,
  onDelete,
  onClose,
}: {
  id: string;
  record: PersonalRecord;
  updatedAt: number;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const text = useText(personalText);
  const shell = useText(shellText);
  const { locale } = useLanguage();
  const toast = useToast();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [copyFailed, setCopyFailed] = useState(false);

  async function copy(value: string) {
    setCopyFailed(false);
    try {
      await copySecret(value);
      toast(fill(text.detail.copiedCleared, { seconds: CLIPBOARD_CLEAR_MS / 1000 }));
    } catch {
      setCopyFailed(true);
    }
  }

  function toggle(key: string) {
    setRevealed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  function valueOf(field: PersonalField, value: string) {
    if (field.format === 'url') {
      const href = httpUrl(value);
      if (href)
        return (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {value}
          </a>
        );
    }
    if (field.format === 'date' && isCalendarDate(value))
      return formatCalendarDate(value, locale, { dateStyle: 'long' });
    return displayValue(field, value);
  }

  return (
    <FormDialog title={record.title} onClose={onClose}>
      <p className="personal-detail__meta">
        <span className={`personal-badge personal-badge--${record.kind}`}>{text.kinds[record.kind]}</span>
        <span>
          {fill(text.detail.updated, {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              updatedAt,
            ),
          })}
        </span>
      </p>
      <dl className="personal-detail">
        {fieldsOf(record.kind).map((field) => {
          const label = fieldLabel(text, record.kind, field.key);
          const value = record.fields[field.key];
          const hidden = field.secret && !revealed.has(field.key);
          return (
            <div key={field.key} className="personal-detail__row">
              <dt>{label}</dt>
              <dd>
                {value === undefined ? (
                  <span className="personal-detail__value personal-detail__value--empty">
                    {text.detail.empty}
                  </span>
                ) : (
                  <>
                    <span
                      className={`personal-detail__value personal-detail__value--${field.format}`}
                      aria-live={field.secret ? 'polite' : undefined}
                    >
                      {hidden ? (
                        <>
                          <span aria-hidden="true">{MASK}</span>
                          <span className="visually-hidden">{text.detail.masked}</span>
                        </>
                      ) : (
                        valueOf(field, value)
                      )}
                    </span>
                    <span className="personal-detail__actions">
                      {field.secret && (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={fill(hidden ? text.detail.showLabel : text.detail.hideLabel, {
                            field: label,
                          })}
                          onClick={() => toggle(field.key)}
                        >
                          {hidden ? text.detail.show : text.detail.hide}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={fill(text.detail.copyLabel, { field: label })}
                        onClick={() => void copy(value)}
                      >
                        {text.detail.copy}
                      </button>
                    </span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <LinkedDocuments recordId={id} />
      {copyFailed && (
        <p className="form__error personal-detail__problem" role="alert">
          {text.detail.copyFailed}
        </p>
      )}
      <div className="form__actions personal-detail__footer">
        <button type="button" className="button button--ghost personal__delete" onClick={onDelete}>
          {shell.delete}
        </button>
        <button type="button" className="button button--primary" onClick={onEdit}>
          {shell.edit}
        </button>
      </div>
    </FormDialog>
  );
}
