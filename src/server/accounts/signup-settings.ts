// Who may sign up, as the host set it (SIGNUPS_ALLOWED, SIGNUPS_DOMAINS): what the accounts' context is given and
// the sign-up rules read (invitations.ts).

/** The host's settings: open to anyone, or to addresses at the listed domains (whatever `open` says). */
export interface SignupSettings {
  open: boolean;
  domains: readonly string[];
}
