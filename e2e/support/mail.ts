import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Reads the newest 6-digit code sent to an address from the app's development outbox
 * (DATA_DIR/outbox/*.eml), waiting for it to arrive.
 */
export async function latestEmailCode(
  to: string,
  timeoutMs = 15_000,
  /** The app's DATA_DIR: the suite's server by default, or one a journey started itself. */
  dataDir: string = inject('dataDir'),
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    const mine = files.filter((file) => file.includes(to.replace(/[^a-zA-Z0-9@._-]/g, '_'))).sort();
    const newest = mine.at(-1);
    if (newest) {
      const raw = await readFile(path.join(outbox, newest), 'utf8');
      const code = decodeQuotedPrintable(raw).match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
