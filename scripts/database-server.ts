import { openDatabase } from '../apps/api/src/db/client.js';

/** A load run's own database on a PostgreSQL server: made before the run, dropped after it. */

/** One statement on the server's database (CREATE/DROP DATABASE for the run's own). */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
  try {
    await admin.pool!.query(text);
  } finally {
    await admin.close();
  }
}

/** The server's URL naming another database. */
export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
