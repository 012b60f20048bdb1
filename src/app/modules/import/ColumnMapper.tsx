// The column mapper: a card for each column of a statement (its name, its first values) with what it holds chosen
// beside them — for the member when a preset (or their own earlier choice for the same header) knows the file. Cards
// wrap to the width, so every column is reachable and mappable on a phone as on a desktop.
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

/** Cells shown of each column, from the rows under the header. */
const SAMPLES = 3;

/** The role a column holds in the mapping, if any (the first, in the order the roles are offered). */
export function roleOf(mapping: Partial<ColumnMapping>, column: number): ColumnRole | undefined {
  return SHOWN_ROLES.find((role) => mapping[role] === column);
}

/** The mapping with `column` holding `role` (taken from the column that held it) or, for undefined, nothing. */
export function withRole(
  mapping: Partial<ColumnMapping>,
  column: number,
  role: ColumnRole | undefined,
): Partial<ColumnMapping> {
  const next = { ...mapping };
  for (const held of SHOWN_ROLES) if (next[held] === column) delete next[held];
  if (role) next[role] = column;
  return next;
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
  const body = sheet.rows.slice(headerRow + 1);
  const ready = mappingReady(mapping);
  const idBase = useId();

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
    const name = header[index]?.replace(/\s+/g, ' ').trim();
    return name
      ? `${columnLetter(index)} · ${name}`
      : fill(text.mapper.column, { letter: columnLetter(index) });
  };
  /** A row as the header choice names it: its number and its first cells. */
  const rowName = (row: readonly string[], index: number) => {
    const cells = row
      .map((cell) => cell.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .slice(0, 3);
    const number = fill(text.mapper.rowNumber, { row: index + 1 });
    return cells.length > 0 ? `${number} · ${cells.join(', ')}` : number;
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
      <p className="form__note">{counted(text.mapper.rows, sheet.rowCount)}</p>
      <label className="form__field" htmlFor={ids.header}>
        <span>{text.mapper.headerRow}</span>
        <select
          id={ids.header}
          value={headerRow}
          onChange={(event) => setHeaderRow(Number(event.target.value))}
        >
          {sheet.rows.slice(0, 30).map((row, index) => (
            <option key={index} value={index}>
              {rowName(row, index)}
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
      <ul className="import-mapper__columns" aria-label={counted(text.mapper.columns, width)}>
        {columns.map((index) => {
          const role = roleOf(mapping, index);
          const samples = body
            .map((row) => row[index]?.replace(/\s+/g, ' ').trim() ?? '')
            .filter(Boolean)
            .slice(0, SAMPLES);
          const samplesId = `${idBase}-samples-${index}`;
          return (
            <li
              key={index}
              className={`import-mapper__column${role ? ' import-mapper__column--mapped' : ''}`}
            >
              <label className="import-mapper__name" htmlFor={`${idBase}-role-${index}`}>
                {columnName(index)}
              </label>
              <ul className="import-mapper__samples" id={samplesId}>
                {samples.length > 0 ? (
                  samples.map((sample, at) => <li key={at}>{sample}</li>)
                ) : (
                  <li>{text.mapper.noValues}</li>
                )}
              </ul>
              <select
                id={`${idBase}-role-${index}`}
                aria-describedby={samplesId}
                value={role ?? ''}
                onChange={(event) =>
                  setMapping((now) =>
                    withRole(now, index, (event.target.value || undefined) as ColumnRole | undefined),
                  )
                }
              >
                <option value="">{text.mapper.none}</option>
                {SHOWN_ROLES.map((shown) => (
                  <option key={shown} value={shown}>
                    {text.mapper.roles[shown]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
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
