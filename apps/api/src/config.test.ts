import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseEnvFile } from 'dotenv';
import { ConfigError, ENV_VARIABLES, findProjectRoot, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'kindred-config-'));

describe('configuration', () => {
  it('defaults to the embedded database on port 3000 and persists generated secrets', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.port).toBe(3000);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.dataEncryptionKey).toHaveLength(32);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again.sessionSecret).toBe(first.sessionSecret);
    expect(again.dataEncryptionKey.equals(first.dataEncryptionKey)).toBe(true);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(stored.sessionSecret).toBe(first.sessionSecret);
  });

  it('takes RATE_LIMIT_MULTIPLIER for load tests, unset by default, and refuses zero', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).rateLimitMultiplier).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_MULTIPLIER: '1000' }).rateLimitMultiplier,
    ).toBe(1000);
    expect(() => loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_MULTIPLIER: '0' })).toThrow(
      /RATE_LIMIT_MULTIPLIER/,
    );
  });

  it('names the bad variable in its error', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY: must be 32 bytes/,
    );
  });

  it('requires real secrets and a real SMS provider in production', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/SESSION_SECRET: required/);
    expect(String((error as Error).message)).toMatch(/DATA_ENCRYPTION_KEY: required/);

    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: tempDir(),
        SESSION_SECRET: 'x'.repeat(40),
        DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      }),
    ).toThrow(/TWILIO_ACCOUNT_SID: required when NODE_ENV=production/);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      SESSION_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      PUBLIC_URL: 'https://kindred.example/',
      DATABASE_URL: 'postgres://db/kindred',
      SMTP_URL: 'smtp://mail.example:587',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_PRICE_BEGINNER: 'price_beginner',
      STRIPE_PRICE_PROFESSIONAL: 'price_professional',
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://kindred.example');
    expect(config.twilio?.from).toBe('+15005550006');
  });
});

const productionBasics = () => ({
  NODE_ENV: 'production',
  DATA_DIR: tempDir(),
  SESSION_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: 'a'.repeat(64),
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_PRICE_BEGINNER: 'price_beginner',
  STRIPE_PRICE_PROFESSIONAL: 'price_professional',
});

describe('mail transport', () => {
  it('refuses to start in production without SMTP_URL, naming it and the outbox opt-in', () => {
    expect(() => loadConfig(productionBasics())).toThrow(ConfigError);
    expect(() => loadConfig(productionBasics())).toThrow(
      /SMTP_URL: required when NODE_ENV=production.*MAIL_TRANSPORT=outbox/,
    );
  });

  it('keeps production mail in the outbox only when MAIL_TRANSPORT=outbox says so', () => {
    const config = loadConfig({
      ...productionBasics(),
      MAIL_TRANSPORT: 'outbox',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(config.mailTransport).toBe('outbox');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('sends through SMTP_URL when set, and writes to the outbox in development without it', () => {
    const production = loadConfig({ ...productionBasics(), SMTP_URL: 'smtp://mail.example:587' });
    expect(production.mailTransport).toBe('smtp');
    expect(production.smtpUrl).toBe('smtp://mail.example:587');
    const development = loadConfig({ DATA_DIR: tempDir() });
    expect(development.mailTransport).toBe('outbox');
  });

  it('refuses MAIL_TRANSPORT=smtp without SMTP_URL and an unknown transport', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: required when MAIL_TRANSPORT=smtp/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_TRANSPORT: 'pigeon' })).toThrow(
      /MAIL_TRANSPORT/,
    );
  });
});

describe('.env file', () => {
  it('reads .env from the working directory without overriding variables already set', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, '.env'),
      `# a comment\nPORT=4000\nBCRYPT_COST=5 # inline comment\nMAIL_FROM="Kindred <hi@kindred.example>"\nDATA_DIR=${dir}\n`,
    );
    const config = loadConfig({ PORT: '5000' }, { cwd: dir, readEnvFile: true });
    expect(config.envFile).toBe(path.join(dir, '.env'));
    expect(config.port).toBe(5000);
    expect(config.bcryptCost).toBe(5);
    expect(config.mailFrom).toBe('Kindred <hi@kindred.example>');
    expect(config.dataDir).toBe(dir);
  });

  it('reads the file ENV_FILE names, and refuses one that does not exist', () => {
    const dir = tempDir();
    const file = path.join(dir, 'kindred.env');
    writeFileSync(file, `PORT=4100\nDATA_DIR=${dir}\n`);
    const config = loadConfig({ ENV_FILE: file });
    expect(config.envFile).toBe(file);
    expect(config.port).toBe(4100);
    expect(() => loadConfig({ ENV_FILE: path.join(dir, 'missing.env') })).toThrow(
      /ENV_FILE: .*missing\.env/,
    );
  });

  it('reports no file when there is none, and reads none for an explicit environment', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }, { cwd: dir, readEnvFile: true }).envFile).toBeUndefined();
    writeFileSync(path.join(dir, '.env'), 'PORT=4200\n');
    const explicit = loadConfig({ DATA_DIR: dir }, { cwd: dir });
    expect(explicit.envFile).toBeUndefined();
    expect(explicit.port).toBe(3000);
  });
});

describe('.env.example', () => {
  const examplePath = path.join(findProjectRoot(), '.env.example');
  const example = readFileSync(examplePath, 'utf8');
  /** Every setting, as an operator uncommenting its line would have it. */
  const uncommented = example.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1');

  it('copied to .env as it is, gives a valid configuration', () => {
    const dir = tempDir();
    copyFileSync(examplePath, path.join(dir, '.env'));
    const config = loadConfig({ DATA_DIR: dir }, { cwd: dir, readEnvFile: true });
    expect(config.envFile).toBe(path.join(dir, '.env'));
    expect(config.nodeEnv).toBe('development');
  });

  it('parses as an env file once its lines are uncommented, values included (MAIL_FROM)', () => {
    const parsed = parseEnvFile(uncommented);
    expect(parsed.MAIL_FROM).toBe('Kindred <no-reply@kindred.example>');
    expect(Object.keys(parsed).length).toBeGreaterThan(15);
    // Values with spaces or < > are quoted, so a shell or docker compose reads them the same way.
    const unquoted = uncommented
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=[^"'].*[\s<>]/.test(line));
    expect(unquoted).toEqual([]);
    // Only settings the app reads, and those docker-compose.yml reads.
    const composeOnly = ['POSTGRES_PASSWORD', 'KINDRED_BIND', 'KINDRED_PORT'];
    expect(
      Object.keys(parsed).filter(
        (name) => !ENV_VARIABLES.includes(name) && !composeOnly.includes(name),
      ),
    ).toEqual([]);
  });

  it('names only DATA_DIR entries the app creates, and repository folders that exist', () => {
    const apiSource = readdirSync(path.join(findProjectRoot(), 'apps/api/src'), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(path.join(findProjectRoot(), 'apps/api/src', file), 'utf8'))
      .join('\n');
    const dataEntries = [...example.matchAll(/\$DATA_DIR\/([\w-]+(?:\.\w+)?)/g)].map((m) => m[1]!);
    expect(dataEntries.length).toBeGreaterThan(0);
    for (const entry of dataEntries) expect(apiSource).toContain(`'${entry}'`);
    const repoPaths = [...example.matchAll(/\b((?:apps|packages|scripts|docs)\/[\w./-]*\w)/g)].map(
      (m) => m[1]!.replace(/\/dist$/, ''),
    );
    for (const repoPath of repoPaths) {
      expect(existsSync(path.join(findProjectRoot(), repoPath)), repoPath).toBe(true);
    }
  });

  it('warns that changing DATA_ENCRYPTION_KEY makes stored 2FA secrets unreadable', () => {
    const note = /((?:^#.*\n)+)# DATA_ENCRYPTION_KEY=/m.exec(example)?.[1] ?? '';
    expect(note).toMatch(/chang/i);
    expect(note).toMatch(/unreadable|cannot be read|cannot decrypt/i);
  });
});

describe('photo verification', () => {
  it('fixes the pose only outside production (browser journeys), and refuses an unknown one', () => {
    const journeys = loadConfig({ DATA_DIR: tempDir(), PHOTO_VERIFICATION_TEST_POSE: 'tilt-left' });
    expect(journeys.photoVerification).toEqual({ workers: 1, fixedPose: 'tilt-left' });
    expect(loadConfig({ DATA_DIR: tempDir() }).photoVerification.fixedPose).toBeUndefined();
    expect(() =>
      loadConfig({
        ...productionBasics(),
        SMTP_URL: 'smtp://mail.example:587',
        PHOTO_VERIFICATION_TEST_POSE: 'tilt-left',
      }),
    ).toThrow(/PHOTO_VERIFICATION_TEST_POSE: for browser journeys only/);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), PHOTO_VERIFICATION_TEST_POSE: 'cartwheel' }),
    ).toThrow(ConfigError);
  });
});
