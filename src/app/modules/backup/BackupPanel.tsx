// Settings: make a backup now (to account storage or a file), restore one, and the lost-detail-password path.
import { useId, useState } from 'react';
import { useToast } from '../../../site/ui/Toast.js';
import type { BackupKind } from '../../backup/format.js';
import { accountTarget, downloadBackup } from '../../backup/targets.js';
import { fill, useLanguage, useText } from '../../i18n.js';
import { useVault } from '../../vault/react.js';
import { backupText } from './copy.js';
import { ErasePanel } from './ErasePanel.js';
import { readLastBackup, saveLastBackup } from './last-backup.js';
import { RestorePanel } from './RestorePanel.js';

export function BackupPanel() {
  const text = useText(backupText);
  const { locale } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const ids = { heading: useId(), format: useId(), target: useId() };
  const [kind, setKind] = useState<BackupKind>('zip');
  const [target, setTarget] = useState<'account' | 'file'>('account');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [last, setLast] = useState(() => readLastBackup(vault.memberId));

  async function backUp() {
    setProblem('');
    setProgress(0);
    try {
      const bytes = await vault.createBackup(kind);
      setProgress(0.5);
      let name: string;
      if (target === 'file') {
        name = downloadBackup(bytes, kind);
      } else {
        const saved = await accountTarget.save(bytes, kind, (fraction) => setProgress(0.5 + fraction / 2));
        if (!saved.ok) {
          setProblem(text.problems[saved.problem]);
          return;
        }
        name = saved.value.name;
      }
      const done = { at: new Date().toISOString(), target, kind };
      saveLastBackup(vault.memberId, done);
      setLast(done);
      toast(fill(text.done, { name }));
    } catch {
      setProblem(text.problems.failed);
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="panel backup" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{text.title}</h2>
      <p className="form__note">{text.lead}</p>
      <div className="form__grid">
        <div className="field">
          <label htmlFor={ids.format}>{text.format}</label>
          <select
            id={ids.format}
            value={kind}
            onChange={(event) => setKind(event.target.value as BackupKind)}
          >
            <option value="zip">{text.formats.zip}</option>
            <option value="json">{text.formats.json}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.target}>{text.target}</label>
          <select
            id={ids.target}
            value={target}
            onChange={(event) => setTarget(event.target.value as 'account' | 'file')}
          >
            <option value="account">{text.targets.account}</option>
            <option value="file">{text.targets.file}</option>
          </select>
        </div>
      </div>
      <div className="toolbar backup__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={progress !== null || undefined}
          onClick={() => progress === null && void backUp()}
        >
          {progress === null ? text.backUp : fill(text.working, { percent: Math.round(progress * 100) })}
        </button>
        {progress !== null && (
          <progress className="backup__progress" max={1} value={progress} aria-label={text.backUp} />
        )}
      </div>
      <p className="form__note" role="status">
        {last
          ? fill(text.last, {
              date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(last.at),
              ),
              target: text.targets[last.target],
            })
          : text.never}
      </p>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <RestorePanel vault={vault} />
      <ErasePanel />
    </section>
  );
}
