// The column mapper: a statement's first rows as a table, and for each thing the ledger needs, the column that
// holds it — chosen for the member when a preset (or their own earlier choice for the same header) knows the file.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { fill, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { SETTINGS_ID, useAppSettings, type AppSettings } from '../../settings.js';
import { useVault } from '../../vault/react.js';
// Types only: the money importer's code (SheetJS with it) loads in the worker, not with this screen.
import type { ColumnMapping, ColumnRole } from './formats/money/mapping.js';
import { importText } from './copy.js';
import type { Mapping, SheetPreview } from './protocol.js';

/** The roles the mapper offers: each role of the money importer's mapping (a test keeps the two lists equal). */
export const SHOWN_ROLES = Object.keys(importText.ko.mapper.roles) as ColumnRole[];

/** 'A', 'B', … 'Z', 'AA': a column as a spreadsheet names it. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** The header's names, as the key a remembered mapping is kept under. */
export function headerSignature(row: readonly string[] | undefined): string {
  return (row ?? []).map((name) => name.replace(/\s+/g, '').toLowerCase()).join('|');
}

/** Whether the mapping can read transactions: a date, an amount (or money out and in) and a description. */
export function mappingReady(mapping: Partial<ColumnMapping>): boolean {
  const money =
    mapping.amount !== undefined || (mapping.withdrawal !== undefined && mapping.deposit !== undefined);
  return mapping.date !== undefined && money && mapping.merchant !== undefined;
}

export function ColumnMapper({
  sheet,
  onApply,
  onCancel,
}: {
  sheet: SheetPreview;
  onApply: (headerRow: number, mapping: Mapping) => void;
  onCancel: () => void;
}) {
  const text = useText(importText);
  const counted = usePlural();
  const vault = useVault();
  const [settings, saveSettings] = useAppSettings();
  const firstHeader = sheet.guess?.headerRow ?? 0;
  const remembered = settings.importMappings[headerSignature(sheet.rows[firstHeader])] as
    Partial<ColumnMapping> | undefined;
  const [headerRow, setHeaderRow] = useState(firstHeader);
  const [mapping, setMapping] = useState<Partial<ColumnMapping>>(
    () => remembered ?? sheet.guess?.mapping ?? { account: 'card' },
  );
  const [tried, setTried] = useState(false);
  const ids = { heading: useId(), header: useId(), account: useId() };
  const header = sheet.rows[headerRow] ?? [];
  const width = useMemo(() => Math.max(0, ...sheet.rows.map((row) => row.length)), [sheet.rows]);
  const columns = Array.from({ length: width }, (_, index) => index);
  const ready = mappingReady(mapping);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!ready) return;
    const chosen = { ...mapping, account: mapping.account ?? 'card' } as ColumnMapping;
    // The next file with this header is mapped the same way (kept sealed with the settings). The mappings as they
    // were read are what this edit started from, so one saved meanwhile elsewhere is merged, not replaced.
    const opened = vault.get<Partial<AppSettings>>(SETTINGS_ID)?.value?.importMappings;
    void saveSettings(
      { importMappings: { ...settings.importMappings, [headerSignature(header)]: { ...chosen } } },
      opened ? { importMappings: opened } : {},
    ).catch(() => undefined);
    onApply(headerRow, chosen);
  };

  const columnName = (index: number) => {
    const name = header[index]?.trim();
    return name
      ? `${columnLetter(index)} · ${name}`
      : fill(text.mapper.column, { letter: columnLetter(index) });
  };

  return (
    <form className="form import-mapper" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{text.mapper.heading}</h3>
      <p className="form__note">{text.mapper.lead}</p>
      {remembered ? (
        <p role="status">{text.mapper.remembered}</p>
      ) : (
        sheet.guess?.preset && (
          <p role="status">
            {fill(text.mapper.preset, {
              name:
                text.mapper.presets[sheet.guess.preset as keyof typeof text.mapper.presets] ??
                sheet.guess.preset,
            })}
          </p>
        )
      )}
      <div
        className="import-mapper__table"
        tabIndex={0}
        aria-label={counted(text.mapper.rows, sheet.rowCount)}
      >
        <table>
          <thead>
            <tr>
              <th scope="col" />
              {columns.map((index) => (
                <th key={index} scope="col">
                  {columnLetter(index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.slice(0, 12).map((row, rowIndex) => (
              <tr key={rowIndex} className={rowIndex === headerRow ? 'import-mapper__header' : undefined}>
                <th scope="row">{rowIndex + 1}</th>
                {columns.map((index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="form__note">{counted(text.mapper.rows, sheet.rowCount)}</p>
      <label className="form__field" htmlFor={ids.header}>
        <span>{text.mapper.headerRow}</span>
        <select
          id={ids.header}
          value={headerRow}
          onChange={(event) => setHeaderRow(Number(event.target.value))}
        >
          {sheet.rows.slice(0, 30).map((_, index) => (
            <option key={index} value={index}>
              {fill(text.mapper.rowNumber, { row: index + 1 })}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="import-mapper__account">
        <legend>{text.mapper.account}</legend>
        {(['card', 'bank'] as const).map((account) => (
          <label key={account} className="form__check">
            <input
              type="radio"
              name={ids.account}
              checked={(mapping.account ?? 'card') === account}
              onChange={() => setMapping((now) => ({ ...now, account }))}
            />
            {text.mapper[account]}
          </label>
        ))}
      </fieldset>
      <div className="import-mapper__roles">
        {SHOWN_ROLES.map((role) => (
          <label key={role} className="form__field">
            <span>{text.mapper.roles[role]}</span>
            <select
              value={mapping[role] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setMapping((now) => {
                  const next = { ...now };
                  if (value === '') delete next[role];
                  else next[role] = Number(value);
                  return next;
                });
              }}
            >
              <option value="">{text.mapper.none}</option>
              {columns.map((index) => (
                <option key={index} value={index}>
                  {columnName(index)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {tried && !ready && (
        <p className="form__error" role="alert">
          {text.mapper.needed}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          {text.mapper.apply}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
