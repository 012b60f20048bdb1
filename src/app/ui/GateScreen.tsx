// The screen in front of the app while it cannot open yet (signing in, creating, unlocking or bringing in the
// vault): the logo on a card in the middle, with a title when the screen asks something of the member.
import { useId, type ReactNode } from 'react';

export function GateScreen({
  title,
  busy,
  children,
}: {
  /** The screen's heading, which also names the card. */
  title?: string;
  /** Working on something the card shows the progress of. */
  busy?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <main className="app-gate">
      <section className="app-gate__card" aria-labelledby={title ? titleId : undefined} aria-busy={busy}>
        <img src="/mg_logo.svg" alt="" width="56" height="56" />
        {title && <h1 id={titleId}>{title}</h1>}
        {children}
      </section>
    </main>
  );
}
