import { desc, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { deriveKey, openSecret, SecretBoxError, TOTP_SECRET_PURPOSE } from './secret-box.js';
import { StartupError } from './startup-error.js';

/**
 * Refuses a DATA_ENCRYPTION_KEY that cannot open the secrets already stored: with it, every
 * member with two-factor sign-in would be locked out (their authenticator secret no longer
 * decrypts). The most recently stored authenticator secret is tried; a database with none yet
 * accepts any key.
 */
export async function checkDataEncryptionKey(db: Database, masterKey: Buffer): Promise<void> {
  const [row] = await db
    .select({ id: users.id, sealed: users.totpSecretEncrypted })
    .from(users)
    .where(isNotNull(users.totpSecretEncrypted))
    .orderBy(desc(users.updatedAt))
    .limit(1);
  if (!row?.sealed) return;
  try {
    openSecret(deriveKey(masterKey, TOTP_SECRET_PURPOSE), row.sealed, row.id);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new StartupError(
      'DATA_ENCRYPTION_KEY cannot decrypt the authenticator secrets stored in the database: it differs ' +
        'from the key they were encrypted with, and members with two-factor sign-in could not log in. ' +
        'Restore the previous DATA_ENCRYPTION_KEY (without one set, development uses the key kept in ' +
        'DATA_DIR/secrets.json) and start again.',
    );
  }
}
