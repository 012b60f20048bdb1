// Who holds the server's data: each server process while it runs, shared (several processes may serve one
// PostgreSQL database), and a restore (`npm run backup -- --restore`) alone, which refuses while any server holds
// it and touches nothing then; a server starting during a restore waits for it.
//
// - SQLite: a folder beside the database, `mygenie.db.lock/`, with a file per holder saying who it is (pid, host,
//   start); one whose process is gone is taken over. Each server also listens on a socket there, through which a
//   command beside it (`npm run admin`) tells it news at once: on SQLite the servers have no bus between processes.
// - PostgreSQL: an advisory lock on a key of the database and schema, held by one connection of each server's
//   (shared) and tried by the restore (exclusive); PostgreSQL lets go of it with the connection, however the
//   process ends.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../core/config.js';
import { unreachable } from '../core/secrets.js';

/** The data is in use by a server (or another restore): the restore's refusal, printed as it is. */
export class DataInUse extends Error {}

export interface DataHold {
  release(): Promise<void>;
}

type DataSettings = Pick<Config, 'dataDir' | 'databaseUrl'>;

export interface HoldOptions {
  /** News told by a command beside the server (SQLite): a live-bus topic. */
  hear?: (topic: string) => void;
  /** Said while waiting for a restore, or when the lock's connection is lost and taken again. */
  warn?: (message: string) => void;
}

/** A holder of the SQLite data, as its file says. */
interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  /** The process's start in the kernel's clock ticks (Linux), so a pid used again by another process is told apart. */
  since: number | null;
  /** The socket beside the file where the server hears news (null: none), named within the lock's folder, which
   * another container may see at another path. */
  socket: string | null;
}

const LOCK_FOLDER = 'mygenie.db.lock';
const RESTORE_FILE = 'restore.json';
const WAIT_MS = 250;
/** A socket's path must fit the kernel's sockaddr_un (108 bytes on Linux, 104 on macOS), with room to spare. */
const SOCKET_PATH_BYTES = 100;
const HOST = os.hostname();
const HOST_NAME = HOST.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 64);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the server's share of its data; waits while a restore holds it. */
export async function holdData(settings: DataSettings, options: HoldOptions = {}): Promise<DataHold> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  return settings.databaseUrl
    ? holdPostgres(settings.databaseUrl, warn)
    : holdSqlite(settings.dataDir, options.hear, warn);
}

/** The restore's hold on the data, alone; throws DataInUse, having changed nothing, while a server holds it. */
export async function holdDataForRestore(settings: DataSettings): Promise<DataHold> {
  return settings.databaseUrl ? restorePostgres(settings.databaseUrl) : restoreSqlite(settings.dataDir);
}

/**
 * Tells every server holding the SQLite data in `dataDir` that `topics` have news; answers the servers told and
 * those that could not be (no socket, or it did not answer).
 */
export async function tellDataHolders(
  dataDir: string,
  topics: readonly string[],
): Promise<{ told: number; missed: string[] }> {
  const folder = path.join(dataDir, LOCK_FOLDER);
  let told = 0;
  const missed: string[] = [];
  for (const { holder } of await liveServers(folder)) {
    if (holder.socket && (await send(path.join(folder, holder.socket), topics))) told += 1;
    else missed.push(describe(holder));
  }
  return { told, missed };
}

// ---- SQLite --------------------------------------------------------------------------------------------------

function lockFolder(dataDir: string): string {
  const folder = path.join(dataDir, LOCK_FOLDER);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  return folder;
}

/** This process's start in clock ticks since boot, and whether it is a zombie (Linux); null elsewhere. */
function processStat(pid: number): { zombie: boolean; since: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (name) state ppid …`: the name may hold spaces and parentheses; the start is the 22nd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { zombie: fields[0] === 'Z', since: Number(fields[19]) };
  } catch {
    return null;
  }
}

function holderOf(socket: string | null): Holder {
  return {
    pid: process.pid,
    host: HOST,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    since: processStat(process.pid)?.since ?? null,
    socket,
  };
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return null;
    return {
      pid: holder.pid,
      host: holder.host,
      startedAt: String(holder.startedAt ?? ''),
      since: typeof holder.since === 'number' ? holder.since : null,
      socket: typeof holder.socket === 'string' ? holder.socket : null,
    };
  } catch {
    return null;
  }
}

/**
 * Writes a holder's file whole, so that no reader sees half of one: to a file of its own, then renamed over
 * `file` (`exclusive`: linked, which fails when `file` exists; answers false then).
 */
function writeHolder(file: string, holder: Holder, exclusive = false): boolean {
  const draft = path.join(
    path.dirname(file),
    `.draft-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
  );
  fs.writeFileSync(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  try {
    if (!exclusive) {
      fs.renameSync(draft, file);
      return true;
    }
    try {
      fs.linkSync(draft, file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** Whether a holder still runs: its process on this machine, else its socket answering. */
async function alive(holder: Holder, folder: string): Promise<boolean> {
  if (holder.host !== HOST) return holder.socket ? answers(path.join(folder, holder.socket)) : true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = processStat(holder.pid);
  if (stat && (stat.zombie || (holder.since !== null && stat.since !== holder.since))) return false;
  return true;
}

function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(socket);
    connection.setTimeout(1000, () => {
      connection.destroy();
      resolve(true);
    });
    connection.once('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.once('error', () => resolve(false));
  });
}

function describe(holder: Holder): string {
  const where = holder.host === HOST ? '' : ` on ${holder.host}`;
  const since = holder.startedAt ? `, since ${holder.startedAt}` : '';
  return `pid ${holder.pid}${where}${since}`;
}

/** The servers holding the data now; the files of those that are gone are removed on the way (not `own`'s). */
async function liveServers(folder: string, own?: string): Promise<Array<{ holder: Holder; file: string }>> {
  if (!fs.existsSync(folder)) return [];
  const found: Array<{ holder: Holder; file: string }> = [];
  for (const name of fs.readdirSync(folder)) {
    if (!name.startsWith('server-') || !name.endsWith('.json') || name === own) continue;
    const file = path.join(folder, name);
    const holder = readHolder(file);
    if (holder && (await alive(holder, folder))) {
      found.push({ holder, file });
      continue;
    }
    fs.rmSync(file, { force: true });
    fs.rmSync(file.replace(/\.json$/, '.sock'), { force: true });
  }
  return found;
}

/** A restore holding the data now, if any; its file is removed if it is gone. */
async function liveRestore(folder: string): Promise<Holder | null> {
  const file = path.join(folder, RESTORE_FILE);
  if (!fs.existsSync(file)) return null;
  const holder = readHolder(file);
  if (holder && (await alive(holder, folder))) return holder;
  fs.rmSync(file, { force: true });
  return null;
}

async function holdSqlite(
  dataDir: string,
  hear: HoldOptions['hear'],
  warn: (message: string) => void,
): Promise<DataHold> {
  const name = `server-${HOST_NAME}-${process.pid}`;
  let folder = lockFolder(dataDir);
  const file = path.join(folder, `${name}.json`);
  const socketPath = path.join(folder, `${name}.sock`);
  const socket = hear && process.platform !== 'win32' && Buffer.byteLength(socketPath) <= SOCKET_PATH_BYTES;
  if (hear && !socket) {
    warn(
      `The admin command cannot tell this server its changes at once (the path ${socketPath} is too long for a socket): they reach it within 5 seconds.`,
    );
  }
  // Written before looking for a restore, as the restore writes its own before looking for servers: of two that
  // start together, at least one sees the other.
  let waiting = false;
  for (;;) {
    folder = lockFolder(dataDir);
    await liveServers(folder, `${name}.json`);
    writeHolder(file, holderOf(socket ? path.basename(socketPath) : null));
    const restore = await liveRestore(folder);
    if (!restore) break;
    fs.rmSync(file, { force: true });
    if (!waiting) {
      warn(
        `Waiting for a restore (${describe(restore)}) to put a backup in place of the data in ${dataDir}.`,
      );
      waiting = true;
    }
    await sleep(WAIT_MS);
  }
  let server: net.Server | null = null;
  if (socket && hear) {
    server = await listen(socketPath, hear).catch((error: unknown) => {
      warn(
        `The admin command cannot tell this server its changes at once (${(error as Error).message}): they reach it within 5 seconds.`,
      );
      writeHolder(file, holderOf(null));
      return null;
    });
  }
  return {
    async release() {
      const listening = server;
      server = null;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
      fs.rmSync(file, { force: true });
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** Longest news a command may send at once (topics of 80 characters at most, one a line). */
const NEWS_BYTES = 64 * 1024;

/** Listens for news on `socketPath`: topics, one a line, until the command's end; then says `ok`. */
function listen(socketPath: string, hear: (topic: string) => void): Promise<net.Server> {
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer({ allowHalfOpen: true }, (connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.setTimeout(5000, () => connection.destroy());
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > NEWS_BYTES) connection.destroy();
    });
    connection.on('end', () => {
      try {
        for (const topic of text.split('\n')) if (topic) hear(topic);
        connection.end('ok\n');
      } catch {
        connection.destroy();
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      // Only this user may tell the server anything (the folder is 0700 too).
      fs.chmodSync(socketPath, 0o600);
      server.unref();
      resolve(server);
    });
  });
}

/** Sends news to a server's socket; answers whether it said it heard it. */
function send(socket: string, topics: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = '';
    const connection = net.connect({ path: socket, allowHalfOpen: true });
    connection.setEncoding('utf8');
    connection.setTimeout(5000, () => connection.destroy());
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.once('error', () => resolve(false));
    connection.once('close', () => resolve(answer === 'ok\n'));
    connection.once('connect', () => connection.end(topics.map((topic) => `${topic}\n`).join('')));
  });
}

async function restoreSqlite(dataDir: string): Promise<DataHold> {
  const folder = lockFolder(dataDir);
  const file = path.join(folder, RESTORE_FILE);
  const mine = holderOf(null);
  if (!writeHolder(file, mine, true)) {
    const other = await liveRestore(folder);
    if (other) {
      throw new DataInUse(
        `Another restore (${describe(other)}) is putting a backup in place of this data: let it finish first.`,
      );
    }
    if (!writeHolder(file, mine, true)) {
      throw new DataInUse('Another restore started at the same moment: let it finish first.');
    }
  }
  const servers = await liveServers(folder);
  if (servers.length > 0) {
    fs.rmSync(file, { force: true });
    const unsure = servers.filter(({ holder }) => holder.host !== HOST && !holder.socket);
    throw new DataInUse(
      `${running(servers.map(({ holder }) => describe(holder)))}` +
        (unsure.length > 0
          ? ` If it no longer runs there, delete ${unsure.map(({ file: which }) => which).join(' and ')}.`
          : ''),
    );
  }
  return { release: async () => fs.rmSync(file, { force: true }) };
}

function running(who: string[]): string {
  return who.length === 1
    ? `A MyGenie server is running on this data (${who[0]}): stop it first.`
    : `MyGenie servers are running on this data (${who.join('; ')}): stop them first.`;
}

// ---- PostgreSQL ----------------------------------------------------------------------------------------------

/** The lock's key: the database's, and the schema's the URL's search_path names (tests share one database). */
async function lockKey(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(
    `select coalesce(current_schema(), current_setting('search_path')) as schema`,
  );
  const digest = crypto
    .createHash('sha256')
    .update(`mygenie data ${rows[0]?.schema ?? ''}`)
    .digest();
  return digest.readBigInt64BE(0).toString();
}

async function connect(url: string, role: 'server' | 'restore'): Promise<pg.Client> {
  // The name tells a refused restore which server holds the data (pg_stat_activity); at most 63 bytes are kept.
  const client = new pg.Client({
    connectionString: url,
    application_name: `mygenie ${role} pid ${process.pid} on ${HOST}`.slice(0, 63),
  });
  client.on('error', () => undefined);
  await client.connect().catch(async (error: unknown) => {
    await client.end().catch(() => undefined);
    throw unreachable('PostgreSQL', url, error);
  });
  return client;
}

async function holdPostgres(url: string, warn: (message: string) => void): Promise<DataHold> {
  let client: pg.Client | null = null;
  let released = false;
  let retryMs = 500;
  let retry: NodeJS.Timeout | undefined;

  const take = async (): Promise<void> => {
    const next = await connect(url, 'server');
    try {
      const key = await lockKey(next);
      const { rows } = await next.query<{ got: boolean }>(
        'select pg_try_advisory_lock_shared($1::bigint) as got',
        [key],
      );
      if (!rows[0]?.got) {
        warn('Waiting for a restore to put a backup in place of the data in PostgreSQL.');
        await next.query('select pg_advisory_lock_shared($1::bigint)', [key]);
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (released) {
      await next.end().catch(() => undefined);
      return;
    }
    // Lost with its connection (the database restarted): taken again, so a restore still sees this server.
    next.once('end', () => {
      if (released || client !== next) return;
      client = null;
      warn('The connection holding this server’s lock on its PostgreSQL data was lost: taking it again.');
      again();
    });
    client = next;
    retryMs = 500;
  };
  const again = () => {
    if (released || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      take().catch(() => {
        retryMs = Math.min(retryMs * 2, 10_000);
        again();
      });
    }, retryMs);
    retry.unref();
  };

  await take();
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      const held = client;
      client = null;
      await held?.end().catch(() => undefined);
    },
  };
}

async function restorePostgres(url: string): Promise<DataHold> {
  const client = await connect(url, 'restore');
  try {
    const key = await lockKey(client);
    const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1::bigint) as got', [
      key,
    ]);
    if (!rows[0]?.got) {
      // Who holds it: each holder's connection names its process (the key's high and low halves are
      // pg_locks' classid and objid).
      const holders = await client.query<{ name: string | null }>(
        `select a.application_name as name
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and l.objsubid = 1
            and l.database = (select oid from pg_database where datname = current_database())
            and ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint`,
        [key],
      );
      const names = holders.rows.map((row) => row.name ?? '');
      if (names.some((name) => name.startsWith('mygenie restore'))) {
        throw new DataInUse(
          'Another restore is putting a backup in place of this data: let it finish first.',
        );
      }
      const who = names
        .map((name) => /^mygenie server (pid \d+ on .*)$/.exec(name)?.[1])
        .filter((name): name is string => Boolean(name));
      throw new DataInUse(running(who.length > 0 ? who : ['its connection holds the lock in PostgreSQL']));
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  // The lock goes with the connection.
  return { release: () => client.end().catch(() => undefined) };
}
