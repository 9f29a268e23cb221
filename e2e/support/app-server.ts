import { createServer } from 'node:net';

/**
 * The environment of an app started by the browser suite: development mode on loopback with its own
 * DATA_DIR, the embedded database, the mail outbox and SMS dev mode, whatever the shell has set.
 */
export function localAppEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    TWILIO_ACCOUNT_SID: '',
    TWILIO_AUTH_TOKEN: '',
    TWILIO_FROM: '',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BCRYPT_COST: '10',
    // Every photo-verification challenge asks for this pose, the one the fake camera's picture
    // shows (e2e/fixtures); the API refuses this setting in production.
    PHOTO_VERIFICATION_TEST_POSE: 'tilt-left',
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
