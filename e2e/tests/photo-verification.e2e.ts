import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../support/axe.js';
import { launchBrowser, newMemberBrowser } from '../support/browser.js';
import { createVerifiedMember, rememberSignedIn } from '../support/members.js';
import { createFinishedProfile } from '../support/profiles.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The camera: the face below, tilted towards the person's left shoulder (fixtures/README.md). */
const FAKE_CAMERA = path.join(here, '..', 'fixtures', 'selfie-tilted-left.mjpeg');
/** The same face, upright: the member's profile photo. */
const PROFILE_PHOTO = readFileSync(
  path.join(here, '..', '..', 'apps/api/src/features/photo-verification/fixtures/face-07.jpg'),
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ fakeCamera: FAKE_CAMERA });
});
afterAll(async () => {
  await browser?.close();
});

describe('photo verification', () => {
  it('a member copies the pose in front of the camera, is verified, and the mark shows beside their name', async () => {
    const stamp = Date.now().toString(36);
    const { context, page, errors } = await newMemberBrowser(browser);
    const member = await createVerifiedMember(context, {
      firstName: 'Selma',
      lastName: `Vidal${stamp}`,
    });
    await createFinishedProfile(
      context,
      member,
      {
        age: 30,
        gender: 'female',
        location: 'Porto, Portugal',
        bio: 'Hello.',
        interests: ['Travel', 'Music', 'Art'],
      },
      { name: 'me.jpg', mimeType: 'image/jpeg', buffer: PROFILE_PHOTO },
    );
    await rememberSignedIn(page, member);

    await page.goto('/settings/photo-verification');
    await page.getByRole('heading', { name: 'Verify your photos' }).waitFor();
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.getByText('Tilt your head towards your left shoulder').waitFor();
    // The fake camera's stream plays in the preview; the picture is taken from it.
    const preview = page.getByLabel('Camera preview');
    await preview.waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && video.videoWidth > 0;
    });
    await expectNoSeriousViolations(page, 'verify your photos with the camera on');
    await page.getByRole('button', { name: 'Take selfie' }).click();
    await page.getByRole('img', { name: 'Your selfie' }).waitFor();
    await page.getByRole('button', { name: 'Send selfie' }).click();
    // The face model may take a while on the first selfie (it loads in its worker).
    await page
      .getByText('Your photos are verified. The photo-verified mark now shows beside your name.')
      .waitFor({ timeout: 120_000 });

    await page.goto(`/viewprofile/${member.id}`);
    const heading = page.getByRole('heading', { level: 1, name: new RegExp(member.lastName) });
    await heading.waitFor();
    await expect(heading.getByRole('img', { name: 'Photo verified' }).isVisible()).resolves.toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
