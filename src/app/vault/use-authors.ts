// Who added a record of a shared space and who last changed it (authors.ts), for React: read from the vault's
// database again whenever the vault changes (a save here, a change received), so a form's footer follows.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AuthorRow } from './db.js';
import type { Vault } from './vault.js';

/** The record's authors as the vault's database holds them (undefined: none noted — the member's own vault's). */
export function recordAuthors(vault: Vault, id: string): Promise<AuthorRow | undefined> {
  return vault.database.authors.get(id);
}

/** The record's authors in `vault` (null: no vault or no record), re-read at every change of the vault. */
export function useRecordAuthors(vault: Vault | null, id: string | null): AuthorRow | undefined {
  const version = useSyncExternalStore(vault?.subscribe ?? noSubscription, () => vault?.version ?? 0);
  const [row, setRow] = useState<{ key: string; row: AuthorRow | undefined }>();
  const key = vault && id ? `${vault.memberId}\n${id}` : null;
  useEffect(() => {
    if (!vault || !id || !key) return;
    let current = true;
    recordAuthors(vault, id).then(
      (found) => current && setRow({ key, row: found }),
      () => current && setRow({ key, row: undefined }),
    );
    return () => {
      current = false;
    };
  }, [vault, id, key, version]);
  return row && row.key === key ? row.row : undefined;
}

const noSubscription = () => () => undefined;
