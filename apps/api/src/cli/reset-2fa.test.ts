import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../db/schema.js';
import { createLogger } from '../platform/logger.js';
import {
  GOOD_PASSWORD,
  LOOSE_RATE_LIMITS,
  setUpTwoFactor,
  signUpFully,
} from '../test/account-entry.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMailCatcher } from '../test/mail.js';
import { totpCodeAt } from '../test/totp.js';
import { main } from './reset-2fa.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CommandIo } from './shared.js';

const mail = createMailCatcher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, rateLimits: LOOSE_RATE_LIMITS });
});
afterAll(async () => {
  await t.close();
});

/** Runs `pnpm admin:reset-2fa …` against the test app's database, capturing what it says. */
async function run(argv: string[], env?: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const logs: Record<string, unknown>[] = [];
  const io: CommandIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const logger = createLogger('info', {
    write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>),
  });
  const code = await main(argv, {
    env: env ?? {
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      WEB_DIST_DIR: path.join(t.dataDir, 'no-web-build'),
    },
    database: t.context.database,
    mailer: mail.mailer,
    clock: t.clock,
    logger,
    io,
  });
  return { code, out, err, logs };
}

describe('pnpm admin:reset-2fa <email>', () => {
  it('clears the authenticator and recovery codes, ends every session, logs it; the member re-enrols at the next login', async () => {
    const agent = request.agent(t.app);
    const member = await signUpFully(t, agent, mail);
    expect((await agent.get('/api/2fa/recovery-codes')).body.remaining).toBe(10);

    const result = await run([member.email.toUpperCase()]);

    expect(result.code).toBe(EXIT_OK);
    expect(result.err).toEqual([]);
    expect(result.out.join('\n')).toContain(`Two-factor authentication reset for ${member.email}`);
    expect(result.logs).toContainEqual(
      expect.objectContaining({
        level: 30,
        command: 'admin:reset-2fa',
        userId: member.userId,
        msg: expect.stringContaining('two-factor reset by an operator'),
      }),
    );
    const [row] = await t.context.db.select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({ totpSecretEncrypted: null, totpEnabledAt: null });
    const codes = await t.context.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, member.userId));
    expect(codes).toEqual([]);
    // The browser that was signed in is signed out.
    expect((await agent.get('/api/2fa/recovery-codes')).status).toBe(401);
    expect(mail.to(member.email).at(-1)?.subject).toBe(
      'Two-factor authentication was reset on your Kindred account',
    );

    // The member's path back: password, then 2FA setup with a new secret, and new codes.
    const next = request.agent(t.app);
    const login = await next
      .post('/api/users/login')
      .send({ email: member.email, password: GOOD_PASSWORD });
    expect(login.body.nextStep).toBe('2fa-setup');
    const secret = await setUpTwoFactor(next, member.userId);
    expect(secret).not.toBe(member.secret);
    const verified = await next
      .post('/api/2fa/verify')
      .send({ userId: member.userId, token: totpCodeAt(secret, t.clock.now()) });
    t.clock.advance(30_000);
    expect(verified.status).toBe(200);
    expect(verified.body.recoveryCodes).toHaveLength(10);
  });

  it('refuses an unknown email with exit code 1 and a clear message, changing nothing', async () => {
    const bystander = await signUpFully(t, request.agent(t.app), mail);
    const result = await run(['nobody-at-all@example.com']);
    expect(result.code).toBe(EXIT_FAILED);
    expect(result.out).toEqual([]);
    expect(result.err).toEqual([
      'admin:reset-2fa: No account has the email nobody-at-all@example.com. Nothing was changed.',
    ]);
    const [row] = await t.context.db.select().from(users).where(eq(users.id, bystander.userId));
    expect(row!.totpEnabledAt).not.toBeNull();
  });

  it.each([[[]], [['a@example.com', 'b@example.com']], [['not-an-email']]])(
    'answers %j with the usage line and exit code 2',
    async (argv) => {
      const result = await run(argv);
      expect(result.code).toBe(EXIT_USAGE);
      expect(result.err.at(-1)).toBe('Usage: pnpm admin:reset-2fa <email>');
    },
  );

  it('says what is wrong with the configuration (exit code 1) instead of a stack trace', async () => {
    const result = await run(['someone@example.com'], { NODE_ENV: 'production' });
    expect(result.code).toBe(EXIT_FAILED);
    expect(result.err[0]).toMatch(/^admin:reset-2fa: Invalid configuration/);
  });
});
