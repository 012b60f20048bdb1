// The settings screen as the app opens it: the settings module's page with the sync, reminders and backup modules'
// panels in it. Composing them here keeps each module to its own folder (no module imports another).
import SettingsPage from '../modules/settings/SettingsPage.js';
import { BackupPanel } from '../modules/backup/BackupPanel.js';
import { RemindersPanel } from '../modules/reminders/RemindersPanel.js';
import { SyncPanel } from '../modules/sync/SyncViews.js';

export default function SettingsScreen() {
  return (
    <SettingsPage
      panels={
        <>
          <SyncPanel />
          <RemindersPanel />
          <BackupPanel />
        </>
      }
    />
  );
}
