import path from 'node:path';
import { API_ROUTES } from '@kindred/contracts/api-routes';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';
import { main } from './grant.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CommandIo } from './shared.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs `pnpm admin:grant …` against the test app's database, capturing what it says. */
async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await main(argv, {
    env: {
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      WEB_DIST_DIR: path.join(t.dataDir, 'no-web-build'),
    },
    database: t.context.database,
    clock: t.clock,
    io,
  });
  return { code, out, err };
}

const roleOf = async (id: string) =>
  (await t.context.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('pnpm admin:grant <email> <role>', () => {
  it('makes a member a moderator, who then reaches the moderation routes', async () => {
    const { user, cookie } = await signedInUser(t.context);
    await request(t.app).get('/api/moderation/log').set('Cookie', cookie).expect(403);

    const result = await run([user.email.toUpperCase(), 'moderator']);
    expect(result).toEqual({
      code: EXIT_OK,
      out: [`${user.email} is now moderator (was member).`],
      err: [],
    });
    expect(await roleOf(user.id)).toBe('moderator');
    await request(t.app).get('/api/moderation/log').set('Cookie', cookie).expect(200);

    expect((await run([user.email, 'moderator'])).out).toEqual([
      `${user.email} already has the role moderator.`,
    ]);
    // `member` takes the role back.
    expect((await run([user.email, 'member'])).code).toBe(EXIT_OK);
    await request(t.app).get('/api/moderation/log').set('Cookie', cookie).expect(403);
  });

  it('says so for an unknown email (exit 1) and for bad arguments (exit 2), changing nothing', async () => {
    const { user } = await signedInUser(t.context);
    const unknown = await run(['nobody@example.com', 'admin']);
    expect(unknown.code).toBe(EXIT_FAILED);
    expect(unknown.err).toEqual(['admin:grant: No account has the email nobody@example.com.']);

    const badRole = await run([user.email, 'superuser']);
    expect(badRole.code).toBe(EXIT_USAGE);
    expect(badRole.err[0]).toBe('Unknown role "superuser": use member, moderator, admin.');
    expect(badRole.err[1]).toBe('Usage: pnpm admin:grant <email> <member|moderator|admin>');
    expect((await run([user.email])).code).toBe(EXIT_USAGE);
    expect(await roleOf(user.id)).toBe('member');
  });

  it('is the only way to a role: no API route takes one', () => {
    const roleRoutes = API_ROUTES.filter((route) => /role|grant|admin/i.test(route.path));
    expect(roleRoutes).toEqual([]);
  });
});
