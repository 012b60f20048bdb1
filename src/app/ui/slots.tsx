// What one screen shows inside another's: a record's linked documents (the documents screen's) and a conflict copy's
// badge (the sync panel's). A module never imports another module, so each shows a slot here, and the shell fills the
// slots with the owning module's component (SlotsProvider in shell/App.tsx).
import { createContext, useContext, type ComponentType } from 'react';

export interface Slots {
  /** The documents linked to one record, each opening its preview. */
  LinkedDocuments: ComponentType<{ recordId: string }>;
  /** Nothing for an ordinary record; for a conflict copy, the badge that leads to the conflict list. */
  ConflictCopyBadge: ComponentType<{ value: unknown }>;
}

const SlotsContext = createContext<Slots | null>(null);

export const SlotsProvider = SlotsContext.Provider;

function useSlots(): Slots {
  const slots = useContext(SlotsContext);
  // A screen drawn outside the shell would silently lose its badges and documents: say so instead.
  if (!slots) throw new Error('A module screen is drawn outside the SlotsProvider of shell/App.tsx');
  return slots;
}

export function LinkedDocuments({ recordId }: { recordId: string }) {
  const { LinkedDocuments: Shown } = useSlots();
  return <Shown recordId={recordId} />;
}

export function ConflictCopyBadge({ value }: { value: unknown }) {
  const { ConflictCopyBadge: Shown } = useSlots();
  return <Shown value={value} />;
}
