import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';
import { createLogger, loggableUrl, statementName } from './logger.js';

/**
 * Issue 19, finding 5: a failing statement logged its parameters (a bcrypt hash, an email, profile
 * fields), and the access log kept the exact coordinates of /api/geo/reverse.
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ logger });
});
afterAll(async () => {
  await t.close();
});

describe('the error log of a failing statement', () => {
  it('names the statement and the error code, and none of the values', async () => {
    // Every insert into users fails, as a constraint violation would.
    await t.context.db
      .execute(sql`create or replace function refuse_insert_for_test() returns trigger
      language plpgsql as $$ begin
        raise exception 'refused' using errcode = '23514', constraint = 'users_test_check';
      end $$`);
    await t.context.db.execute(sql`create trigger refuse_users_insert before insert on users
      for each row execute function refuse_insert_for_test()`);
    try {
      lines.length = 0;
      const res = await request(t.app).post('/api/users/signup').send({
        firstName: 'Secretfirst',
        lastName: 'Secretlast',
        username: 'secretuser',
        email: 'logged-nowhere@example.com',
        password: 'secret123',
        legalAgeConfirmed: true,
        termsAccepted: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(500);
      const errorLine = lines.find((line) => line.includes('unhandled error'));
      expect(errorLine).toBeDefined();
      const all = lines.join('\n');
      expect(all).not.toMatch(/\$2[aby]\$/);
      expect(all).not.toContain('logged-nowhere');
      expect(all).not.toContain('Secretfirst');
      expect(all).not.toContain('Secretlast');
      expect(all).not.toContain('secretuser');
      expect(JSON.parse(errorLine!).err).toMatchObject({
        statement: 'insert into "users"',
        code: '23514',
        constraint: 'users_test_check',
      });
    } finally {
      await t.context.db.execute(sql`drop trigger refuse_users_insert on users`);
    }
  });

  it('reads the statement name from the SQL alone', () => {
    expect(statementName('select "id" from "posts" where "id" = $1')).toBe('select "posts"');
    expect(statementName('update "users" set "email" = $1')).toBe('update "users"');
    expect(statementName('delete from comments where id = $1')).toBe('delete from comments');
  });
});

describe('the access log of /api/geo/reverse', () => {
  it('keeps the coordinates rounded to one decimal', async () => {
    const { cookie } = await signedInUser(t.context);
    lines.length = 0;
    await request(t.app).get('/api/geo/reverse?lat=48.858370&lon=2.294481').set('Cookie', cookie);
    const access = lines.find((line) => line.includes('/api/geo/reverse'));
    expect(access).toBeDefined();
    expect(access).not.toContain('48.858');
    expect(access).not.toContain('2.294');
    expect(JSON.parse(access!).req.url).toBe('/api/geo/reverse?lat=48.9&lon=2.3');
  });

  it('leaves other URLs alone and drops what is not a number', () => {
    expect(loggableUrl('/api/posts?cursor=abc')).toBe('/api/posts?cursor=abc');
    expect(loggableUrl('/api/geo/reverse?lat=x&lon=1.26')).toBe(
      '/api/geo/reverse?lat=%5Bredacted%5D&lon=1.3',
    );
  });
});
