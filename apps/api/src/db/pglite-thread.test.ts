import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client.js';
import { isForeignKeyViolation } from './concurrency.js';
import { PREPARED_STATEMENTS_KEPT } from './pglite-thread-protocol.js';

/**
 * PGlite on its own thread (pglite-thread.ts) must answer the app as PGlite on the main thread
 * does: rows typed by drizzle's rules, transactions that commit or roll back as a unit and hold
 * the database meanwhile, errors with PostgreSQL's fields, a data directory kept on disk.
 */

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

// Each test starts PGlite at least once: seconds on a busy machine.
describe('the embedded database on a thread of its own', { timeout: 120_000 }, () => {
  it('answers statements, drizzle queries and scripts as on the main thread', async () => {
    database = await openDatabase({ pgliteThread: true });
    await database.pglite!.exec(`
      create table parents (id int primary key);
      create table t (n int, at timestamptz, doc jsonb, parent int references parents(id));`);
    await database.db.execute(
      sql`insert into t values (1, '2026-01-02T03:04:05Z', '{"a": [1]}', null)`,
    );
    const { rows } = (await database.db.execute(sql`select n, at, doc from t`)) as unknown as {
      rows: unknown[];
    };
    // drizzle keeps timestamps as PostgreSQL's text (its parsers cross as type ids); JSON parses.
    expect(rows).toEqual([{ n: 1, at: '2026-01-02 03:04:05+00', doc: { a: [1] } }]);
    const error: unknown = await database.db
      .execute(sql`insert into t (n, parent) values (2, 99)`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isForeignKeyViolation(error)).toBe(true);
    // A failed statement leaves the database usable.
    expect((await database.pglite!.query('select count(*)::int as c from t')).rows).toEqual([
      { c: 1 },
    ]);
  });

  it('commits a transaction as a unit, rolls back a failed one, and others wait for it', async () => {
    database = await openDatabase({ pgliteThread: true });
    const { db } = database;
    await db.execute(sql`create table t (n int)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      await held;
      await tx.execute(sql`insert into t values (2)`);
      order.push('committed');
    });
    // Sent while the transaction is open: answered after it ends, and sees both rows.
    const outside = db.execute(sql`select count(*)::int as c from t`).then((result) => {
      order.push('read');
      return (result as unknown as { rows: unknown[] }).rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ c: 2 }]);
    expect(order).toEqual(['committed', 'read']);

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3)`);
        await tx.transaction(async (nested) => {
          await nested.execute(sql`insert into t values (4)`);
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await database.pglite!.query('select count(*)::int as c from t')).rows).toEqual([
      { c: 2 },
    ]);
  });

  it('parses a statement once, sends values by their types, and keeps a bounded number', async () => {
    database = await openDatabase({ pgliteThread: true });
    const client = database.pglite!;
    const text = 'select $1::jsonb as doc, $2::timestamptz as at, $3::int[] as ns, $4::text as t';
    const values = [{ a: [1] }, new Date('2026-01-02T03:04:05Z'), [1, 2], null];
    for (let run = 0; run < 3; run += 1) {
      expect((await client.query(text, values)).rows).toEqual([
        { doc: { a: [1] }, at: new Date('2026-01-02T03:04:05Z'), ns: [1, 2], t: null },
      ]);
    }
    const kept = (statement: string) =>
      client.query<{ c: number }>(
        'select count(*)::int as c from pg_prepared_statements where statement = $1',
        [statement],
      );
    expect((await kept(text)).rows).toEqual([{ c: 1 }]);
    for (let n = 0; n <= PREPARED_STATEMENTS_KEPT; n += 1) await client.query(`select ${n}`);
    const { rows } = await client.query<{ c: number }>(
      'select count(*)::int as c from pg_prepared_statements',
    );
    expect(rows[0]!.c).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    expect((await kept(text)).rows).toEqual([{ c: 0 }]);
  });

  it('answers a kept statement after its table changes shape, or its statements are gone', async () => {
    database = await openDatabase({ pgliteThread: true });
    const client = database.pglite!;
    await client.exec('create table t (n int); insert into t values (1);');
    expect((await client.query('select * from t')).rows).toEqual([{ n: 1 }]);
    // A kept plan's result type may not change: PostgreSQL refuses it (0A000), the thread
    // prepares the statement again.
    await client.exec('alter table t add column m int default 2');
    expect((await client.query('select * from t')).rows).toEqual([{ n: 1, m: 2 }]);
    await client.exec('deallocate all');
    expect((await client.query('select * from t')).rows).toEqual([{ n: 1, m: 2 }]);
    // Prepared inside a transaction that rolled back, a statement is still there afterwards.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from t where n > ${0}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { rows } = (await database.db.execute(
      sql`select count(*) from t where n > ${0}`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ count: 1 }]);
  });

  // The soak run's unanswered connections (docs/security.md, "Soak"): on the main thread a burst
  // of queries ran back to back in promise continuations, and Node accepted no new connection
  // until it ended. Answers from the thread arrive as messages, each in a turn of its own.
  it('leaves the event loop its turns while a burst of queries is still running', async () => {
    database = await openDatabase({ pgliteThread: true });
    const client = database.pglite!;
    await client.query('select 1');
    let turnCame = false;
    setImmediate(() => {
      turnCame = true;
    });
    const requests = Array.from({ length: 20 }, async () => {
      const seen: boolean[] = [];
      for (let query = 0; query < 5; query += 1) {
        await client.query('select count(*) from generate_series(1, 1000)');
        seen.push(turnCame);
      }
      return seen;
    });
    const seen = (await Promise.all(requests)).flat();
    expect(seen.filter((came) => came).length).toBeGreaterThan(seen.length / 2);
  });

  it(
    'keeps its data directory on disk and starts from an image',
    { timeout: 240_000 },
    async () => {
      const { mkdtempSync, rmSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const path = await import('node:path');
      const dir = mkdtempSync(path.join(tmpdir(), 'kindred-pglite-thread-'));
      try {
        database = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), pgliteThread: true });
        await database.pglite!.exec('create table kept (n int); insert into kept values (7);');
        const image = await database.pglite!.dumpDataDir('none');
        await database.close();
        database = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), pgliteThread: true });
        expect((await database.pglite!.query('select n from kept')).rows).toEqual([{ n: 7 }]);
        await database.close();
        database = await openDatabase({ pgliteImage: image, pgliteThread: true });
        expect((await database.pglite!.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      } finally {
        await database?.close();
        database = undefined;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
