// Queries of reminders (issue 46): the members' push endpoints, their reminders and each reminder's sealed messages;
// written once for SQLite and PostgreSQL.
import { sql } from 'kysely';
import type { ReminderEndpointTable } from '../db/schema.js';
import { storeOf, type Executor } from '../db/stores.js';

export type ReminderEndpointRow = ReminderEndpointTable;

function listEndpoints(db: Executor, userId: string): Promise<ReminderEndpointRow[]> {
  return db
    .selectFrom('reminder_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function findEndpoint(db: Executor, userId: string, endpoint: string) {
  return db
    .selectFrom('reminder_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

async function insertEndpoint(db: Executor, row: ReminderEndpointRow): Promise<void> {
  await db.insertInto('reminder_endpoints').values(row).execute();
}

/** Removes a member's endpoint, its messages with it, and the reminders left with none; false if it was not theirs. */
async function deleteEndpoint(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('reminder_endpoints')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  await deleteEmptyReminders(db, userId);
  return Number(deleted.numDeletedRows) > 0;
}

/** The push service said an endpoint is gone: it goes, whosever it was. */
async function deleteGoneEndpoint(db: Executor, id: string): Promise<void> {
  const row = await db
    .selectFrom('reminder_endpoints')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return;
  await db.deleteFrom('reminder_endpoints').where('id', '=', id).execute();
  await deleteEmptyReminders(db, row.user_id);
}

async function deleteEmptyReminders(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('reminders')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reminder_messages')
            .select(sql`1`.as('one'))
            .whereRef('reminder_messages.user_id', '=', 'reminders.user_id')
            .whereRef('reminder_messages.reminder_id', '=', 'reminders.id'),
        ),
      ),
    )
    .execute();
}

/** Which of `ids` are endpoints of the member's. */
async function ownEndpoints(db: Executor, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('reminder_endpoints')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** What the member's reminders take, leaving out `except` (one about to be replaced): how many, and their bytes. */
async function usage(
  db: Executor,
  userId: string,
  except?: string,
): Promise<{ count: number; bytes: number }> {
  let reminders = db
    .selectFrom('reminders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId);
  let messages = db
    .selectFrom('reminder_messages')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId);
  if (except !== undefined) {
    reminders = reminders.where('id', '<>', except);
    messages = messages.where('reminder_id', '<>', except);
  }
  // One after the other: inside a transaction, both run on its one connection.
  const counted = await reminders.executeTakeFirstOrThrow();
  const sized = await messages.executeTakeFirstOrThrow();
  return { count: Number(counted.count), bytes: Number(sized.bytes) };
}

/** Writes a reminder and its messages in place of whatever the member's id held. */
async function replaceReminder(
  db: Executor,
  reminder: { userId: string; id: string; sendAt: string; createdAt: string },
  messages: ReadonlyArray<{ endpoint: string; body: string; bytes: number }>,
): Promise<void> {
  await db
    .deleteFrom('reminders')
    .where('user_id', '=', reminder.userId)
    .where('id', '=', reminder.id)
    .execute();
  await db
    .insertInto('reminders')
    .values({
      user_id: reminder.userId,
      id: reminder.id,
      send_at: reminder.sendAt,
      claimed_at: null,
      attempts: 0,
      created_at: reminder.createdAt,
    })
    .execute();
  await db
    .insertInto('reminder_messages')
    .values(
      messages.map((message) => ({
        user_id: reminder.userId,
        reminder_id: reminder.id,
        endpoint_id: message.endpoint,
        body: message.body,
        bytes: message.bytes,
      })),
    )
    .execute();
}

/** The member's reminders, soonest first, with the endpoints each is sealed for. */
async function listReminders(db: Executor, userId: string) {
  const reminders = await db
    .selectFrom('reminders')
    .select(['id', 'send_at'])
    .where('user_id', '=', userId)
    .orderBy('send_at')
    .orderBy('id')
    .execute();
  const messages = await db
    .selectFrom('reminder_messages')
    .select(['reminder_id', 'endpoint_id'])
    .where('user_id', '=', userId)
    .orderBy('endpoint_id')
    .execute();
  const endpoints = new Map<string, string[]>();
  for (const message of messages) {
    endpoints.set(message.reminder_id, [...(endpoints.get(message.reminder_id) ?? []), message.endpoint_id]);
  }
  return reminders.map((row) => ({
    id: row.id,
    sendAt: row.send_at,
    endpoints: endpoints.get(row.id) ?? [],
  }));
}

async function deleteReminder(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('reminders')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Reminders due at `at` that no process holds (or one that stopped before `staleBefore` held), soonest first. */
function dueReminders(db: Executor, at: string, staleBefore: string, limit: number) {
  return db
    .selectFrom('reminders')
    .select(['user_id', 'id', 'send_at', 'attempts'])
    .where('send_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .orderBy('send_at')
    .limit(limit)
    .execute();
}

/** Takes a due reminder for this process; false when another took it first (or it was withdrawn). */
async function claimReminder(
  db: Executor,
  reminder: { userId: string; id: string; sendAt: string },
  at: string,
  staleBefore: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('reminders')
    .set({ claimed_at: at })
    .where('user_id', '=', reminder.userId)
    .where('id', '=', reminder.id)
    // A reminder replaced since it was found due is another reminder: its own time decides.
    .where('send_at', '=', reminder.sendAt)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A claimed reminder's messages, each with where it goes. */
function messagesOf(db: Executor, userId: string, reminderId: string) {
  return db
    .selectFrom('reminder_messages')
    .innerJoin('reminder_endpoints', 'reminder_endpoints.id', 'reminder_messages.endpoint_id')
    .select(['reminder_messages.endpoint_id', 'reminder_endpoints.endpoint', 'reminder_messages.body'])
    .where('reminder_messages.user_id', '=', userId)
    .where('reminder_messages.reminder_id', '=', reminderId)
    .execute();
}

async function deleteMessage(db: Executor, userId: string, reminderId: string, endpointId: string) {
  await db
    .deleteFrom('reminder_messages')
    .where('user_id', '=', userId)
    .where('reminder_id', '=', reminderId)
    .where('endpoint_id', '=', endpointId)
    .execute();
}

/** Puts a claimed reminder back to wait until `notBefore` (a push service that did not answer). */
async function postpone(
  db: Executor,
  reminder: { userId: string; id: string; claimedAt: string },
  notBefore: string,
  attempts: number,
): Promise<void> {
  await db
    .updateTable('reminders')
    .set({ claimed_at: null, send_at: notBefore, attempts })
    .where('user_id', '=', reminder.userId)
    .where('id', '=', reminder.id)
    .where('claimed_at', '=', reminder.claimedAt)
    .execute();
}

/** Deletes a claimed reminder once sent: only the one this process holds (not one the member replaced meanwhile). */
async function deleteSent(
  db: Executor,
  reminder: { userId: string; id: string; claimedAt: string },
): Promise<void> {
  await db
    .deleteFrom('reminders')
    .where('user_id', '=', reminder.userId)
    .where('id', '=', reminder.id)
    .where('claimed_at', '=', reminder.claimedAt)
    .execute();
}

/** The queries, bound to where they run (db/stores.ts). */
export const reminderStore = (db: Executor) =>
  storeOf(db, {
    listEndpoints,
    findEndpoint,
    insertEndpoint,
    deleteEndpoint,
    deleteGoneEndpoint,
    ownEndpoints,
    usage,
    replaceReminder,
    listReminders,
    deleteReminder,
    dueReminders,
    claimReminder,
    messagesOf,
    deleteMessage,
    postpone,
    deleteSent,
  });

export type ReminderStore = ReturnType<typeof reminderStore>;
