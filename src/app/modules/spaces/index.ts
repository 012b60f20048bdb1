// The shared spaces' screens and the pieces the lists and forms use (docs/spaces-plan.md §5, step 14).
export { spacesText, type SpacesCopy } from './copy.js';
export { spaceFailureMessage } from './failure.js';
export { SpacesPage, CreateSpace, type SpacesPageActions } from './SpacesPage.js';
export { SpaceSettings, type SpaceSettingsActions } from './SpaceSettings.js';
export { SpaceMembers, TrustBadge } from './SpaceMembers.js';
export { DeleteSpace, type SpaceRecordCounts } from './DeleteSpace.js';
export { SafetyCodeView } from './SafetyCodeView.js';
export { RemovedNotice } from './RemovedNotice.js';
