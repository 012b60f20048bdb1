// Business constants of the product description (§9) and of our own design, named once.

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 work is bounded: longer inputs are rejected before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const MASTER_PASSWORD_PUSH_MIN_LENGTH = 4;
export const MASTER_PASSWORD_RECOMMENDED_LENGTH = 16;

export const TOAST_MS = 2500;
export const LOGIN_NOTIFICATION_DELAY_MS = 2000;
/**
 * A device's live news (new sign-ins to confirm, its own sign-out) arrives at once over the live bus; the
 * server also looks this often, in case a message was lost, and keeps the stream open with it.
 */
export const DEVICE_EVENTS_SAFETY_POLL_MS = 15_000;
/** A push registration older than this is sent again (description §9: refreshed after 7 days). */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
export const BIOMETRIC_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const NETWORK_TIMEOUT_DESKTOP_MS = 30_000;
export const NETWORK_TIMEOUT_MOBILE_MS = 60_000;
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * The fortune embed's `v` query value (description §2): raised whenever the page ↔ embed messages change, so
 * a page and an embed from different releases are never paired from a cache.
 */
export const FORTUNE_EMBED_VERSION = '1';
/** The page shows a load problem when the embed has not announced its height by then. */
export const FORTUNE_EMBED_LOAD_TIMEOUT_MS = 20_000;
/** The overlay comes down by itself after this long, whatever the embed said (its AI call stops at 30 s). */
export const FORTUNE_OVERLAY_MAX_MS = 60_000;
/** "Don't show for 24 hours" on the update banner (description §9), until an admin writes a new version. */
export const UPDATE_BANNER_HIDE_MS = 86_400_000;
/**
 * The update banner an admin writes (src/shared/banner.ts): the version they choose (a date or free text, one
 * line), each language's title (one line) and body (line breaks kept), in characters after trimming.
 */
export const UPDATE_BANNER_LIMITS = { version: 40, title: 100, body: 500 } as const;

export const AUTO_LOGOUT_OPTIONS_MIN = [0, 5, 10, 20, 30] as const;
export const AUTO_LOGOUT_DEFAULT_MIN = 10;

/** Login attempts: this many failures per account within the window, then the account waits. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Failures per client address within the same window: softer than the account's, since an office or a mobile
 * carrier puts many members behind one address; it stops one address from guessing across many accounts.
 */
export const LOGIN_ADDRESS_FAILURE_LIMIT = 100;
/** Password-reset requests per client address within the window, counted before any password is hashed. */
export const RESET_REQUEST_ADDRESS_LIMIT = 10;
export const RESET_REQUEST_WINDOW_MS = 60 * 60_000;
/** Passkey sign-in challenges per client address within the window (anonymous, so bounded per address). */
export const PASSKEY_OPTIONS_LIMIT = 30;
export const PASSKEY_OPTIONS_WINDOW_MS = 10 * 60_000;
/** Mails (verification, resend, password change) per e-mail address within the window. */
export const MAIL_LIMIT = 3;
export const MAIL_WINDOW_MS = 60 * 60_000;
/** Sign-ups per address (IP) within the window. */
export const SIGNUP_LIMIT = 20;
export const SIGNUP_WINDOW_MS = 60 * 60_000;

/** An admin's invitation lets its address sign up for this long (inviting it again starts it over). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60_000;

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60_000;
export const RESET_LINK_TTL_MS = 60 * 60_000;
/** An account whose address was never verified is removed after this long (its address is free again). */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60_000;
/** A session ends this long after sign-in, however active: then the member signs in again. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60_000;
/** With auto logout off ("none"), a session still ends after this long unused. */
export const SESSION_IDLE_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * The server ends a session this long after the browser's own auto logout would have: the browser reports
 * activity at most once a minute (SESSION_ACTIVITY_REPORT_MS), so the server's idle end must not come first.
 */
export const SESSION_IDLE_GRACE_MS = 2 * 60_000;
/** While the member is active, the browser tells the server at most this often. */
export const SESSION_ACTIVITY_REPORT_MS = 60_000;
/** A sign-in waiting for the new-device check ends if no device answers within this time. */
export const PENDING_SESSION_TTL_MS = 15 * 60_000;
/** A sign-in that no signed-in device can confirm is confirmed with a code of this many digits, mailed to the member. */
export const SIGN_IN_CODE_DIGITS = 6;
/** Wrong codes a waiting sign-in may try; the sign-in ends at the last. */
export const SIGN_IN_CODE_TRIES = 5;
/** Codes mailed for one waiting sign-in at most, and the wait before another may be sent. */
export const SIGN_IN_CODE_SENDS = 5;
export const SIGN_IN_CODE_RESEND_MS = 60_000;
/** A session's end is moved forward at most this often (and at least ten times per idle period), so reads stay reads. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
/** Proving the password or a passkey again allows sensitive changes in that session for this long. */
export const REAUTH_TTL_MS = 5 * 60_000;
/** Live event streams (/api/events) one session, and one member, may hold open at once. */
export const EVENT_STREAMS_PER_SESSION = 4;
export const EVENT_STREAMS_PER_MEMBER = 16;

export const SESSION_COOKIE = 'mg_session';
/** The browser's device secret (HttpOnly): what makes it a known device for the new-device check. */
export const DEVICE_COOKIE = 'mg_device';
/** 400 days, the longest a browser keeps a cookie. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** The language choice, readable by the server to send prerendered pages in that language (not a secret). */
export const LANGUAGE_COOKIE = 'mg_lang';
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/** Sync (docs/sync.md): a sealed record's payload at most (base64 characters; a diary entry of 100,000 characters fits). */
export const SYNC_MAX_PAYLOAD_CHARS = 1_500_000;
/** Changes one push may carry, and the push's body at most. */
export const SYNC_MAX_CHANGES_PER_PUSH = 500;
export const SYNC_PUSH_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** A page of changes a device fetches stops after this many bytes of payload (and at least one change). */
export const SYNC_PAGE_BYTES = 2 * 1024 * 1024;
export const SYNC_PAGE_CHANGES = 2000;
/**
 * Devices one member may sync at once (a device whose session ended does not count): the device list and every
 * sync event read them all.
 */
export const SYNC_MAX_DEVICES = 20;
/** A document's sealed chunk at most: a 1 MiB chunk, its IV and tag. */
export const SYNC_CHUNK_MAX_BYTES = 1024 * 1024 + 1024;

/** The longest a reminder may come before what it reminds of: four weeks (an event's or an anniversary's). */
export const REMINDER_MINUTES_BEFORE_MAX = 4 * 7 * 24 * 60;

/**
 * Reminders the server cannot read (issue 46): what one member may have the server hold. Each reminder is a send
 * time and one message per device, sealed by the app (RFC 8291); a message is far below Web Push's 4,096 bytes.
 */
export const REMINDERS_MAX = 500;
export const REMINDER_MESSAGE_MAX_BYTES = 2048;
export const REMINDERS_MAX_BYTES = 2 * 1024 * 1024;
/** Devices one member may have reminders sent to (as many as sync devices). */
export const REMINDER_ENDPOINTS_MAX = SYNC_MAX_DEVICES;
/** How far ahead a reminder may be set, and how long past its time it may still be handed in (sent at once). */
export const REMINDER_AHEAD_MAX_MS = 400 * 24 * 60 * 60_000;
export const REMINDER_LATE_MAX_MS = 10 * 60_000;

export const APP_PATH = '/app/index.html';

/** The six home tiles, each opening the app on its page. */
export const APP_PAGES = ['schedule', 'diary', 'personal', 'documents', 'ledger', 'settings'] as const;
export type AppPage = (typeof APP_PAGES)[number];

/** Keys of the browser's localStorage used by the site (preferences only; never a secret). */
export const STORAGE_KEYS = {
  language: 'mygenie.lang',
  bannerVersion: 'mygenie.updateBanner.version',
  bannerHideUntil: 'mygenie.updateBanner.hideUntil',
  masterKeyVerifier: 'mygenie.masterKeyVerifier',
  autoLogoutMinutes: 'mygenie.autoLogout.minutes',
  appMember: 'mygenie.app.member',
  /** The member whose vault this device's passkey unlocks, and the passkey (not secret): src/app/access/passkey-unlock.ts. */
  passkeyUnlock: 'mygenie.app.passkeyUnlock',
  /** This device's passkeys give no PRF output, so they cannot unlock (not secret): passkey-unlock.ts. */
  passkeyNoPrf: 'mygenie.app.passkeyNoPrf',
  /** The app session (description §3): its member, when and how it was opened (sessionStorage). */
  appSession: 'mygenie.app.session',
  fairyVoice: 'mygenie.fairy.voice',
  fairyActive: 'mygenie.fairy.active',
  tourTrigger: 'mygenie.tour.trigger',
  tourLines: 'mygenie.tour.lines',
  tourRecorded: 'mygenie.tour.recorded',
  /** The fortune's AI key, sealed (src/client/fortune/key-store.ts). */
  fortuneAiKey: 'mygenie.fortune.aiKey',
  /** The fortune's AI base URL and model (not secret). */
  fortuneAiSettings: 'mygenie.fortune.ai',
  /** Prefix: the member's birth date and time, sealed, one per member uid on this device. */
  fortuneBirth: 'mygenie.fortune.birth.',
} as const;

/** The fairy guide (description §4, §9). */
export const FAIRY = {
  intro: -1,
  closed: -2,
  autoAdvanceMs: 1400,
  speechDelayMs: 600,
  lineGapMs: 200,
  speechRate: 0.94,
  speechPitch: 1.35,
  touchHoldCloseMs: 800,
} as const;
export const FEATURES_TOUR_TRIGGER = 'features_guide';

/** Where members write to us (support page, privacy policy, terms). */
export const SUPPORT_EMAIL = 'support@mygenie.app';
export const PRIVACY_EMAIL = 'privacy@mygenie.app';
/** The legal texts' date (description §2 "Privacy and terms"). */
export const LEGAL_LAST_UPDATED = '2025-09-13';
export const LEGAL_RESPONSE_DAYS = 30;
export const DETAIL_PASSWORD_DEFAULT = '0000';

/** Categories of published files (description §3) and the extensions an upload may have (§5). */
export const FILE_CATEGORIES = ['program', 'document', 'update', 'community'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
export const UPLOAD_EXTENSIONS = ['.exe', '.zip', '.pdf', '.doc', '.docx', '.txt'] as const;

/** The support page's four kinds of inquiry (description §2 "Support content"). */
export const INQUIRY_TYPES = ['tech', 'bug', 'feature', 'general'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** Shared spaces (issue 47, docs/spaces-plan.md): members of one space, and spaces one member may belong to. */
export const SPACE_MEMBERS_MAX = 10;
export const SPACES_PER_MEMBER_MAX = 20;
/** How long an invitation to a space may be accepted (as an invitation to sign up, INVITATION_TTL_MS). */
export const SPACE_INVITATION_TTL_MS = 14 * 24 * 60 * 60_000;
