// Building blocks shared by the public pages, so they look alike: a page header, titled sections, a warning.
import type { ReactNode } from 'react';

export function PageHero({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead: string }) {
  return (
    <header className="page-hero">
      {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      <p className="page-hero__lead">{lead}</p>
    </header>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {lead && <p className="section__lead">{lead}</p>}
      {children}
    </section>
  );
}

export function Callout({
  tone = 'warning',
  title,
  children,
}: {
  tone?: 'warning' | 'info';
  title: string;
  children: ReactNode;
}) {
  return (
    <aside className={`callout callout--${tone}`}>
      <p className="callout__title">{title}</p>
      {children}
    </aside>
  );
}
