import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'kindred-payments-config-'));

const production = () => ({
  NODE_ENV: 'production',
  DATA_DIR: tempDir(),
  SESSION_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: 'a'.repeat(64),
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
  SMTP_URL: 'smtp://mail.example:587',
});

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_PRICE_BEGINNER: 'price_beginner',
  STRIPE_PRICE_PROFESSIONAL: 'price_professional',
};

describe('payments provider configuration', () => {
  it('uses the test-mode provider by default in development and tests', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir() }).payments).toEqual({
      provider: 'test',
    });
  });

  it('refuses to start in production with the test-mode provider, saying why and what to set', () => {
    for (const env of [production(), { ...production(), PAYMENTS_PROVIDER: 'test' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        /PAYMENTS_PROVIDER: the test-mode payments provider \(no money is taken\) is refused when NODE_ENV=production/,
      );
    }
  });

  it('uses Stripe when its key is set, with the price id of each plan', () => {
    const config = loadConfig({ ...production(), ...stripe });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      priceIds: { beginner: 'price_beginner', professional: 'price_professional' },
    });
  });

  it('names every missing Stripe setting', () => {
    const env = { ...production(), PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' };
    expect(() => loadConfig(env)).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe\n {2}STRIPE_PRICE_BEGINNER: required.*\n {2}STRIPE_PRICE_PROFESSIONAL: required/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENTS_PROVIDER: 'paypal' })).toThrow(
      /PAYMENTS_PROVIDER: must be test or stripe/,
    );
  });
});
