// Import and export: a file from another app, read on this device (import.worker.ts), shown as it will be added,
// and written all at once; the vault's records written out in the formats other apps read (ExportPanel).
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { useToast } from '../../../client/ui/Toast.js';
import { isoToday } from '../../format.js';
import { useVault } from '../../vault/react.js';
import { useKeepReminderLanguage } from '../../settings.js';
import { remindersOf } from '../../calendar/reminder-times.js';
import { StorageFullError } from '../../vault/db.js';
import { DEFAULT_CATEGORIES } from '../../records/ledger.js';
import { recordsText } from '../../records/copy.js';
import { IMPORT_KINDS, kindOf } from '../kinds.js';
import { ColumnMapper } from './ColumnMapper.js';
import { importText } from './copy.js';
import { ExportPanel } from './ExportPanel.js';
import {
  CHANGED_REASONS,
  MAX_IMPORT_FILE_BYTES,
  type ImportErrorCode,
  type ImportFormat,
  type ImportItem,
  type ImportPlan,
  type SkipReason,
} from './plan.js';
import { countByKind, sourceCategories, splitAlreadyThere, toWrites, withCategories } from './prepare.js';
import type { Mapping, SheetPreview } from './protocol.js';
import { ImportReader, type ReadAnswer } from './reader.js';
import './import.css';

type Step =
  | { step: 'idle' }
  | { step: 'reading'; file: File }
  | { step: 'password'; file: File; wrong: boolean }
  | { step: 'mapping'; file: File; format: ImportFormat; sheet: SheetPreview }
  | { step: 'preview'; file: File; plan: ImportPlan }
  | { step: 'writing'; total: number }
  | { step: 'failed'; code: ImportErrorCode | 'storageFull' | 'writeFailed'; line?: number; detail?: string };

/** How many items of each kind the preview shows as they will look. */
const FIRST_SHOWN = 5;

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export default function ImportPage() {
  const text = useText(importText);
  return (
    <section aria-labelledby="import-title" className="import">
      <div className="screen-head">
        <h1 id="import-title">{text.title}</h1>
      </div>
      <p className="form__note">{text.lead}</p>
      <ImportPanel />
      <ExportPanel />
    </section>
  );
}

function ImportPanel() {
  const text = useText(importText);
  const vault = useVault();
  const toast = useToast();
  const keepReminderLanguage = useKeepReminderLanguage();
  const counted = usePlural();
  const [step, setStep] = useState<Step>({ step: 'idle' });
  const [share, setShare] = useState(0);
  const reader = useMemo(() => new ImportReader(setShare), []);
  useEffect(() => () => reader.stop(), [reader]);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const answered = (file: File, answer: ReadAnswer, password?: string) => {
    if (answer.type === 'plan') setStep({ step: 'preview', file, plan: answer.plan });
    else if (answer.type === 'sheet')
      setStep({ step: 'mapping', file, format: answer.format, sheet: answer.sheet });
    else if (answer.type === 'failed' && answer.code === 'needs-password')
      setStep({ step: 'password', file, wrong: false });
    else if (answer.type === 'failed' && answer.code === 'wrong-password' && password !== undefined)
      setStep({ step: 'password', file, wrong: true });
    else if (answer.type === 'failed')
      setStep({
        step: 'failed',
        code: answer.code,
        ...(answer.line !== undefined ? { line: answer.line } : {}),
        ...(answer.detail ? { detail: answer.detail } : {}),
      });
  };

  const read = async (file: File, password?: string) => {
    // Refused before a byte is read (a 200 MB CSV, a video chosen by mistake).
    if (file.size > MAX_IMPORT_FILE_BYTES) return setStep({ step: 'failed', code: 'too-large' });
    setShare(0);
    setStep({ step: 'reading', file });
    answered(file, await reader.read(file, password, timeZone(), isoToday()), password);
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void read(file);
  };

  const map = async (file: File, headerRow: number, mapping: Mapping) => {
    setShare(0);
    setStep({ step: 'reading', file });
    answered(file, await reader.map(headerRow, mapping, timeZone(), isoToday()));
  };

  const write = async (items: ImportItem[]) => {
    const { records, files } = toWrites(items);
    const bytes = files.reduce((total, { file }) => total + file.size, 0);
    setShare(0);
    setStep({ step: 'writing', total: items.length });
    // Calendar alarms come in as reminders: they are written in the app's language from now on — chosen before the
    // records are written, so the first reminders worked out from them already are.
    await keepReminderLanguage(
      records.some((record) => remindersOf((record.value as { reminders?: unknown }).reminders).length > 0),
    );
    try {
      const written = await vault.importRecords(records, files, (done) => setShare(bytes ? done / bytes : 0));
      if (!written.ok) {
        setStep({ step: 'failed', code: written.reason === 'storage-full' ? 'storageFull' : 'writeFailed' });
        return;
      }
    } catch (error) {
      setStep({ step: 'failed', code: error instanceof StorageFullError ? 'storageFull' : 'writeFailed' });
      return;
    }
    setStep({ step: 'idle' });
    toast(counted(text.done, items.length));
  };

  // What the vault holds, read once per preview: finding what is already there keys every record, and the panel
  // renders again for each progress report and toast.
  const existing = useMemo(() => (step.step === 'preview' ? vault.all() : []), [step, vault]);
  const busy = step.step === 'reading' || step.step === 'writing';
  return (
    <section className="panel import-panel" aria-labelledby="import-heading">
      <h2 id="import-heading">{text.importHeading}</h2>
      <p className="form__note">{text.accepts}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="visually-hidden"
        aria-label={text.choose}
        onChange={chosen}
        tabIndex={-1}
      />
      {!busy && (
        <button type="button" className="button" onClick={() => input.current?.click()}>
          {step.step === 'idle' ? text.choose : text.chooseAnother}
        </button>
      )}
      {busy && <Progress share={share} label={step.step === 'reading' ? text.reading : text.writing} />}
      {step.step === 'failed' && <Failure code={step.code} line={step.line} detail={step.detail} />}
      {step.step === 'password' && (
        <PasswordStep wrong={step.wrong} onOpen={(password) => void read(step.file, password)} />
      )}
      {step.step === 'mapping' && (
        <ColumnMapper
          sheet={step.sheet}
          onApply={(headerRow, mapping) => void map(step.file, headerRow, mapping)}
          onCancel={() => setStep({ step: 'idle' })}
        />
      )}
      {step.step === 'preview' && (
        <Preview
          key={step.file.name + step.file.size}
          file={step.file}
          plan={step.plan}
          existing={existing}
          onImport={(items) => void write(items)}
          onCancel={() => setStep({ step: 'idle' })}
        />
      )}
    </section>
  );
}

function Progress({ share, label }: { share: number; label: string }) {
  const text = useText(importText);
  const percent = Math.round(share * 100);
  return (
    <div className="import-progress" role="status">
      <p>{label}</p>
      <progress max={100} value={percent} aria-label={label} />
      <p className="form__note">{fill(text.progress, { percent })}</p>
    </div>
  );
}

function Failure({
  code,
  line,
  detail,
}: {
  code: ImportErrorCode | 'storageFull' | 'writeFailed';
  line?: number | undefined;
  detail?: string | undefined;
}) {
  const text = useText(importText);
  const message = fill(text.errors[code], {
    line: line ?? '',
    detail: detail && detail !== 'worker' ? ` (${detail})` : '',
  });
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  );
}

function PasswordStep({ wrong, onOpen }: { wrong: boolean; onOpen: (password: string) => void }) {
  const text = useText(importText);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  // The wrong password's message stays until the member types again.
  const [edited, setEdited] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setMissing(true);
    onOpen(password);
  };
  return (
    <form className="form import-password" onSubmit={submit} noValidate>
      <h3>{text.password.heading}</h3>
      <PasswordField
        id={id}
        label={text.password.label}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setMissing(false);
          setEdited(true);
        }}
        autoComplete="off"
        problem={missing ? text.password.required : wrong && !edited ? text.password.wrong : undefined}
        hint={text.password.note}
      />
      <button type="submit" className="button button--primary">
        {text.password.submit}
      </button>
    </form>
  );
}

export function Preview({
  file,
  plan,
  existing,
  onImport,
  onCancel,
}: {
  file: File;
  plan: ImportPlan;
  existing: Parameters<typeof splitAlreadyThere>[1];
  onImport: (items: ImportItem[]) => void;
  onCancel: () => void;
}) {
  const text = useText(importText);
  const counted = usePlural();
  const ledger = useText(recordsText).ledger;
  const [categories, setCategories] = useState<Map<string, string>>(new Map());
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const mapped = useMemo(() => withCategories(plan, categories), [plan, categories]);
  const split = useMemo(() => splitAlreadyThere(mapped.items, existing), [mapped, existing]);
  // Records already there of a kind that may repeat (a ledger's: two equal payments may be two payments) are offered
  // as "skip duplicates"; any other record already there is the same record, never added twice.
  const ledgerAlready = split.already.filter((item) => kindOf(item.kind)!.import!.mayRepeat);
  const items = skipDuplicates ? split.fresh : [...split.fresh, ...ledgerAlready];
  const counts = countByKind(items);
  const attachments = items.reduce((total, item) => total + (item.attachments?.length ?? 0), 0);
  const fileCategories = sourceCategories(plan.items);
  const skipped = groupSkipped(plan.skipped);
  const headingId = useId();

  return (
    <section className="import-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{text.preview.heading}</h3>
      <p className="import-preview__file">
        {fill(text.preview.from, { name: file.name, format: text.formats[plan.format] })}
      </p>
      <ul className="import-preview__counts">
        {IMPORT_KINDS.filter((kind) => counts.has(kind)).map((kind) => (
          <li key={kind}>{counted(text.preview.kinds[kind], counts.get(kind)!)}</li>
        ))}
      </ul>
      {attachments > 0 && <p>{counted(text.preview.files, attachments)}</p>}
      {split.already.length - ledgerAlready.length > 0 && (
        <p className="form__note">
          {counted(text.preview.already, split.already.length - ledgerAlready.length)}
        </p>
      )}
      {ledgerAlready.length > 0 && (
        <label className="form__check">
          <input
            type="checkbox"
            checked={skipDuplicates}
            onChange={(event) => setSkipDuplicates(event.target.checked)}
          />
          {counted(text.preview.skipDuplicates, ledgerAlready.length)}
        </label>
      )}
      {items.length === 0 && <p role="status">{text.preview.nothingNew}</p>}
      {items.length > 0 && (
        <>
          <h4>{text.preview.first}</h4>
          <ul className="import-preview__rows">
            {IMPORT_KINDS.flatMap((kind) =>
              items
                .filter((item) => item.kind === kind)
                .slice(0, FIRST_SHOWN)
                .map((item, index) => (
                  <li key={`${kind}-${index}`}>
                    <ItemLine item={item} />
                  </li>
                )),
            )}
          </ul>
        </>
      )}
      {fileCategories.length > 0 && (
        <fieldset className="import-preview__categories">
          <legend>{text.preview.categories}</legend>
          <p className="form__note">{text.preview.categoriesNote}</p>
          {fileCategories.map(({ name, count, to }) => (
            <label key={name} className="form__field">
              <span>
                {name} ({count})
              </span>
              <select
                value={categories.get(name) ?? to}
                onChange={(event) => setCategories((now) => new Map(now).set(name, event.target.value))}
              >
                {!isDefaultCategory(to) && (
                  <option value={to}>{fill(text.preview.keepName, { name: to })}</option>
                )}
                {!isDefaultCategory(name) && name !== to && (
                  <option value={name}>{fill(text.preview.keepName, { name })}</option>
                )}
                {[...DEFAULT_CATEGORIES.expense, ...DEFAULT_CATEGORIES.income].map((key) => (
                  <option key={key} value={key}>
                    {ledger.categories[key]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      <SkippedList
        heading={text.preview.skipped}
        groups={skipped.filter(({ reason }) => !CHANGED_REASONS.has(reason))}
      />
      <SkippedList
        heading={text.preview.changed}
        groups={skipped.filter(({ reason }) => CHANGED_REASONS.has(reason))}
      />
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={items.length === 0}
          onClick={() => onImport(items)}
        >
          {counted(text.preview.submit, items.length)}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </section>
  );
}

/** What of the file is left out (or imported changed), by reason, each with its count and the first few named. */
function SkippedList({
  heading,
  groups,
}: {
  heading: string;
  groups: Array<{ reason: SkipReason; what: ImportPlan['skipped'] }>;
}) {
  const text = useText(importText);
  const counted = usePlural();
  if (groups.length === 0) return null;
  const total = groups.reduce((sum, { what }) => sum + what.length, 0);
  return (
    <details className="import-preview__skipped">
      <summary>
        {heading} · {counted(text.preview.skippedCount, total)}
      </summary>
      <ul>
        {groups.map(({ reason, what }) => (
          <li key={reason}>
            <strong>{text.preview.reasons[reason]}</strong> {counted(text.preview.skippedCount, what.length)}
            <span className="import-preview__what">
              {what
                .slice(0, 5)
                .map((entry) =>
                  entry.line
                    ? `${entry.what} (${fill(text.preview.line, { line: entry.line })})`
                    : entry.what,
                )
                .join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

const isDefaultCategory = (name: string) =>
  (DEFAULT_CATEGORIES.expense as readonly string[]).includes(name) ||
  (DEFAULT_CATEGORIES.income as readonly string[]).includes(name);

function groupSkipped(
  skipped: ImportPlan['skipped'],
): Array<{ reason: SkipReason; what: ImportPlan['skipped'] }> {
  const groups = new Map<SkipReason, ImportPlan['skipped']>();
  for (const entry of skipped) groups.set(entry.reason, [...(groups.get(entry.reason) ?? []), entry]);
  return [...groups].map(([reason, what]) => ({ reason, what }));
}

/** One item as its kind's list would show it, in one line (the kind's `import.line`, modules/kinds.ts). */
function ItemLine({ item }: { item: ImportItem }) {
  const { lang } = useLanguage();
  const { tag, text } = kindOf(item.kind)!.import!.line(item.value, lang);
  return (
    <>
      <span className="import-preview__tag">{tag}</span> {text}
    </>
  );
}
