// What the server may print of a setting or an error: never a password, key or token. A URL keeps its scheme, user,
// host, port and path, and loses its password; a variable whose whole value is secret shows only its length.

/** Variables whose whole value is a secret. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE|_KEY(_ID)?$/;

/** `scheme://user:password@` anywhere in a text, the password replaced (what a URL parser would refuse too). */
const CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s/]*@/gi;

/** A text with every URL's password replaced by `***`. */
export function withoutPasswords(text: string): string {
  return text.replace(CREDENTIALS, '$1:***@');
}

/** A setting as an error message may show it. */
export function shownSetting(name: string, value: string | undefined): string {
  if (value === undefined) return '(not set)';
  if (SECRET_NAME.test(name)) return `(hidden, ${value.length} characters)`;
  return JSON.stringify(withoutPasswords(value));
}

/** A service the server needs at start could not be reached: the message says which, where and what to check. */
export class UnreachableError extends Error {}

/** Where a service's URL points, as the log may say it: `user@host:port/database`, never the password. */
export function whereOf(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    const path = parsed.pathname.length > 1 ? parsed.pathname : '';
    return `${user}${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${path}`;
  } catch {
    return '(an address that could not be read)';
  }
}

/**
 * Why PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) could not be reached at start, in words an operator can act on.
 */
export function unreachable(service: 'PostgreSQL' | 'Redis', url: string, cause: unknown): UnreachableError {
  const variable = service === 'PostgreSQL' ? 'DATABASE_URL' : 'REDIS_URL';
  const where = whereOf(url);
  const failure = cause as { code?: string; message?: string };
  const said = withoutPasswords(String(failure?.message ?? cause));
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
      advice = /WRONGPASS|NOAUTH|invalid password/i.test(said)
        ? `it refused the password. Check it in ${variable}.`
        : `check that ${service} is running and that ${variable} points to it.`;
  }
  return new UnreachableError(
    `${service} at ${where} (${variable}) could not be reached: ${advice} (${said})`,
  );
}
