// The layout both legal pages share (privacy policy and terms of service): a page header, the last-updated
// date in the reader's language, a table of contents, numbered articles, the effective date and a link to
// the other legal page. The text itself lives in each page's copy.ts.
import { LEGAL_LAST_UPDATED } from '../../../shared/constants.js';
import { PageHero } from '../../ui/PageParts.js';
import { useLanguage } from '../../../client/text.js';

/** A titled part of an article: paragraphs, then a list, then closing paragraphs. */
export interface LegalBlock {
  readonly paragraphs?: readonly string[];
  readonly items?: readonly string[];
  readonly after?: readonly string[];
}

export interface LegalSubsection extends LegalBlock {
  readonly title: string;
}

export interface LegalArticle extends LegalBlock {
  readonly title: string;
  readonly subsections?: readonly LegalSubsection[];
}

export interface LegalText {
  readonly hero: { readonly eyebrow: string; readonly title: string; readonly lead: string };
  readonly updatedLabel: string;
  readonly intro: readonly string[];
  readonly contentsTitle: string;
  readonly articles: readonly LegalArticle[];
  /** The closing sentence around the effective date: before + date + after. */
  readonly effective: { readonly before: string; readonly after: string };
  readonly related: { readonly text: string; readonly linkLabel: string };
}

/** The legal date, formatted for the language (read at UTC so it never shifts by a day). */
export function useLegalDate(): string {
  const { locale } = useLanguage();
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(LEGAL_LAST_UPDATED + 'T00:00:00Z'));
}

function Block({ block }: { block: LegalBlock }) {
  return (
    <>
      {block.paragraphs?.map((text, i) => (
        <p key={`p${i}`}>{text}</p>
      ))}
      {block.items && block.items.length > 0 && (
        <ul>
          {block.items.map((text, i) => (
            <li key={`i${i}`}>{text}</li>
          ))}
        </ul>
      )}
      {block.after?.map((text, i) => (
        <p key={`a${i}`}>{text}</p>
      ))}
    </>
  );
}

export function LegalDocument({
  text,
  idPrefix,
  relatedTo,
}: {
  text: LegalText;
  /** Prefix of the articles' ids (anchors of the table of contents), unique per page. */
  idPrefix: string;
  /** Route of the other legal page, linked at the end. */
  relatedTo: string;
}) {
  const date = useLegalDate();
  const last = text.articles.length - 1;
  return (
    <>
      <PageHero eyebrow={text.hero.eyebrow} title={text.hero.title} lead={text.hero.lead} />
      <article className="legal">
        <p className="legal__updated">
          {text.updatedLabel} <time dateTime={LEGAL_LAST_UPDATED}>{date}</time>
        </p>
        {text.intro.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}

        <nav aria-labelledby={`${idPrefix}-contents`}>
          <h2 id={`${idPrefix}-contents`}>{text.contentsTitle}</h2>
          <ul>
            {text.articles.map((article, i) => (
              <li key={i}>
                <a href={`#${idPrefix}-${i + 1}`}>{article.title}</a>
              </li>
            ))}
          </ul>
        </nav>

        {text.articles.map((article, i) => (
          <section key={i} aria-labelledby={`${idPrefix}-${i + 1}`}>
            <h2 id={`${idPrefix}-${i + 1}`}>{article.title}</h2>
            <Block block={article} />
            {article.subsections?.map((sub, j) => (
              <section key={j} aria-labelledby={`${idPrefix}-${i + 1}-${j + 1}`}>
                <h3 id={`${idPrefix}-${i + 1}-${j + 1}`}>{sub.title}</h3>
                <Block block={sub} />
              </section>
            ))}
            {i === last && (
              <p>
                {text.effective.before}
                <time dateTime={LEGAL_LAST_UPDATED}>{date}</time>
                {text.effective.after}
              </p>
            )}
          </section>
        ))}

        <p>
          {text.related.text} <a href={relatedTo}>{text.related.linkLabel}</a>
        </p>
      </article>
    </>
  );
}
