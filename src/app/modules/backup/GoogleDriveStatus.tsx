// Google Drive's connection for this tab: connect (the OAuth window), disconnect, and what went wrong.
import { useState } from 'react';
import type { AppConfig } from '../../../shared/schemas/drives.js';
import { connectGoogleDrive, disconnectGoogleDrive, googleDriveToken } from '../../backup/google-drive.js';
import { useText } from '../../../client/text.js';
import { backupText } from './copy.js';

export function GoogleDriveStatus({
  config,
  onConnected,
}: {
  config: NonNullable<AppConfig['googleDrive']>;
  onConnected?: () => void;
}) {
  const text = useText(backupText);
  const [connected, setConnected] = useState(() => googleDriveToken() !== null);
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState('');

  async function connect() {
    setProblem('');
    setWaiting(true);
    const result = await connectGoogleDrive(config);
    setWaiting(false);
    if (!result.ok) return setProblem(text.gdrive.problems[result.problem]);
    setConnected(true);
    onConnected?.();
  }

  return (
    <div className="backup__drive">
      <p className="form__note" role="status">
        {waiting ? text.gdrive.connecting : connected ? text.gdrive.connected : text.gdrive.notConnected}
      </p>
      <p className="field__hint">{text.gdrive.note}</p>
      <div className="toolbar">
        {connected ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              disconnectGoogleDrive();
              setConnected(false);
            }}
          >
            {text.gdrive.disconnect}
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-disabled={waiting || undefined}
            onClick={() => !waiting && void connect()}
          >
            {text.gdrive.connect}
          </button>
        )}
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
