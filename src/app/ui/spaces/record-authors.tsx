// Who added a record of a shared space and who last changed it, at a form's foot (docs/spaces-plan.md §3, "Who,
// when, conflicts"): "엄마가 추가 · 지민이 12월 3일 14:02에 수정". Members are named as the app knows them — the
// space's display names or e-mails, given by whoever holds the spaces' views (AuthorNamesProvider) — this member as
// "나"/"you", anyone else unknown as "another member". The member's own records have no authors: nothing shows.
import { createContext, useContext, type ReactNode } from 'react';
import { defineText, fill, useLanguage, useText } from '../../../client/text.js';
import { spaceStoreMember } from '../../vault/authors.js';
import { useRecordAuthors } from '../../vault/use-authors.js';
import type { Vault } from '../../vault/vault.js';

export const recordAuthorsText = defineText(
  {
    /** Whoever is named is followed by the subject particle (이/가) by `subject`. */
    added: '{{who}} {{when}}에 추가',
    addedChanged: '{{added}} 추가 · {{changed}} {{when}}에 수정',
    you: '나',
    youSubject: '내가',
    someone: '다른 구성원',
  },
  {
    added: 'Added by {{who}} on {{when}}',
    addedChanged: 'Added by {{added}} · changed by {{changed}} on {{when}}',
    you: 'you',
    youSubject: 'you',
    someone: 'another member',
  },
);

/** Names a member of a space by their uid (their display name in the space, or e-mail); undefined: not known. */
export type AuthorNames = (spaceStore: Vault, uid: string) => string | undefined;

const AuthorNamesContext = createContext<AuthorNames>(() => undefined);

/** Gives the forms and lists below the members' names (the spaces' views hold them). */
export function AuthorNamesProvider({ names, children }: { names: AuthorNames; children: ReactNode }) {
  return <AuthorNamesContext.Provider value={names}>{children}</AuthorNamesContext.Provider>;
}

/** A Korean name followed by its subject particle: 이 after a final consonant, 가 after a vowel, 님이 otherwise. */
export function withSubject(name: string): string {
  const code = name.charCodeAt(name.length - 1);
  if (code >= 0xac00 && code <= 0xd7a3) return `${name}${(code - 0xac00) % 28 === 0 ? '가' : '이'}`;
  return `${name}님이`;
}

/** How a member of the space `vault` is named: this member "나"/"you", else as AuthorNames gives, else unknown. */
export function useAuthorName(vault: Vault): {
  /** The member on this device, in a space's store (null: the member's own vault). */
  me: string | null;
  name: (uid: string) => string;
  subject: (uid: string) => string;
} {
  const text = useText(recordAuthorsText);
  const { lang } = useLanguage();
  const names = useContext(AuthorNamesContext);
  const me = spaceStoreMember(vault.memberId);
  const name = (uid: string) => (uid === me ? text.you : (names(vault, uid) ?? text.someone));
  const subject = (uid: string) => {
    if (uid === me) return text.youSubject;
    return lang === 'ko' ? withSubject(name(uid)) : name(uid);
  };
  return { me, name, subject };
}

/** "12월 3일 14:02" / "Dec 3, 14:02" in the active language, in this device's time zone. */
export function authorTime(at: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    month: lang === 'ko' ? 'long' : 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

/** The line at a form's foot naming who added the record `id` of `vault` and who last changed it, and when. */
export function RecordAuthors({ vault, id }: { vault: Vault; id: string | null }) {
  const text = useText(recordAuthorsText);
  const { lang } = useLanguage();
  const { subject } = useAuthorName(vault);
  const row = useRecordAuthors(vault, id);
  if (!row) return null;
  const changed = row.changedBy !== row.addedBy || row.changedAt !== row.addedAt;
  const line = changed
    ? fill(text.addedChanged, {
        added: subject(row.addedBy),
        changed: subject(row.changedBy),
        when: authorTime(row.changedAt, lang),
      })
    : fill(text.added, { who: subject(row.addedBy), when: authorTime(row.addedAt, lang) });
  return (
    <p className="form__note record-authors" data-record-authors={id ?? ''}>
      {line}
    </p>
  );
}
