import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { codeMigrationLevel, MANIFEST_FILE, type BackupManifest } from '../db/backup.js';
import { pngImage } from '../features/posts/test-factories.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminQuery, serverDatabaseName, withDatabaseName } from '../test/database.js';
import { sessionCookieFor, signedInUser } from '../test/factories.js';
import { main as backup } from './db-backup.js';
import { main as exportTo } from './db-export-to.js';
import { main as restore } from './db-restore.js';

// Both installations share the secrets: what an operator keeps safe next to the backup.
const SECRETS = {
  SESSION_SECRET: 'backup-test-session-secret-0123456789abcdef',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const serverUrl = process.env.TEST_DATABASE_URL;

// Each test migrates or copies whole databases on disk.
vi.setConfig({ testTimeout: 120_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `kindred-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of its own on the test server, dropped after the test. */
async function scratchDatabase(): Promise<string> {
  const name = serverDatabaseName('test');
  await adminQuery(serverUrl!, `CREATE DATABASE "${name}"`);
  cleanups.push(async () => {
    await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  return withDatabaseName(serverUrl!, name);
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

/** A running app on the given installation (its DATA_DIR, and DATABASE_URL or its embedded files). */
async function instance(dataDir: string, databaseUrl?: string): Promise<TestApp> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const template = inject('testDatabaseTemplate');
  // A new embedded database starts from the run's migrated image (migrating one takes long).
  const pgliteImage =
    template.engine === 'pglite' && !existsSync(path.join(pgliteDir, 'PG_VERSION'))
      ? new Blob([readFileSync(template.imageFile)])
      : undefined;
  const database: DatabaseHandle = await openDatabase(
    databaseUrl ? { url: databaseUrl, poolSize: 3 } : { pgliteDir, pgliteImage },
  );
  return createTestApp({
    database,
    env: { DATA_DIR: dataDir, ...SECRETS, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
}

interface Population {
  members: string[];
  posts: string[];
  comments: string[];
  likes: string[];
  follows: string[];
  mediaUrl: string;
  media: Buffer;
  authorId: string;
  postId: string;
}

/** Members, a post with a picture, a comment and a reply to it, a like and a follow — through HTTP. */
async function populate(t: TestApp): Promise<Population> {
  const author = await signedInUser(t.context);
  const reader = await signedInUser(t.context);
  const post = await request(t.app)
    .post('/api/posts/create')
    .set('Cookie', author.cookie)
    .field('title', 'Kept safe')
    .field('privacy', 'public')
    .attach('media', await pngImage(), { filename: 'p.png', contentType: 'image/png' });
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  const postId = post.body.post._id as string;
  const comment = await request(t.app)
    .post(`/api/posts/${postId}/comments`)
    .set('Cookie', reader.cookie)
    .send({ content: 'Lovely' });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  const reply = await request(t.app)
    .post(`/api/posts/${postId}/comments`)
    .set('Cookie', author.cookie)
    .send({ content: 'Thanks', parentCommentId: comment.body.comment._id });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  expect(
    (await request(t.app).post('/api/posts/like').set('Cookie', reader.cookie).send({ postId }))
      .status,
  ).toBe(200);
  expect(
    (
      await request(t.app)
        .post('/api/connections/follow')
        .set('Cookie', reader.cookie)
        .send({ followedUserId: author.user.id })
    ).status,
  ).toBe(200);
  const mediaUrl = post.body.post.media.url as string;
  const media = await request(t.app).get(mediaUrl).set('Cookie', reader.cookie).buffer(true);
  expect(media.status).toBe(200);
  return {
    ...(await contents(t)),
    mediaUrl,
    media: media.body as Buffer,
    authorId: author.user.id,
    postId,
  };
}

async function contents(t: TestApp) {
  const ids = async (text: string) =>
    ((await t.context.db.execute(text)) as unknown as { rows: { id: string }[] }).rows
      .map((row) => row.id)
      .sort();
  return {
    members: await ids('SELECT id::text AS id FROM users'),
    posts: await ids('SELECT id::text AS id FROM posts'),
    comments: await ids('SELECT id::text AS id FROM comments'),
    likes: await ids(`SELECT post_id || '/' || user_id AS id FROM post_likes`),
    follows: await ids(`SELECT follower_id || '/' || followee_id AS id FROM follows`),
  };
}

/** The restored installation holds every row and serves the media file to a member. */
async function expectSameInstallation(t: TestApp, before: Population) {
  const after = await contents(t);
  expect(after.members).toEqual(before.members);
  expect(after.posts).toEqual(before.posts);
  expect(after.comments).toEqual(before.comments);
  expect(after.likes).toEqual(before.likes);
  expect(after.follows).toEqual(before.follows);
  expect(before.comments).toHaveLength(2);
  expect(before.likes).toHaveLength(1);
  expect(before.follows).toHaveLength(1);
  const cookie = await sessionCookieFor(t.context, before.authorId);
  const post = await request(t.app).get(`/api/posts/${before.postId}`).set('Cookie', cookie);
  expect(post.status).toBe(200);
  expect(post.body.post.media.url).toBe(before.mediaUrl);
  const media = await request(t.app).get(before.mediaUrl).set('Cookie', cookie).buffer(true);
  expect(media.status).toBe(200);
  expect(Buffer.compare(media.body as Buffer, before.media)).toBe(0);
}

describe('pnpm db:backup / db:restore on the embedded engine', () => {
  it('backs up a populated installation and restores every member, post, comment, like, follow and media file into a fresh one', async () => {
    const source = tempDir('source');
    const t = await instance(source);
    const before = await populate(t);

    // While the server holds the embedded database, a backup is refused and says why.
    const refused = capture();
    const backupDir = path.join(tempDir('backups'), 'nightly');
    expect(
      await backup([backupDir], { env: { DATA_DIR: source, ...SECRETS }, io: refused.io }),
    ).toBe(1);
    expect(refused.err.join('\n')).toMatch(/stop the Kindred server first/);
    await t.close();

    const made = capture();
    expect(await backup([backupDir], { env: { DATA_DIR: source, ...SECRETS }, io: made.io })).toBe(
      0,
    );
    const manifest = JSON.parse(
      readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8'),
    ) as BackupManifest;
    expect(manifest).toMatchObject({
      app: 'kindred',
      engine: 'pglite',
      migration: codeMigrationLevel(),
      mediaFiles: readdirSync(path.join(backupDir, 'media'), { recursive: true }).filter((f) =>
        String(f).includes('.'),
      ).length,
    });
    expect(manifest.mediaFiles).toBeGreaterThan(0);
    expect(made.out.join('\n')).toMatch(/DATA_ENCRYPTION_KEY/);

    const target = tempDir('target');
    const restored = capture();
    expect(
      await restore([backupDir], { env: { DATA_DIR: target, ...SECRETS }, io: restored.io }),
    ).toBe(0);
    // A second restore onto the now populated installation needs --force.
    const again = capture();
    expect(
      await restore([backupDir], { env: { DATA_DIR: target, ...SECRETS }, io: again.io }),
    ).toBe(1);
    expect(again.err.join('\n')).toMatch(/--force/);
    expect(
      await restore(['--force', backupDir], {
        env: { DATA_DIR: target, ...SECRETS },
        io: capture().io,
      }),
    ).toBe(0);

    const fresh = await instance(target);
    try {
      await expectSameInstallation(fresh, before);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a backup from a newer version, a folder that is not a backup, and a non-empty backup folder', async () => {
    const backupDir = tempDir('fake-backup');
    const notBackup = capture();
    expect(await restore([backupDir], { env: { DATA_DIR: tempDir('t') }, io: notBackup.io })).toBe(
      1,
    );
    expect(notBackup.err.join('\n')).toMatch(/no manifest\.json/);

    const code = codeMigrationLevel();
    const manifest: BackupManifest = {
      format: 1,
      app: 'kindred',
      version: '99.0.0',
      engine: 'pglite',
      migration: { tag: '9999_from_the_future', when: code.when + 1 },
      createdAt: new Date().toISOString(),
      databaseFile: 'pglite.tar.gz',
      mediaFiles: 0,
    };
    writeFileSync(path.join(backupDir, MANIFEST_FILE), JSON.stringify(manifest));
    writeFileSync(path.join(backupDir, 'pglite.tar.gz'), '');
    const newer = capture();
    expect(await restore([backupDir], { env: { DATA_DIR: tempDir('t') }, io: newer.io })).toBe(1);
    expect(newer.err.join('\n')).toMatch(/newer migration \(9999_from_the_future/);

    const occupied = capture();
    expect(await backup([backupDir], { env: { DATA_DIR: tempDir('s') }, io: occupied.io })).toBe(1);
    expect(occupied.err.join('\n')).toMatch(/is not empty/);
  });
});

describe('pnpm db:backup on PostgreSQL without suitable client tools', () => {
  const withPath = async <T>(dir: string, run: () => Promise<T>): Promise<T> => {
    const saved = process.env.PATH;
    process.env.PATH = dir;
    try {
      return await run();
    } finally {
      process.env.PATH = saved;
    }
  };

  it('refuses, saying so, when pg_dump is not installed', async () => {
    const backupDir = path.join(tempDir('no-tools'), 'b');
    const refused = capture();
    const code = await withPath(tempDir('empty-path'), () =>
      backup([backupDir], {
        env: { DATA_DIR: tempDir('d'), DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
        io: refused.io,
      }),
    );
    expect(code).toBe(1);
    expect(refused.err.join('\n')).toMatch(
      /pg_dump was not found: install the PostgreSQL client tools/,
    );
    expect(existsSync(backupDir)).toBe(false);
  });

  it.skipIf(!serverUrl)('refuses a pg_dump older than the server (TEST_DATABASE_URL)', async () => {
    const bin = tempDir('old-pg-dump');
    writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', {
      mode: 0o755,
    });
    const refused = capture();
    const code = await withPath(bin, () =>
      backup([path.join(tempDir('old'), 'b')], {
        env: { DATA_DIR: tempDir('d'), DATABASE_URL: serverUrl! },
        io: refused.io,
      }),
    );
    expect(code).toBe(1);
    expect(refused.err.join('\n')).toMatch(
      /older than the PostgreSQL server \(major version \d+\)/,
    );
  });
});

describe.skipIf(!serverUrl)('pnpm db:backup / db:restore on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('backs up with pg_dump and restores every row and media file into a fresh database', async () => {
    const sourceUrl = await scratchDatabase();
    const source = tempDir('pg-source');
    const t = await instance(source, sourceUrl);
    const before = await populate(t);
    await t.close();

    const backupDir = path.join(tempDir('pg-backups'), 'nightly');
    const made = capture();
    expect(
      await backup([backupDir], {
        env: { DATA_DIR: source, DATABASE_URL: sourceUrl, ...SECRETS },
        io: made.io,
      }),
      made.err.join('\n'),
    ).toBe(0);
    expect(JSON.parse(readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8'))).toMatchObject({
      engine: 'postgres',
      migration: codeMigrationLevel(),
      databaseFile: 'postgres.dump',
    });

    const targetUrl = await scratchDatabase();
    const target = tempDir('pg-target');
    const env = { DATA_DIR: target, DATABASE_URL: targetUrl, ...SECRETS };
    const restored = capture();
    expect(await restore([backupDir], { env, io: restored.io }), restored.err.join('\n')).toBe(0);
    const again = capture();
    expect(await restore([backupDir], { env, io: again.io })).toBe(1);
    expect(again.err.join('\n')).toMatch(/already (?:has tables|holds media files).*--force/);
    expect(await restore(['--force', backupDir], { env, io: capture().io })).toBe(0);

    const fresh = await instance(target, targetUrl);
    try {
      await expectSameInstallation(fresh, before);
    } finally {
      await fresh.close();
    }
  });
});

describe.skipIf(!serverUrl)('pnpm db:export-to (embedded → PostgreSQL, TEST_DATABASE_URL)', () => {
  it('moves every row to a PostgreSQL database, keeps the media where they are, and refuses a target with members', async () => {
    const dataDir = tempDir('export');
    const t = await instance(dataDir);
    const before = await populate(t);

    const targetUrl = await scratchDatabase();
    const busy = capture();
    expect(
      await exportTo([targetUrl], { env: { DATA_DIR: dataDir, ...SECRETS }, io: busy.io }),
    ).toBe(1);
    expect(busy.err.join('\n')).toMatch(/stop the Kindred server first/);
    await t.close();

    const moved = capture();
    expect(
      await exportTo([targetUrl], { env: { DATA_DIR: dataDir, ...SECRETS }, io: moved.io }),
      moved.err.join('\n'),
    ).toBe(0);
    expect(moved.out.join('\n')).toMatch(/DATABASE_URL=/);

    const onServer = await instance(dataDir, targetUrl);
    try {
      await expectSameInstallation(onServer, before);
      // Ids keep counting after the copied ones (identity columns continue).
      await signedInUser(onServer.context);
    } finally {
      await onServer.close();
    }

    const twice = capture();
    expect(
      await exportTo([targetUrl], { env: { DATA_DIR: dataDir, ...SECRETS }, io: twice.io }),
    ).toBe(1);
    expect(twice.err.join('\n')).toMatch(/already has members/);
  });
});
