import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, localAppEnv } from '../support/app-server.js';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn, type Member } from '../support/members.js';

/**
 * A reports a post; a moderator — granted with the operator command `admin:grant` — removes it; it
 * is gone from the feed. The embedded database lets one process at a time open its folder (see
 * apps/api/src/db/data-dir-lock.ts), so this journey runs its own app on its own DATA_DIR: it
 * stops the app, runs the built command on that DATA_DIR as an operator would, and starts the app
 * again (sessions live in the database, so everyone stays signed in).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

let browser: Browser;
let dataDir: string;
let port: number;
let baseUrl: string;
let app: ChildProcess | undefined;

async function startApp(): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, 'apps', 'api', 'dist', 'server.js')], {
    cwd: root,
    env: { ...localAppEnv(port, dataDir), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not become healthy within 60 s');
}

async function stopApp(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-e2e-moderation-'));
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  app = await startApp();
});
afterAll(async () => {
  await browser?.close();
  if (app) await stopApp(app);
  rmSync(dataDir, { recursive: true, force: true });
});

async function memberBrowser() {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    // The journey's direct API calls are the app's own: say so, as the browser does (CSRF rule).
    extraHTTPHeaders: { Origin: baseUrl },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}

async function publicPost(context: BrowserContext, title: string) {
  const post = await context.request.post('/api/posts/create', {
    multipart: { title, description: 'Cheap followers, click now.', privacy: 'public' },
  });
  expect(post.ok()).toBe(true);
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

describe('reporting and moderation', () => {
  it('A reports a post, a moderator granted by the CLI removes it, and it is gone from the feed', async () => {
    const stamp = Date.now().toString(36);
    const a = await memberBrowser();
    const b = await memberBrowser();
    const m = await memberBrowser();
    const reporter = await createVerifiedMember(
      a.context,
      { firstName: 'Runa', lastName: `Holm${stamp}` },
      { dataDir },
    );
    const author = await createVerifiedMember(
      b.context,
      { firstName: 'Piet', lastName: `Spammer${stamp}` },
      { dataDir },
    );
    const moderator = await createVerifiedMember(
      m.context,
      { firstName: 'Maren', lastName: `Wacht${stamp}` },
      { dataDir },
    );
    const title = `Buy followers ${stamp}`;
    const otherTitle = `Sunday market ${stamp}`;
    await publicPost(b.context, otherTitle);
    await publicPost(b.context, title);

    // The operator grants the role from the command line, on the app's own DATA_DIR.
    await stopApp(app!);
    const granted = await run(
      process.execPath,
      [path.join(root, 'apps', 'api', 'dist', 'cli', 'grant.js'), moderator.email, 'moderator'],
      { cwd: root, env: { ...localAppEnv(port, dataDir), LOG_LEVEL: 'warn' } },
    );
    expect(granted.stdout).toContain(`${moderator.email} is now moderator (was member).`);
    app = await startApp();

    // A reports the post from its ⋯ menu.
    await rememberSignedIn(a.page, reporter);
    await a.page.goto('/feed');
    const card = a.page.getByRole('article', { name: title, exact: true });
    await card.waitFor();
    await card.getByRole('button', { name: `More actions for the post “${title}”` }).click();
    await a.page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Report this post' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel(/Anything moderators should know/).fill('Posted in every group.');
    await expectNoSeriousViolations(a.page, 'report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await a.page.getByText('Thank you. Our moderators will look at your report.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The moderator (their role was stored at sign-in) follows the menu to the moderation page.
    await rememberSignedIn(m.page, moderator);
    await m.page.evaluate(() => localStorage.setItem('role', 'moderator'));
    await m.page.goto('/feed');
    await m.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Moderation' })
      .click();
    await m.page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    const item = m.page.getByRole('article', { name: `Post by ${fullName(author)}` });
    await item.getByText(title).waitFor();
    await item.getByText('Posted in every group.').waitFor();
    // No reporter is named on the page.
    expect(await m.page.getByText(reporter.lastName).count()).toBe(0);
    await expectNoSeriousViolations(m.page, 'moderation page');
    // R removes the active case.
    await m.page.keyboard.press('r');
    await m.page.getByText('Content removed and reports resolved.').first().waitFor();
    await m.page.getByRole('button', { name: 'Log', exact: true }).click();
    await m.page.getByText(`removed a post of ${fullName(author)}`).waitFor();

    // The post is gone from A's feed.
    await a.page.goto('/feed');
    await a.page.getByRole('article', { name: otherTitle, exact: true }).waitFor();
    expect(await a.page.getByRole('article', { name: title, exact: true }).count()).toBe(0);

    expect(a.errors).toEqual([]);
    expect(m.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
    await m.context.close();
  });
});
