import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { deriveKey, sealSecret, TOTP_SECRET_PURPOSE } from './secret-box.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { createAppContext } from '../context.js';
import { checkDataEncryptionKey } from './encryption-key-check.js';
import { StartupError } from './startup-error.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('DATA_ENCRYPTION_KEY check at start', () => {
  it('accepts any key while no authenticator secret is stored', async () => {
    await expect(checkDataEncryptionKey(t.context.db, randomBytes(32))).resolves.toBeUndefined();
  });

  it('refuses to start with a key that cannot decrypt the stored secrets, saying what happened', async () => {
    const key = t.context.config.dataEncryptionKey;
    const user = await buildUser(t.context);
    await t.context.db
      .update(users)
      .set({
        totpSecretEncrypted: sealSecret(
          deriveKey(key, TOTP_SECRET_PURPOSE),
          'JBSWY3DPEHPK3PXP',
          user.id,
        ),
      })
      .where(eq(users.id, user.id));

    // The key the secrets were sealed with still starts.
    await expect(checkDataEncryptionKey(t.context.db, key)).resolves.toBeUndefined();

    // A changed key does not: the whole start is refused, with the reason and the remedy.
    const changed = { ...t.context.config, dataEncryptionKey: randomBytes(32) };
    const start = createAppContext(changed, {
      database: t.context.database,
      logger: t.context.logger,
    });
    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow(
      /DATA_ENCRYPTION_KEY cannot decrypt .* it differs from the key they were encrypted with.*Restore the previous DATA_ENCRYPTION_KEY/,
    );
  });
});
