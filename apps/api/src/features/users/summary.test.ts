import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { mediaUrl } from '../media/index.js';
import { loadMemberSummaries } from './summary.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('member summaries', () => {
  it("carry each member's own first photo as the picture, and leave hidden members out", async () => {
    const viewer = await buildUser(t.context);
    const withPhotos = await buildUser(t.context);
    const withoutPhotos = await buildUser(t.context);
    const disabled = await buildUser(t.context, { status: 'disabled' });
    const photo = (userId: string, position: number) => ({
      userId,
      position,
      storageKey: `photo-${userId}-${position}.webp`,
      thumbnailKey: `photo-${userId}-${position}-thumb.webp`,
      width: 10,
      height: 10,
      bytes: 10,
    });
    await t.context.db
      .insert(photos)
      .values([photo(withPhotos.id, 1), photo(withPhotos.id, 0), photo(disabled.id, 0)]);

    const summaries = await loadMemberSummaries(t.context.db, viewer.id, [
      withPhotos.id,
      withoutPhotos.id,
      disabled.id,
      withPhotos.id,
    ]);

    expect([...summaries.keys()].sort()).toEqual([withPhotos.id, withoutPhotos.id].sort());
    expect(summaries.get(withPhotos.id)?.profilePicture).toBe(
      mediaUrl(`photo-${withPhotos.id}-0-thumb.webp`),
    );
    expect(summaries.get(withoutPhotos.id)?.profilePicture).toBeNull();
  });
});
