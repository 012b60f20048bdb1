// Terms of service (/terms): the legal text of copy.ts in the layout shared with the privacy policy, with the
// last-updated date in the reader's language.
import { useCopy } from '../../copy.js';
import { LegalDocument } from '../privacy/LegalDocument.js';
import { copy } from './copy.js';

export default function TermsPage() {
  const c = useCopy(copy);
  return <LegalDocument text={c} idPrefix="terms" relatedTo="/privacy" />;
}
