// Notice / download page (/download): the hero, the page's islands (Notices.tsx: the notices, woken with the page;
// DownloadParts.tsx: the program and file list for members with the member's documents), the download FAQ and the patent, copyright and trademark
// cards.
import { useText } from '../../../client/text.js';
import { copy } from './copy.js';
import { Island } from '../../islands/Island.js';
import { PageHero } from '../../ui/PageParts.js';
import { FilesPart } from './DownloadParts.js';
import { NoticesPart } from './Notices.js';
import { Faq } from './Faq.js';
import { Legal } from './Legal.js';
import './download.css';

export default function DownloadPage() {
  const c = useText(copy);

  return (
    <div className="download">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />
      <Island
        name="notices"
        component={NoticesPart}
        props={{ c: { common: c.common, notices: c.notices } }}
      />
      <Island
        name="download-files"
        component={FilesPart}
        props={{ c: { common: c.common, downloads: c.downloads, documents: c.documents } }}
        when={['member', 'interaction']}
      />
      <Faq c={c} />
      <Legal c={c} />
    </div>
  );
}
