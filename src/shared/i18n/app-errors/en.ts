// The messages of the codes only the app meets, in English: the Korean's keys exactly (ko.ts).
import { SPACE_MEMBERS_MAX, SPACES_PER_MEMBER_MAX } from '../../constants.js';
import type { AppErrorCode } from '../../errors.js';

export const en: Record<AppErrorCode, string> = {
  'sync/no-vault': 'Nothing is synced yet. Turn on sync on a device that holds your vault.',
  'sync/other-vault':
    'Your account already syncs another vault. Unlock it with its master password on this device, or erase it first.',
  'sync/unknown-device': 'This device was removed from sync. Turn sync on again to rejoin.',
  'sync/out-of-order': 'This device’s changes arrived out of order. Sync will try again.',
  'sync/stale-snapshot': 'A newer snapshot of the vault is already stored.',
  'sync/not-your-device':
    'Only the sign-in that added this device to sync can send its changes. Log in again on that device.',
  'sync/unproven':
    'This device could not prove it holds the vault. Unlock the vault on this device and turn sync on again.',
  'sync/busy': 'This account is sending a lot at once. Sync will go on in a moment.',
  'sync/stale-header':
    'The master password was changed on another device in the meantime. Sync will try again with the newest one.',
  'sync/too-many-devices':
    'Your account already syncs the most devices allowed. Remove one you no longer use from the sync settings, then try again.',
  'sync/device-removed':
    'This device was removed from sync and cannot rejoin as it was. Turn sync on again to join as a new device.',
  'reminder/not-found': 'Reminder not found. It was already sent or withdrawn.',
  'reminder/unknown-endpoint': 'The device to remind was not found. Turn reminders on again on that device.',
  'reminder/invalid-time':
    'The reminder time is not valid. A reminder cannot be set in the past or more than 400 days ahead.',
  'reminder/invalid-message': 'The reminder was not sealed correctly.',
  'reminder/too-many': 'Too many reminders are waiting. The soonest ones are kept.',
  'reminder/too-large': 'The reminders take too much room. Set fewer reminders, or remind fewer devices.',
  'reminder/too-many-endpoints':
    'Too many devices receive reminders. Remove the ones you no longer use from the list.',
  'drive/invalid-address': 'The drive address must be a WebDAV address starting with https://.',
  'drive/address-not-allowed': 'That address points to a private network and cannot be used.',
  'drive/unauthorized': 'The drive did not accept the user name or app password.',
  'drive/not-found': 'The drive has no such folder or backup.',
  'drive/quota-exceeded': 'Your drive is full.',
  'drive/unreachable': 'Could not reach the drive, or it dropped the connection.',
  'drive/bad-response': 'The drive’s answer is not a WebDAV answer. Check the address.',
  'space/not-found':
    'This space could not be found. It may have been deleted, or you may no longer be a member.',
  'space/read-only': 'You can only view this space. To add or change records, ask its owner to let you edit.',
  'space/not-owner': 'Only the owner of this space can do that.',
  'space/unproven':
    'This change to the space could not be verified by its signature, so it was not accepted. Reload the app and try again.',
  'space/full': `A space can have at most ${SPACE_MEMBERS_MAX} people, pending invitations included. Remove a member or withdraw an invitation, then try again.`,
  'space/too-many-spaces': `You can create or join at most ${SPACES_PER_MEMBER_MAX} spaces. Leave one you no longer use, then try again.`,
  'space/invitation-not-found':
    'This invitation could not be found. It may have expired, been withdrawn, or already been accepted.',
  'space/stale-epoch':
    'The space’s key changed in the meantime. The app will catch up and try again by itself.',
  'space/stale-key':
    'Your space keys were changed on another device in the meantime. Reload the app to get the newest ones, then try again.',
  'space/no-identity':
    'Your space keys need to be set up first. Open the app on a device with sync turned on and they are made for you.',
  'space/no-synced-vault':
    'Turn on sync first to share spaces: your space keys are kept in your synced vault.',
  'space/last-owner': 'A space needs its owner. Hand it over to another member first, or delete the space.',
  'space/rotation-busy':
    'Another member is changing this space’s key right now. The app will try again shortly by itself.',
};
