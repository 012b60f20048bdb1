// The WebDAV drive's address, user name and app password: set up in settings, or typed on the first-run
// restore screen of a new device (where nothing is saved until the vault exists).
import { useId } from 'react';
import type { WebdavCredentials } from '../../../shared/schemas/drives.js';
import { useText } from '../../../client/text.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { backupText } from './copy.js';

export const EMPTY_WEBDAV: WebdavCredentials = { url: '', username: '', password: '' };

export function webdavComplete(value: WebdavCredentials): boolean {
  return value.url.trim() !== '' && value.username.trim() !== '' && value.password !== '';
}

/** `saved`: whether what is typed here is kept (settings) or used once (a restore on a new device). */
export function WebdavFields({
  value,
  onChange,
  saved,
}: {
  value: WebdavCredentials;
  onChange: (next: WebdavCredentials) => void;
  saved: boolean;
}) {
  const text = useText(backupText);
  const ids = { url: useId(), hint: useId(), user: useId(), password: useId() };
  return (
    <fieldset className="backup__drive">
      <legend>{text.webdav.legend}</legend>
      <div className="field">
        <label htmlFor={ids.url}>{text.webdav.url}</label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://"
          aria-describedby={ids.hint}
          value={value.url}
          onChange={(event) => onChange({ ...value, url: event.target.value })}
        />
        <p className="field__hint" id={ids.hint}>
          {text.webdav.urlHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.user}>{text.webdav.user}</label>
        <input
          id={ids.user}
          autoComplete="username"
          spellCheck={false}
          value={value.username}
          onChange={(event) => onChange({ ...value, username: event.target.value })}
        />
      </div>
      <PasswordField
        id={ids.password}
        label={text.webdav.password}
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        autoComplete="off"
        hint={<p className="field__hint">{saved ? text.webdav.passwordHint : text.webdav.restoreHint}</p>}
      />
    </fieldset>
  );
}
