import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://kindred.example');
    expect(config.twilio?.from).toBe('+15005550006');
  });
});
