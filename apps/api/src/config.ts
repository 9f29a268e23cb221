import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read once, at start, from the environment and validated here.
 * Everything else receives the resulting `Config` object; nothing reads `process.env` directly.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const encryptionKey = z
  .string()
  .trim()
  .refine((value) => decodeKey(value)?.length === 32, {
    message: 'must be 32 bytes, written as 64 hex characters or base64',
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: optionalString,
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  DATA_ENCRYPTION_KEY: optionalString.pipe(encryptionKey.optional()),
  PUBLIC_URL: optionalString.pipe(
    z.url('must be a URL such as https://kindred.example').optional(),
  ),
  TRUST_PROXY: optionalString,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must look like smtp://user:pass@host:587 or smtps://…')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Kindred <no-reply@kindred.local>'),
  SUPPORT_EMAIL: z.string().default('support@kindred.local'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  GEOCODER_URL: optionalString.pipe(
    z.url('must be a URL such as https://nominatim.example').optional(),
  ),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: optionalString,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  dataEncryptionKey: Buffer;
  publicUrl: string;
  trustProxy: boolean | number | string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** An optional online (Nominatim-compatible) reverse geocoder; the offline gazetteer otherwise. */
  geocoderUrl: string | undefined;
  bcryptCost: number;
  logLevel: string;
  webDistDir: string | undefined;
  /** How long SIGTERM/SIGINT waits for in-flight requests and open resources before exiting anyway. */
  shutdownGraceMs: number;
  /** How long start keeps retrying an unreachable DATABASE_URL before giving up. */
  databaseConnectTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(findProjectRoot(), 'data'));

  const missingInProduction = (['SESSION_SECRET', 'DATA_ENCRYPTION_KEY'] as const).filter(
    (name) => isProduction && !e[name],
  );
  if (missingInProduction.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missingInProduction
        .map((name) => `  ${name}: required when NODE_ENV=production`)
        .join('\n')}`,
    );
  }

  const twilioParts = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilioParts.some(Boolean) && !twilioParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three, or none for SMS dev mode',
    );
  }
  if (isProduction && !e.TWILIO_ACCOUNT_SID) {
    // SMS dev mode hands the code back to the browser: never acceptable in production.
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID: required when NODE_ENV=production (SMS dev mode is for development only)',
    );
  }

  const secrets =
    e.SESSION_SECRET && e.DATA_ENCRYPTION_KEY ? undefined : loadOrCreateDevelopmentSecrets(dataDir);

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? secrets!.sessionSecret,
    dataEncryptionKey: decodeKey(e.DATA_ENCRYPTION_KEY ?? secrets!.dataEncryptionKey)!,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    twilio: e.TWILIO_ACCOUNT_SID
      ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM! }
      : undefined,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
    bcryptCost: e.BCRYPT_COST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
  };
}

function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const buffer = Buffer.from(value, 'base64');
  return buffer.length === 32 ? buffer : undefined;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

interface DevelopmentSecrets {
  sessionSecret: string;
  dataEncryptionKey: string;
}

/**
 * Development and test runs get secrets generated once and kept under DATA_DIR, so sessions and
 * encrypted 2FA secrets survive restarts without the newcomer configuring anything.
 */
function loadOrCreateDevelopmentSecrets(dataDir: string): DevelopmentSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as DevelopmentSecrets;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: DevelopmentSecrets = {
    sessionSecret: randomBytes(48).toString('base64url'),
    dataEncryptionKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The monorepo root (where pnpm-workspace.yaml lives), so `./data` means the same folder however the app is started. */
export function findProjectRoot(from = process.cwd()): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from);
    dir = parent;
  }
}
