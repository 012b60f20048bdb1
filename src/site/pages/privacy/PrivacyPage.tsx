// Privacy policy (/privacy): the legal text of copy.ts in the shared legal layout, with the last-updated date
// in the reader's language.
import { useText } from '../../../client/text.js';
import { copy } from './copy.js';
import { LegalDocument } from './LegalDocument.js';

export default function PrivacyPage() {
  const c = useText(copy);
  return <LegalDocument text={c} idPrefix="privacy" relatedTo="/terms" />;
}
