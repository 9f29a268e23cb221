import type { Config } from '../apps/api/src/config.js';

/** What every benchmark request carries: the proxy's word that the client spoke HTTPS. */
export const BENCH_PROXY_HEADERS = { 'x-forwarded-proto': 'https' };

/**
 * The environment the benchmarks start the built API with: production mode on loopback, on the
 * seeded database of `config`, with stand-ins for the outside services production insists on
 * (nothing in a benchmark reaches them) and brute-force limits out of the way.
 */

export function productionBenchEnv(config: Config, port: number): NodeJS.ProcessEnv {
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: config.dataDir,
    SESSION_SECRET: config.sessionSecret,
    DATA_ENCRYPTION_KEY: config.dataEncryptionKey.toString('hex'),
    MAIL_TRANSPORT: 'outbox',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'benchmark',
    TWILIO_FROM: '+15005550006',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_benchmark',
    STRIPE_WEBHOOK_SECRET: 'whsec_benchmark',
    STRIPE_PRICE_BEGINNER: 'price_benchmark_beginner',
    STRIPE_PRICE_PROFESSIONAL: 'price_benchmark_professional',
    RATE_LIMIT_MULTIPLIER: '100000',
    LOG_LEVEL: 'warn',
    // Production's session cookie is Secure: the benchmark speaks plain HTTP on loopback as a
    // TLS-terminating proxy would, saying so with X-Forwarded-Proto (BENCH_PROXY_HEADERS).
    TRUST_PROXY: 'loopback',
  };
}
