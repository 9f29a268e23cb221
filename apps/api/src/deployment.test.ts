import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { findProjectRoot } from './config.js';

/**
 * The Docker files are linted here (no Docker engine runs in the test suite): the compose file is
 * parsed and checked for what an operator relies on, the ignore file and the image layout against
 * the README's commands.
 */

const root = findProjectRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  restart?: string;
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string | string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parseYaml(read('docker-compose.yml')) as {
  services: Record<string, ComposeService>;
};
const app = compose.services.app!;
const postgres = compose.services.postgres!;

/** `${NAME:-default}` → default, as compose substitutes it when NAME is unset. */
const withDefaults = (value: string) =>
  value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, (_match, fallback: string) => fallback);

describe('docker-compose.yml', () => {
  it('restarts the app and checks its readiness on /api/ready', () => {
    expect(app.restart).toBe('unless-stopped');
    expect(postgres.restart).toBe('unless-stopped');
    const test = [app.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toContain('http://127.0.0.1:3000/api/ready');
    expect(app.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('hard-codes no password or secret: each comes from the environment, with a clear error when unset', () => {
    const secretName = /PASSWORD|SECRET|KEY|TOKEN|SID/;
    for (const service of Object.values(compose.services)) {
      for (const [name, value] of Object.entries(service.environment ?? {})) {
        if (secretName.test(name)) {
          expect(value, name).toMatch(new RegExp(`^\\$\\{${name}:\\?set ${name} in \\.env\\}$`));
        }
      }
    }
    expect(app.environment?.DATABASE_URL).toBe(
      'postgres://kindred:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}@postgres:5432/kindred',
    );
    expect(read('docker-compose.yml')).not.toMatch(/:kindred@/);
  });

  it('publishes the app on 127.0.0.1 by default, says how to publish it, and not PostgreSQL', () => {
    expect(app.ports).toHaveLength(1);
    expect(withDefaults(app.ports![0]!)).toBe('127.0.0.1:3000:3000');
    expect(read('docker-compose.yml')).toMatch(/KINDRED_BIND=0\.0\.0\.0/);
    expect(postgres.ports).toBeUndefined();
  });

  it('reads only variables .env.example describes', () => {
    const example = read('.env.example');
    const names = new Set(
      [...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!),
    );
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });

  it('gives the app every setting production requires', () => {
    for (const name of [
      'NODE_ENV',
      'DATABASE_URL',
      'SESSION_SECRET',
      'DATA_ENCRYPTION_KEY',
      'SMTP_URL',
      'MAIL_TRANSPORT',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
      'PUBLIC_URL',
    ]) {
      expect(app.environment, name).toHaveProperty(name);
    }
  });
});

describe('.dockerignore', () => {
  const lines = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim());

  it('keeps local settings and data out of the image, but not .env.example', () => {
    expect(lines).toContain('.env');
    expect(lines).toContain('.env.*');
    expect(lines).toContain('!.env.example');
    expect(lines).toContain('data');
    expect(lines).toContain('**/node_modules');
  });
});

describe('the image', () => {
  const dockerfile = read('Dockerfile');
  const readme = read('README.md');

  it('has the migration command the README documents, built by tsup', () => {
    expect(readme).toContain('docker compose run --rm app node dist/db/migrate-cli.js');
    // tsup bundles src/db/migrate-cli.ts to dist/db/migrate-cli.js; the image copies dist/ and drizzle/ to /app.
    expect(read('apps/api/tsup.config.ts')).toContain("'src/db/migrate-cli.ts'");
    expect(dockerfile).toMatch(/cp -r apps\/api\/dist apps\/api\/drizzle \/out\//);
    expect(dockerfile).toMatch(/COPY --from=build \/out \/app/);
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
  });

  it('says in the README that the Docker files are linted, not run', () => {
    expect(readme).toMatch(/linted.*not run|not run.*linted/is);
  });
});
