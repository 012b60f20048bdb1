// What the server may print of a setting or an error: never a password, key or token. A URL setting is parsed and
// shown without its password; one that does not parse, or whose parts a parser cannot tell apart, is not shown at
// all. In free text (a driver's message) every place a URL's user information could be loses everything from the
// first `:` after its start to the last `@` of the line: a password may hold `/`, `@`, `#`, `?` or a space, so
// nothing shorter is safe. A variable whose whole value is secret shows only its length.

/** Variables whose whole value is a secret. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE|_KEY(_ID)?$/;
/** Variables whose value is an address (DATABASE_URL, REDIS_URL, SMTP_URL, PUBLIC_URL, S3_ENDPOINT …). */
const ADDRESS_NAME = /_URL$|_ENDPOINT$/;
/** Query parameters that carry a secret (a PostgreSQL connection string's `?password=`, a signed URL's token). */
const SECRET_PARAMETER = /pass|pwd|secret|token|key|auth|credential|sig/i;
/**
 * Where a URL's user information could begin in a text: after `//` (`postgres://`, or a malformed `postgres//`), or
 * after a scheme-like word and its `:` (`postgres:/user:pw@host`, `postgres:user:pw@host`, `user:pw@host`).
 */
const USERINFO_START = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:(?:\/\/)?(?=\S)|\/\//gi;
/** A URL in a text, up to a blank, a quote or a bracket. */
const URL_IN_TEXT = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>()[\]{}]+/gi;

const HIDDEN = '***';

/**
 * The span of a line that may be a URL's password: from the first `:` after the first place user information could
 * begin to the last `@` of the line (from the `:` of the scheme-like word itself when no other comes before that
 * `@`). Null when the line has no such span.
 */
function passwordSpan(line: string): [from: number, to: number] | null {
  const at = line.lastIndexOf('@');
  USERINFO_START.lastIndex = 0;
  for (let start = USERINFO_START.exec(line); start; start = USERINFO_START.exec(line)) {
    const after = start.index + start[0].length;
    if (at < after) return null;
    const colon = line.indexOf(':', after);
    if (colon !== -1 && colon < at) return [colon + 1, at];
    if (start[0].endsWith(':')) return [after, at];
  }
  return null;
}

/** A URL parsed, its password and secret query values replaced (`hid`: if it had any); null if it does not parse. */
function redactedUrl(text: string): { url: URL; hid: boolean } | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  let hid = false;
  if (url.password && url.password !== HIDDEN) {
    url.password = HIDDEN;
    hid = true;
  }
  for (const name of new Set(url.searchParams.keys())) {
    if (SECRET_PARAMETER.test(name) && url.searchParams.getAll(name).some((value) => value !== HIDDEN)) {
      url.searchParams.set(name, HIDDEN);
      hid = true;
    }
  }
  return { url, hid };
}

/** A parsed URL written back, without the `/` the parser adds to an empty path when it was not written. */
function written(url: URL, as: string): string {
  const href = url.href;
  return url.pathname === '/' && !url.search && !url.hash && href.endsWith('/') && !/\/\s*$/.test(as)
    ? href.slice(0, -1)
    : href;
}

/**
 * What of an address may be secret, as it could appear in a message about it: its password as written and decoded,
 * what the free-text rule would take out of it, and its secret query values.
 */
function secretsOf(address: string): string[] {
  const found = new Set<string>();
  for (const line of address.split(/\r?\n/)) {
    const span = passwordSpan(line);
    if (span) found.add(line.slice(...span));
  }
  try {
    const url = new URL(address);
    for (const value of [
      url.password,
      ...[...url.searchParams].filter(([name]) => SECRET_PARAMETER.test(name)).map(([, value]) => value),
    ]) {
      found.add(value);
      try {
        found.add(decodeURIComponent(value));
      } catch {
        // Written with a malformed escape: as written only.
      }
    }
  } catch {
    // Not a URL: the free-text rule's spans only.
  }
  found.delete('');
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * A text with every URL's password replaced by `***`: first every secret of `addresses` (the settings the text may
 * be about, such as the DATABASE_URL a driver failed to use) wherever it appears; then, on each line, everything
 * from the first `:` after where a URL's user information could begin to the line's last `@`; then the secret
 * query values of every URL that parses.
 */
export function withoutPasswords(text: string, addresses: ReadonlyArray<string | undefined> = []): string {
  let shown = text;
  for (const secret of addresses.flatMap((address) => (address ? secretsOf(address) : []))) {
    shown = shown.split(secret).join(HIDDEN);
  }
  shown = shown
    .split(/(\r?\n)/)
    .map((line) => {
      const span = passwordSpan(line);
      return span ? `${line.slice(0, span[0])}${HIDDEN}${line.slice(span[1])}` : line;
    })
    .join('');
  return shown.replace(URL_IN_TEXT, (found) => {
    const redacted = redactedUrl(found);
    return redacted?.hid ? written(redacted.url, found) : found;
  });
}

/**
 * An address as it may be shown: parsed and written back with `***` for its password and secret query values. Null
 * when it does not parse, or when an `@` follows its host (in its path, query or fragment: `postgres://me:123/ret1@db`
 * parses with `123` as a port, where another reader finds a password).
 */
function readableAddress(value: string): string | null {
  const url = redactedUrl(value)?.url;
  if (!url || /@|%40/i.test(`${url.pathname}${url.search}${url.hash}`)) return null;
  return written(url, value);
}

const unreadable = (value: string) => `(an address that could not be read, ${[...value].length} characters)`;

/** An address (a URL setting) as the log may say it: without its password, or not at all (`readableAddress`). */
export function shownAddress(value: string): string {
  return readableAddress(value) ?? unreadable(value);
}

/** The address settings of an environment (DATABASE_URL, REDIS_URL …): what a failure's message may repeat. */
export function addressesIn(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env).flatMap(([name, value]) => (ADDRESS_NAME.test(name) && value ? [value] : []));
}

/** A setting as an error message may show it. */
export function shownSetting(name: string, value: string | undefined): string {
  if (value === undefined) return '(not set)';
  if (SECRET_NAME.test(name)) return `(hidden, ${value.length} characters)`;
  if (ADDRESS_NAME.test(name)) {
    const readable = readableAddress(value);
    return readable === null ? unreadable(value) : JSON.stringify(readable);
  }
  return JSON.stringify(withoutPasswords(value));
}

/** A service the server needs at start could not be reached: the message says which, where and what to check. */
export class UnreachableError extends Error {}

/**
 * Where a service's URL points, as the log may say it: `user@host:port/database`, never the password; nothing of an
 * address that does not parse or whose parts cannot be told apart (as `shownAddress`).
 */
export function whereOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (/@|%40/i.test(`${parsed.pathname}${parsed.search}${parsed.hash}`)) throw new Error('ambiguous');
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    const path = parsed.pathname.length > 1 ? parsed.pathname : '';
    return `${user}${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${path}`;
  } catch {
    return unreadable(url);
  }
}

/**
 * Why PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) could not be reached at start, in words an operator can act on.
 */
export function unreachable(service: 'PostgreSQL' | 'Redis', url: string, cause: unknown): UnreachableError {
  const variable = service === 'PostgreSQL' ? 'DATABASE_URL' : 'REDIS_URL';
  const where = whereOf(url);
  const failure = cause as { code?: string; message?: string };
  const message = String(failure?.message ?? cause);
  // A driver may repeat what it was given (`database "user:pw@host" does not exist`): the URL's secrets go first.
  const said = withoutPasswords(message, [url]);
  let advice: string;
  switch (failure?.code) {
    case 'ECONNREFUSED':
      advice = `nothing accepted the connection there. Is ${service} running, and listening on that address and port?`;
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      advice = `its host name was not found. Check the host in ${variable} and this machine's DNS.`;
      break;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      advice = `it did not answer. Check the address and port in ${variable}, and any firewall between here and there.`;
      break;
    case '28P01':
    case '28000':
      advice = `it refused the user or password. Check them in ${variable}.`;
      break;
    case '3D000':
      advice = `the database does not exist. Create it (createdb) or name another in ${variable}.`;
      break;
    default:
      advice = /WRONGPASS|NOAUTH|invalid password/i.test(message)
        ? `it refused the password. Check it in ${variable}.`
        : `check that ${service} is running and that ${variable} points to it.`;
  }
  return new UnreachableError(
    `${service} at ${where} (${variable}) could not be reached: ${advice} (${said})`,
  );
}
