// Terms of service (/terms): the legal text of copy.ts in the layout shared with the privacy policy, with the
// last-updated date in the reader's language.
import { useText } from '../../../client/text.js';
import { LegalDocument } from '../privacy/LegalDocument.js';
import { copy } from './copy.js';

export default function TermsPage() {
  const c = useText(copy);
  return <LegalDocument text={c} idPrefix="terms" relatedTo="/privacy" />;
}
