import type { Profile } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { respond } from '../../../testing/api';
import { mockApi, renderApp } from '../../../testing/render';
import { buildProfile, MEMBER_ID, OTHER_ID } from '../testing/fixtures';

/** The owner changes their profile after the wizard: Edit profile, and the photos' order. */

const LYON = {
  name: 'Lyon',
  country: 'France',
  countryCode: 'FR',
  latitude: 45.75,
  longitude: 4.85,
  label: 'Lyon, France',
};

const PHOTOS = ['/api/media/a1.webp', '/api/media/a2.webp', '/api/media/a3.webp'];
const THUMBS = ['/api/media/a1-t.webp', '/api/media/a2-t.webp', '/api/media/a3-t.webp'];

function mockOwnProfile(profile: Profile, overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /api/profile/${MEMBER_ID}`]: { body: { success: true, profile } },
    [`GET /api/connections/getFollowersAndFollowings/${MEMBER_ID}`]: {
      body: { success: true, followersCount: 0, followingsCount: 0 },
    },
    [`GET /api/users/${MEMBER_ID}/subscription`]: {
      body: {
        success: true,
        subscription: { planName: 'professional', status: 'active', trialEndDate: null },
      },
    },
    [`GET /api/posts/user/${MEMBER_ID}`]: {
      body: { success: true, posts: [], nextCursor: null },
    },
    'GET /api/geo/cities': () => respond(200, { success: true, cities: [LYON] }),
    ...overrides,
  });
}

beforeEach(() => {
  window.localStorage.setItem('userId', MEMBER_ID);
});

async function openOwnProfile() {
  renderApp(`/viewprofile/${MEMBER_ID}`);
  await screen.findByRole('heading', { level: 1, name: /Zoë Ångström/ }, { timeout: 5_000 });
  return userEvent.setup();
}

describe('Edit profile', () => {
  it('edits bio, interests and location (from the city suggestions), saves them with POST /profile/update and shows them on the page', async () => {
    const profile = buildProfile();
    const saved = buildProfile({
      bio: 'Climbing and jazz.',
      interests: ['Travel', 'Music', 'Sports'],
      location: { formatted_address: 'Lyon, France', city: 'Lyon', country: 'France' },
    });
    const calls = mockOwnProfile(profile, {
      [`POST /api/profile/update/${MEMBER_ID}`]: () =>
        respond(200, {
          success: true,
          message: 'Profile updated successfully',
          photos: saved.photos,
          thumbnails: saved.thumbnails,
          profilePicture: saved.profilePicture,
          profile: saved,
        }),
    });
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });

    // Prefilled with the profile as it is.
    expect(within(dialog).getByRole('textbox', { name: /First Name/ })).toHaveValue('Zoë');
    expect(within(dialog).getByRole('spinbutton', { name: /Age/ })).toHaveValue(29);
    expect(within(dialog).getByRole('button', { name: 'Music', pressed: true })).toBeVisible();

    const bio = within(dialog).getByRole('textbox', { name: /Bio/ });
    await user.clear(bio);
    await user.type(bio, 'Climbing and jazz.');
    await user.click(within(dialog).getByRole('button', { name: 'Sports' }));
    const location = within(dialog).getByRole('combobox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'Lyo');
    await user.click(await within(dialog).findByRole('option', { name: 'Lyon, France' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const update = calls.find((call) => call.key === `POST /api/profile/update/${MEMBER_ID}`);
    expect(update?.body).toEqual({
      firstName: 'Zoë',
      lastName: 'Ångström',
      age: 29,
      gender: 'female',
      sexuality: 'bisexual',
      location: {
        formatted_address: 'Lyon, France',
        city: 'Lyon',
        country: 'France',
        latitude: 45.75,
        longitude: 4.85,
      },
      bio: 'Climbing and jazz.',
      interests: ['Travel', 'Music', 'Sports'],
    });
    // The page shows the saved profile at once.
    expect(screen.getByText('Climbing and jazz.')).toBeInTheDocument();
    const interests = screen.getByRole('region', { name: 'Interests' });
    expect(within(interests).getByText('Sports')).toBeInTheDocument();
    expect(screen.getAllByText('Lyon, France').length).toBeGreaterThan(0);
  });

  it('checks the fields with the wizard’s rules before sending (age 17 is refused)', async () => {
    const calls = mockOwnProfile(buildProfile());
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const age = within(dialog).getByRole('spinbutton', { name: /Age/ });
    await user.clear(age);
    await user.type(age, '17');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('You must be at least 18 years old')).toBeVisible();
    expect(calls.some((call) => call.key.startsWith('POST /api/profile/update'))).toBe(false);
  });

  it("says the server's refusal in the dialog", async () => {
    mockOwnProfile(buildProfile(), {
      [`POST /api/profile/update/${MEMBER_ID}`]: () =>
        respond(400, {
          success: false,
          message: 'Please type a city for your location',
          code: 'VALIDATION_FAILED',
        }),
    });
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('Please type a city for your location'),
    ).toBeInTheDocument();
  });

  it("is not offered on someone else's profile", async () => {
    mockOwnProfile(buildProfile(), {
      [`GET /api/profile/${OTHER_ID}`]: {
        body: {
          success: true,
          profile: buildProfile({ _id: OTHER_ID, userId: OTHER_ID, firstName: 'Ana' }),
        },
      },
      [`GET /api/connections/getFollowersAndFollowings/${OTHER_ID}`]: {
        body: { success: true, followersCount: 0, followingsCount: 0 },
      },
      'POST /api/connections/isFollowing': { body: { success: true, isConnection: false } },
      [`GET /api/posts/user/${OTHER_ID}`]: {
        body: { success: true, posts: [], nextCursor: null },
      },
      [`GET /api/mutes/${OTHER_ID}`]: { body: { success: true, muted: false } },
    });
    renderApp(`/viewprofile/${OTHER_ID}`);
    await screen.findByRole('heading', { level: 1, name: /Ana Ångström/ }, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });
});

describe('Reordering photos (Manage photos)', () => {
  const profileWithThree = () =>
    buildProfile({ photos: PHOTOS, thumbnails: THUMBS, profilePicture: PHOTOS[0]! });

  const altsInList = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('list', { name: 'Your photos' }))
      .getAllByRole('img')
      .map((image) => image.getAttribute('src'));

  it('moves a photo with the Move left button and makes another the profile picture; each order is saved with PUT /profile/photos/order', async () => {
    const calls = mockOwnProfile(profileWithThree(), {
      'PUT /api/profile/photos/order': (body) => {
        const photos = (body as { photos: string[] }).photos;
        return respond(200, {
          success: true,
          message: 'Photos updated',
          photos,
          thumbnails: photos.map((url) => THUMBS[PHOTOS.indexOf(url)]),
          profilePicture: photos[0],
        });
      },
    });
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Manage photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage photos' });
    expect(within(dialog).getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move photo 3 right' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Move photo 2 left' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Move photo 2 left' })).toBeEnabled(),
    );
    expect(altsInList(dialog)).toEqual([THUMBS[1], THUMBS[0], THUMBS[2]]);
    expect(within(dialog).getByText('Photo 2 is now the profile picture.')).toHaveAttribute(
      'role',
      'status',
    );

    await user.click(
      within(dialog).getByRole('button', { name: 'Make photo 3 the profile picture' }),
    );
    await waitFor(() => expect(altsInList(dialog)).toEqual([THUMBS[2], THUMBS[1], THUMBS[0]]));
    expect(
      calls.filter((call) => call.key === 'PUT /api/profile/photos/order').map((c) => c.body),
    ).toEqual([
      { photos: [PHOTOS[1], PHOTOS[0], PHOTOS[2]] },
      { photos: [PHOTOS[2], PHOTOS[1], PHOTOS[0]] },
    ]);

    // The member's posts are fetched again: their author picture is the new first photo.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.key === `GET /api/posts/user/${MEMBER_ID}`).length,
      ).toBeGreaterThan(1),
    );

    // The page behind shows the new profile picture at once.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const hero = screen.getByRole('region', { name: /Zoë Ångström/ });
    // The avatar is decorative beside the name: found by its picture.
    expect(hero.querySelector(`img[src="${THUMBS[2]}"]`)).not.toBeNull();
    expect(
      screen.getByRole('button', { name: 'View photo 1 of 3' }).querySelector('img'),
    ).toHaveAttribute('src', THUMBS[2]);
  });

  it("keeps each photo's description with its photo when the order changes", async () => {
    const alts = ['A beach at sunset', null, 'Climbing a wall'];
    mockOwnProfile(
      { ...profileWithThree(), photoAlts: alts },
      {
        'PUT /api/profile/photos/order': (body) => {
          const photos = (body as { photos: string[] }).photos;
          return respond(200, {
            success: true,
            message: 'Photos updated',
            photos,
            thumbnails: photos.map((url) => THUMBS[PHOTOS.indexOf(url)]),
            photoAlts: photos.map((url) => alts[PHOTOS.indexOf(url)]),
            profilePicture: photos[0],
          });
        },
      },
    );
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Manage photos' }));
    let dialog = await screen.findByRole('dialog', { name: 'Manage photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Move photo 2 left' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Move photo 2 left' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    // Opened again, the descriptions are read from the profile as it is now.
    await user.click(screen.getByRole('button', { name: 'Manage photos' }));
    dialog = await screen.findByRole('dialog', { name: 'Manage photos' });
    const description = (n: number) =>
      within(dialog).getByRole('textbox', {
        name: `Describe this image for people who can't see it (photo ${n})`,
      });
    expect(description(1)).toHaveValue('');
    expect(description(2)).toHaveValue('A beach at sunset');
    expect(description(3)).toHaveValue('Climbing a wall');
  });

  it('puts the photos back as they were when the server refuses the order', async () => {
    mockOwnProfile(profileWithThree(), {
      'PUT /api/profile/photos/order': () =>
        respond(400, {
          success: false,
          message: 'The new order must list each of your photos exactly once',
          code: 'VALIDATION_FAILED',
        }),
    });
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Manage photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Move photo 1 right' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Move photo 1 right' })).toBeEnabled(),
    );
    expect(altsInList(dialog)).toEqual(THUMBS);
  });

  it('offers a keyboard drag handle for each photo (dnd-kit sortable)', async () => {
    mockOwnProfile(profileWithThree());
    const user = await openOwnProfile();
    await user.click(screen.getByRole('button', { name: 'Manage photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage photos' });
    const handle = within(dialog).getByRole('button', { name: 'Drag photo 2 to reorder' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAttribute('aria-describedby');
  });
});
