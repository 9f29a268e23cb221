import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. No browser downloads. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error('Chromium not found: apt-get install chromium, or set CHROMIUM_PATH');
  return found;
}

export interface LaunchOptions {
  /**
   * A video file (.mjpeg or .y4m) Chromium shows as the camera, with camera access granted without
   * asking (photo verification's selfie).
   */
  fakeCamera?: string;
}

export async function launchBrowser({ fakeCamera }: LaunchOptions = {}): Promise<Browser> {
  const cameraArgs = fakeCamera
    ? [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${fakeCamera}`,
      ]
    : [];
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      ...cameraArgs,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      // This machine has no network: keep Chromium from trying to reach Google's services.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface MemberBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far: a journey should end with none. */
  errors: string[];
}

/** A fresh browser profile (its own cookies and storage), as a separate person would have. */
export async function newMemberBrowser(browser: Browser): Promise<MemberBrowser> {
  const baseURL = inject('baseUrl');
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    // The API refuses state-changing requests that do not say which site sent them: the page's
    // own requests carry Origin anyway, and the journeys' direct API calls (context.request) now
    // do too.
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A 4xx the app handles (e.g. a wrong code) is logged by Chromium as a failed resource: not a bug.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}
