import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseEnvFile } from 'dotenv';
import {
  PAYMENT_PROVIDERS,
  PHOTO_POSES,
  type PaidPlanId,
  type PhotoPose,
} from '@kindred/contracts';
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
  MAIL_TRANSPORT: optionalString.pipe(
    z.enum(['smtp', 'outbox'], 'must be smtp or outbox').optional(),
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
  /** Scales every rate and flood limit (default 1 in production, 100 elsewhere). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(1_000_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: optionalString,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  IMAGE_SAFETY_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  PHOTO_VERIFICATION_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  PHOTO_VERIFICATION_TEST_POSE: optionalString.pipe(z.enum(PHOTO_POSES).optional()),
  PAYMENTS_PROVIDER: optionalString.pipe(
    z.enum(PAYMENT_PROVIDERS, 'must be test or stripe').optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BEGINNER: optionalString,
  STRIPE_PRICE_PROFESSIONAL: optionalString,
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  MEDIA_STORAGE: optionalString.pipe(z.enum(['local', 's3'], 'must be local or s3').optional()),
  S3_ENDPOINT: optionalString.pipe(
    z.url('must be a URL such as https://s3.example.com or http://127.0.0.1:9000').optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(['true', 'false'], 'must be true or false').optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must look like redis://host:6379 or rediss://…')
      .optional(),
  ),
});

export type Env = z.input<typeof envSchema>;

/** Every variable the app reads (besides ENV_FILE, which names the file to read them from). */
export const ENV_VARIABLES: readonly string[] = [...Object.keys(envSchema.shape), 'ENV_FILE'];

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
  /** `smtp` sends through `smtpUrl`; `outbox` keeps .eml files under DATA_DIR/outbox. */
  mailTransport: 'smtp' | 'outbox';
  /** Set when mail goes through SMTP. */
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** An optional online (Nominatim-compatible) reverse geocoder; the offline gazetteer otherwise. */
  geocoderUrl: string | undefined;
  bcryptCost: number;
  /** Scales every rate and flood limit; unset means 1 in production and 100 elsewhere. */
  rateLimitMultiplier: number | undefined;
  logLevel: string;
  webDistDir: string | undefined;
  /** The env file read at start (its values never override the environment), if there was one. */
  envFile: string | undefined;
  /** How long SIGTERM/SIGINT waits for in-flight requests and open resources before exiting anyway. */
  shutdownGraceMs: number;
  /** How long start keeps retrying an unreachable DATABASE_URL before giving up. */
  databaseConnectTimeoutMs: number;
  /** Worker threads scoring images with the NSFW model (features/image-safety); each holds ~150 MB. */
  imageSafetyWorkers: number;
  /**
   * features/photo-verification: worker threads running the face model (~200 MB each), and
   * `testPose`, a pose every challenge asks for (browser journeys only; refused in production).
   */
  photoVerification: { workers: number; fixedPose?: PhotoPose };
  /** Who takes payment for paid plans (features/billing). */
  payments: PaymentsConfig;
  /**
   * Set: live events (notification streams) fan out through Redis pub/sub; otherwise through
   * PostgreSQL LISTEN/NOTIFY on a server, or within the process on PGlite.
   */
  redisUrl: string | undefined;
  /** Where uploaded media is kept (features/media): the local disk (default) or an S3 bucket. */
  mediaStorage: MediaStorageConfig;
  /** Set: GET /metrics answers requests bearing it (`Authorization: Bearer …`); unset: 404. */
  metricsToken: string | undefined;
}

/**
 * `local`: files under DATA_DIR/media. `s3`: a private bucket on AWS or any S3-compatible server
 * (credentials unset: the SDK's default chain, e.g. an instance role).
 */
export type MediaStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

/**
 * `test`: the test-mode provider, a checkout page of our own that takes no money (the default in
 * development and tests; refused in production). `stripe`: Stripe Checkout and its webhook.
 */
export type PaymentsConfig =
  | { provider: 'test' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** The Stripe price id of each paid plan. */
      priceIds: Record<PaidPlanId, string>;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadConfigOptions {
  /**
   * Complete the environment with an env file: the one `ENV_FILE` names, else `.env` in `cwd`
   * (else at the project root). Default: when reading the process's own environment, or when the
   * given one sets `ENV_FILE`; a test's explicit environment stays as it is.
   */
  readEnvFile?: boolean;
  cwd?: string;
}

export function loadConfig(
  environment: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): Config {
  const readEnvFile =
    options.readEnvFile ?? (environment === process.env || Boolean(environment.ENV_FILE));
  const envFile = readEnvFile ? findEnvFile(environment, options.cwd ?? process.cwd()) : undefined;
  const env = envFile ? withEnvFile(environment, envFile) : environment;
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

  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox');
  if (mailTransport === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }
  if (isProduction && mailTransport === 'outbox' && e.MAIL_TRANSPORT !== 'outbox') {
    // Members would never receive their codes: keeping mail in a folder must be a decision.
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required when NODE_ENV=production (set MAIL_TRANSPORT=outbox to keep mail as files under DATA_DIR/outbox instead)',
    );
  }

  if (isProduction && e.PHOTO_VERIFICATION_TEST_POSE) {
    // A fixed pose would let an old selfie answer every challenge.
    throw new ConfigError(
      'Invalid configuration:\n  PHOTO_VERIFICATION_TEST_POSE: for browser journeys only, never with NODE_ENV=production',
    );
  }
  const payments = paymentsConfig(e, isProduction);
  const mediaStorage = mediaStorageConfig(e);

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
    mailTransport,
    smtpUrl: mailTransport === 'smtp' ? e.SMTP_URL : undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    twilio: e.TWILIO_ACCOUNT_SID
      ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM! }
      : undefined,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
    bcryptCost: e.BCRYPT_COST,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR,
    envFile,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    imageSafetyWorkers: e.IMAGE_SAFETY_WORKERS,
    photoVerification: {
      workers: e.PHOTO_VERIFICATION_WORKERS,
      fixedPose: e.PHOTO_VERIFICATION_TEST_POSE,
    },
    payments,
    redisUrl: e.REDIS_URL,
    mediaStorage,
    metricsToken: e.METRICS_TOKEN,
  };
}

function mediaStorageConfig(e: z.output<typeof envSchema>): MediaStorageConfig {
  if ((e.MEDIA_STORAGE ?? 'local') === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when MEDIA_STORAGE=s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the default AWS credentials chain',
    );
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Self-hosted servers rarely have a DNS name per bucket; AWS itself prefers virtual hosts.
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? e.S3_FORCE_PATH_STYLE === 'true'
      : Boolean(e.S3_ENDPOINT),
  };
}

const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BEGINNER',
  'STRIPE_PRICE_PROFESSIONAL',
] as const;

/** Stripe when asked for (or when its key is set), else the test-mode provider, never in production. */
function paymentsConfig(e: z.output<typeof envSchema>, isProduction: boolean): PaymentsConfig {
  const provider = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  if (provider === 'test') {
    if (isProduction) {
      // The test-mode provider switches paid plans on without taking any money.
      throw new ConfigError(
        'Invalid configuration:\n  PAYMENTS_PROVIDER: the test-mode payments provider (no money is taken) is refused when NODE_ENV=production; set PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BEGINNER and STRIPE_PRICE_PROFESSIONAL',
      );
    }
    return { provider: 'test' };
  }
  const missing = STRIPE_SETTINGS.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when PAYMENTS_PROVIDER=stripe`).join('\n')}`,
    );
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    priceIds: { beginner: e.STRIPE_PRICE_BEGINNER!, professional: e.STRIPE_PRICE_PROFESSIONAL! },
  };
}

/** The env file to read: `ENV_FILE` (which must exist), else `.env` in `cwd` or at the project root. */
function findEnvFile(env: Record<string, string | undefined>, cwd: string): string | undefined {
  const named = env.ENV_FILE?.trim();
  if (named) {
    const file = path.resolve(cwd, named);
    if (!existsSync(file)) {
      throw new ConfigError(`Invalid configuration:\n  ENV_FILE: no such file: ${file}`);
    }
    return file;
  }
  return [path.join(cwd, '.env'), path.join(findProjectRoot(cwd), '.env')].find((file) =>
    existsSync(file),
  );
}

/**
 * The environment completed by the file's settings; a variable already set (even to '') wins. For
 * the process's own environment the settings are added to `process.env` itself, as `node
 * --env-file` would, so libraries reading it see the same values.
 */
function withEnvFile(
  env: Record<string, string | undefined>,
  file: string,
): Record<string, string | undefined> {
  const fromFile = parseEnvFile(readFileSync(file, 'utf8'));
  const target = env === process.env ? process.env : { ...env };
  for (const [name, value] of Object.entries(fromFile)) {
    if (target[name] === undefined) target[name] = value;
  }
  return target;
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
