// The server's tables as Kysely sees them. Times are ISO-8601 UTC strings (fixed width, so they compare as
// text on both dialects); flags are 0/1 integers for the same reason.
import type { Generated } from 'kysely';
import type { InquiryType } from '../../shared/constants.js';
import type { LogKind, MemberState, SpaceRole } from '../../shared/spaces/log.js';

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  email_verified: number;
  lang: string;
  created_at: string;
  updated_at: string;
  /** 1 unless the member opted out of update e-mails. */
  update_mails: number;
  /** Identifies the member in the one-click opt-out link of update e-mails (opting out is all it can do). */
  unsubscribe_token: string | null;
  /** 1 for an admin made with `npm run admin` (those in ADMIN_EMAILS are admins without it). */
  is_admin: number;
  /** When an admin disabled the account: it cannot sign in, and its sessions count for nothing (data kept). */
  disabled_at: string | null;
}

/** An address an admin invited to sign up, even while sign-ups are closed to others (one per address). */
export interface InvitationTable {
  id: string;
  email: string;
  lang: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  /** When the invited address verified its account (the invitation is spent). */
  used_at: string | null;
}

export interface EmailTokenTable {
  id: string;
  user_id: string;
  kind: 'verify' | 'reset';
  token_hash: string;
  /**
   * For a password change asked with the master key: the new password's hash, applied only when the person at the
   * link types that password again (null for a forgotten password: the person at the link sets one).
   */
  new_password_hash: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token_hash: string;
  /** The browser: SHA-256 of its HttpOnly device cookie (mg_device), which no script can read or copy. */
  device_id: string | null;
  device_name: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** The new-device check: approved, or pending until another device confirms. */
  approval: string;
  /** The member's auto logout on that browser (0: none); the server ends the session after that long idle. */
  idle_minutes: number;
  /** When the session ends unless used again: its idle end, never past its absolute end. */
  expires_at: string;
  /** When the member last proved their password or a passkey again in this session (sensitive changes). */
  reauth_at: string | null;
  /**
   * 1 once the browser said it can check the master key (the app holds the vault there, or the site the master
   * key's verifier): only such a session is asked to confirm a sign-in on a new device.
   */
  can_confirm: number;
}

/** The one-time code mailed to confirm a sign-in that no device can confirm (hashed), per waiting session. */
export interface SignInCodeTable {
  session_id: string;
  code_hash: string;
  /** Wrong codes tried against it: the sign-in ends at SIGN_IN_CODE_TRIES. */
  tries: number;
  /** How many times a code was mailed for this sign-in (at most SIGN_IN_CODE_SENDS). */
  sends: number;
  sent_at: string;
}

/** Bytes an upload in progress holds against its member's quota, from before its first byte is stored. */
export interface UploadReservationTable {
  id: string;
  user_id: string;
  bytes: number;
  created_at: string;
}

export interface RateEventTable {
  id: string;
  key: string;
  at: string;
}

export interface NoticeTable {
  id: string;
  lang: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/** The update banner on the home page (one row, `id` 'home', while an admin has written one). */
export interface UpdateBannerTable {
  id: string;
  version: string;
  title_ko: string;
  title_en: string;
  body_ko: string;
  body_en: string;
  /** Random, new with every write: what a form read, sent back to write or remove only that one. */
  revision: string;
  /** The admin who wrote it, while their account exists. */
  updated_by: string | null;
  updated_at: string;
}

/** A program file published by an admin (the description's managed file). */
export interface FileTable {
  id: string;
  name: string;
  description: string;
  version: string;
  category: string;
  /** The uploaded file's own name, offered when it is downloaded. */
  file_name: string;
  size: number;
  storage_key: string;
  is_latest: number;
  download_count: number;
  created_at: string;
}

/** A member's own stored file (the description's users/{uid}/documents). */
export interface UserDocumentTable {
  id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: string;
  updated_at: string;
}

/** A mail to send in the background, once: one row per kind, member and subject (for example a file). */
export interface MailJobTable {
  id: string;
  kind: 'update';
  user_id: string;
  subject_id: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  not_before: string;
  claimed_at: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface InquiryTable {
  id: string;
  user_id: string;
  type: InquiryType;
  subject: string;
  message: string;
  created_at: string;
}

export interface PasskeyTable {
  id: string;
  user_id: string;
  /** base64url, as WebAuthn names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** bigint: PostgreSQL answers a string. */
  counter: number | string;
  /** Comma-separated transports the authenticator reported. */
  transports: string;
  device_name: string;
  created_at: string;
  last_used_at: string | null;
  /** Since when it also unlocks the app's vault on the device that holds it; null: sign-in only. */
  vault_unlock_at: string | null;
}

/** A WebAuthn challenge we issued: single use, short-lived, for one purpose (and one member when registering). */
export interface WebauthnChallengeTable {
  challenge: string;
  purpose: string;
  user_id: string | null;
  expires_at: string;
}

export interface ServerKeyTable {
  name: string;
  value: string;
  created_at: string;
}

export interface PushSubscriptionTable {
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_id: string | null;
  device_name: string;
  user_agent: string;
  language: string;
  platform: string;
  created_at: string;
  updated_at: string;
}

/** A member's synced vault (docs/sync.md): the header as a device sent it, and the last change number given. */
export interface SyncVaultTable {
  user_id: string;
  vault_id: string;
  /** The vault header as JSON (the data key wrapped by the master password). */
  header: string;
  header_mac: string;
  /** The header's version: up by one or more with each new header; 0 for one published before versions. */
  header_version: number;
  /** The signing key's signature of the header and its version (base64); null for a header of before. */
  header_proof: string | null;
  /** The vault's signing key (docs/sync.md, "Proofs"): SPKI DER, base64; null for a vault published without one. */
  signing_public_key: string | null;
  /** Its private half sealed with the vault (opaque). */
  signing_sealed_key: string | null;
  latest: number;
  created_at: string;
  updated_at: string;
}

export interface SyncDeviceTable {
  user_id: string;
  id: string;
  name: string;
  /** The browser's device key (sessions.device_id) when it registered. */
  session_device: string | null;
  /**
   * The session that registered it: only that session may send its changes, its snapshots, or register it again;
   * when the session ends, the device leaves sync (retired).
   */
  session_id: string | null;
  /** The end of the device's chain as stored: its last change's number and MAC. */
  last_seq: number;
  last_mac: string | null;
  created_at: string;
  last_seen_at: string;
}

export interface SyncChangeTable {
  user_id: string;
  seq: number;
  device: string;
  device_seq: number;
  mac: string;
  /** Bytes it takes against the member's quota. */
  size: number;
  /** The change as the device sent it (JSON; the record in it sealed). */
  body: string;
  created_at: string;
}

/** A record's newest version, by its pseudonymous id. */
export interface SyncHeadTable {
  user_id: string;
  rid: string;
  version: string;
}

export interface SyncSnapshotTable {
  id: string;
  user_id: string;
  covers: number;
  size: number;
  storage_key: string;
  created_at: string;
}

export interface SyncChunkTable {
  user_id: string;
  key: string;
  size: number;
  storage_key: string;
  created_at: string;
}

/**
 * A device removed from sync (by the member, by its session ending, or with the erased vault): its id never
 * registers again with that vault, so its chain cannot start over under numbers its old changes hold.
 */
export interface SyncRetiredDeviceTable {
  user_id: string;
  id: string;
  /** The vault it held: a vault published under another id starts with no markers (its proofs name its id). */
  vault_id: string;
  retired_at: string;
}

/**
 * Bytes a member's sync keeps, as the quota counts them (docs/sync.md, "Quota"): kept in the transaction of every
 * insert and delete of what it counts, so the quota check never sums the tables.
 */
export interface SyncUsageTable {
  user_id: string;
  bytes: number;
}

/** What an admin did to members, invitations or the banner, for the admins to read (members/log.ts). */
export interface AdminLogTable {
  /** In the order written. */
  id: Generated<number>;
  at: string;
  /** The admin's address (or `npm run admin` for the command line). */
  actor: string;
  action: string;
  /** The member's or invited address the action was on ('' for none). */
  target: string;
  /** A figure the action reports (sessions ended), or null. */
  detail: number | null;
}

/** A push endpoint of a member's device that reminders go to (its keys stay in the member's vault). */
export interface ReminderEndpointTable {
  id: string;
  user_id: string;
  endpoint: string;
  /** The browser and system it was registered from, as the member's device list names it. */
  device_name: string;
  created_at: string;
}

/** A reminder: when to send, and whether a server process is sending it; its messages are ReminderMessageTable. */
export interface ReminderTable {
  user_id: string;
  /** Chosen by the member's app, opaque to the server. */
  id: string;
  send_at: string;
  claimed_at: string | null;
  attempts: Generated<number>;
  created_at: string;
}

/** A reminder's message for one endpoint: an RFC 8291 aes128gcm body sealed by the app, base64url. */
export interface ReminderMessageTable {
  user_id: string;
  reminder_id: string;
  endpoint_id: string;
  body: string;
  /** The body's length in bytes (decoded), for the member's cap. */
  bytes: number;
}

/**
 * A member's identity for spaces (docs/spaces-plan.md §2): public keys, the private ones sealed by the member's vault,
 * and the proofs by the identity's key and by the vault's sync signing key. Keys, seals and signatures base64url.
 */
export interface MemberKeyTable {
  user_id: string;
  /** Goes only up: a new identity has a higher version. */
  version: number;
  alg: string;
  sign_key: string;
  box_key: string;
  sealed_keys: string;
  proof: string;
  vault_proof: string;
  created_at: string;
  updated_at: string;
}

/** A shared space: its owner (whose quota pays for it), its key epoch and series, its change counter and log's end. */
export interface SpaceTable {
  id: string;
  owner_id: string;
  epoch: number;
  /** The current epoch's series id, as a synced vault's id. */
  series_id: string;
  /** The last change number handed out in the current epoch's series. */
  latest: number;
  log_seq: number;
  /** The last log entry's hash (64 hex digits). */
  log_head: string;
  /** 1 when a member left or was removed: the next rotation may be made by an editor too. */
  rotation_due: number;
  /** The member offered the ownership, if any. */
  handover_to: string | null;
  created_at: string;
  updated_at: string;
}

export interface SpaceMemberTable {
  space_id: string;
  user_id: string;
  role: SpaceRole;
  /** `joining`: accepted an invitation, waiting for an owner's or editor's device to add them. */
  state: MemberState;
  /** The identity the log holds for the member. */
  key_version: number;
  sign_key: string;
  box_key: string;
  created_at: string;
}

/** An invitation to an address (normalised), one per space and address; the app chose its id (the log names it). */
export interface SpaceInvitationTable {
  id: string;
  space_id: string;
  email: string;
  role: Exclude<SpaceRole, 'owner'>;
  invited_by: string;
  expires_at: string;
  accepted_by: string | null;
  accepted_at: string | null;
  created_at: string;
}

/** A membership log entry as its author signed it; `hash` is its hash, the next entry's `prev`. */
export interface SpaceLogTable {
  space_id: string;
  seq: number;
  /** The member who signed it (kept when their account goes: the others hold the log signed). */
  author: string;
  kind: LogKind;
  /** The entry's body, JSON. */
  body: string;
  sig: string;
  hash: string;
  created_at: string;
}

/** An epoch's key wrapped to a member's box key, signed by the member who wrapped it. */
export interface SpaceKeyTable {
  space_id: string;
  epoch: number;
  user_id: string;
  wrap: string;
  created_at: string;
}

/** A device syncing an epoch's series, as SyncDeviceTable. */
export interface SpaceDeviceTable {
  space_id: string;
  epoch: number;
  id: string;
  user_id: string;
  session_id: string | null;
  session_device: string | null;
  last_seq: number;
  last_mac: string | null;
  created_at: string;
  last_seen_at: string;
}

/** A change in an epoch's series, as SyncChangeTable, with the member who made it. */
export interface SpaceChangeTable {
  space_id: string;
  epoch: number;
  seq: number;
  device: string;
  device_seq: number;
  author: string;
  mac: string;
  /** Bytes it takes against the space owner's quota. */
  size: number;
  body: string;
  created_at: string;
}

/** A record's newest version in an epoch's series, by its pseudonymous id. */
export interface SpaceHeadTable {
  space_id: string;
  epoch: number;
  rid: string;
  version: string;
}

export interface SpaceSnapshotTable {
  id: string;
  space_id: string;
  epoch: number;
  covers: number;
  size: number;
  storage_key: string;
  /** The member whose device made it. */
  author: string;
  /** 1: the next epoch's snapshot, uploaded before the rotation that publishes it. */
  staged: number;
  created_at: string;
}

/** A device removed from an epoch's series: its id never registers there again. */
export interface SpaceRetiredDeviceTable {
  space_id: string;
  epoch: number;
  id: string;
  retired_at: string;
}

/** Bytes a space keeps, counted against its owner's quota, kept as SyncUsageTable is. */
export interface SpaceUsageTable {
  space_id: string;
  bytes: number;
}

export interface Database {
  users: UserTable;
  invitations: InvitationTable;
  email_tokens: EmailTokenTable;
  sessions: SessionTable;
  sign_in_codes: SignInCodeTable;
  rate_events: RateEventTable;
  notices: NoticeTable;
  update_banner: UpdateBannerTable;
  files: FileTable;
  user_documents: UserDocumentTable;
  mail_jobs: MailJobTable;
  inquiries: InquiryTable;
  passkeys: PasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  server_keys: ServerKeyTable;
  push_subscriptions: PushSubscriptionTable;
  upload_reservations: UploadReservationTable;
  sync_vaults: SyncVaultTable;
  sync_devices: SyncDeviceTable;
  sync_changes: SyncChangeTable;
  sync_heads: SyncHeadTable;
  sync_snapshots: SyncSnapshotTable;
  sync_chunks: SyncChunkTable;
  sync_usage: SyncUsageTable;
  sync_retired_devices: SyncRetiredDeviceTable;
  admin_log: AdminLogTable;
  reminder_endpoints: ReminderEndpointTable;
  reminders: ReminderTable;
  reminder_messages: ReminderMessageTable;
  member_keys: MemberKeyTable;
  spaces: SpaceTable;
  space_members: SpaceMemberTable;
  space_invitations: SpaceInvitationTable;
  space_log: SpaceLogTable;
  space_keys: SpaceKeyTable;
  space_devices: SpaceDeviceTable;
  space_changes: SpaceChangeTable;
  space_heads: SpaceHeadTable;
  space_snapshots: SpaceSnapshotTable;
  space_retired_devices: SpaceRetiredDeviceTable;
  space_usage: SpaceUsageTable;
}
