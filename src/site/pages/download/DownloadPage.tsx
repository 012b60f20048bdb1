// Notice / download page (/download): the hero, the page's island (DownloadParts.tsx: the notices, the program and
// file list for members, the member's documents), the download FAQ and the patent, copyright and trademark cards.
import { useText } from '../../../client/text.js';
import { copy } from './copy.js';
import { Island } from '../../islands/Island.js';
import { PageHero } from '../../ui/PageParts.js';
import { DownloadParts } from './DownloadParts.js';
import { Faq } from './Faq.js';
import { Legal } from './Legal.js';
import './download.css';

export default function DownloadPage() {
  const c = useText(copy);
  const parts = { common: c.common, notices: c.notices, downloads: c.downloads, documents: c.documents };
  return (
    <div className="download">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />
      <Island name="download-parts" component={DownloadParts} props={{ c: parts }} />
      <Faq c={c} />
      <Legal c={c} />
    </div>
  );
}
