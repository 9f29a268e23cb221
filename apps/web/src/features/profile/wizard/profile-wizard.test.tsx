import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { recordTimeouts } from '../../../testing/clock';
import type * as photoApi from '../api/photos';
import { savePhotoOrder, uploadPhoto } from '../api/photos';
import { buildProfile, imageFile, MEMBER_ID, stubGeolocation } from '../testing/fixtures';

// Uploads go through XMLHttpRequest (progress), which jsdom would send to the network: stub them.
vi.mock('../api/photos', async (importOriginal) => {
  const actual = await importOriginal<typeof photoApi>();
  return { ...actual, uploadPhoto: vi.fn(), savePhotoOrder: vi.fn() };
});

const NOT_FOUND = { status: 404, body: { success: false, message: 'Profile not found' } };
const SUBSCRIPTION = {
  planName: 'free',
  status: 'trial',
  trialEndDate: '2026-03-01T00:00:00.000Z',
};

function mockWizardApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /api/profile/${MEMBER_ID}`]: NOT_FOUND,
    [`GET /api/users/${MEMBER_ID}`]: {
      body: { success: true, user: { _id: MEMBER_ID, firstName: 'Zoë', lastName: 'Ångström' } },
    },
    'POST /api/subscription/select-plan': (body) => ({
      body: {
        success: true,
        message: 'Plan selected successfully',
        subscription: { ...SUBSCRIPTION, planName: (body as { planId: string }).planId },
      },
    }),
    'GET /api/geo/reverse': {
      body: {
        success: true,
        address: {
          city: 'Paris',
          town: null,
          village: null,
          suburb: null,
          state: 'Île-de-France',
          country: 'France',
        },
        displayName: 'Paris, Île-de-France, France',
        place: {
          name: 'Paris',
          region: 'Île-de-France',
          country: 'France',
          countryCode: 'FR',
          latitude: 48.857,
          longitude: 2.352,
          label: 'Paris, Île-de-France, France',
        },
      },
    },
    'GET /api/geo/cities': {
      body: {
        success: true,
        cities: [
          {
            name: 'Lisbon',
            country: 'Portugal',
            countryCode: 'PT',
            latitude: 38.71667,
            longitude: -9.13333,
            label: 'Lisbon, Portugal',
          },
          {
            name: 'Lisburn',
            country: 'United Kingdom',
            countryCode: 'GB',
            latitude: 54.52337,
            longitude: -6.03527,
            label: 'Lisburn, United Kingdom',
          },
        ],
      },
    },
    'POST /api/profile/create': {
      status: 201,
      body: { success: true, message: 'Profile created successfully' },
    },
    ...overrides,
  });
}

beforeEach(() => {
  window.localStorage.setItem('userId', MEMBER_ID);
  window.localStorage.setItem('sessionId', 'session-1');
  stubGeolocation({ latitude: 48.8566, longitude: 2.3522 });
  vi.mocked(uploadPhoto).mockReset();
  vi.mocked(savePhotoOrder).mockReset();
  let uploaded = 0;
  vi.mocked(uploadPhoto).mockImplementation(async (_file, onProgress) => {
    onProgress?.(100);
    uploaded += 1;
    return {
      success: true,
      url: `/api/media/p${uploaded}.webp`,
      thumbnailUrl: `/api/media/p${uploaded}-thumb.webp`,
      altText: null,
      message: 'Photo uploaded successfully',
    };
  });
  vi.mocked(savePhotoOrder).mockImplementation(async (_userId, photos) => ({
    success: true,
    message: 'Photos updated',
    photos,
    thumbnails: photos.map((url) => url.replace('.webp', '-thumb.webp')),
    photoAlts: photos.map(() => null),
    profilePicture: photos[0] ?? null,
  }));
});

afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'geolocation');
});

const next = () => screen.getByRole('button', { name: 'Next' });
const stepHeading = () => screen.getByRole('heading', { level: 2 });
const progress = () => screen.getByRole('progressbar', { name: /Step \d of 4/ });

async function openWizard() {
  const app = renderApp(`/profileedit/${MEMBER_ID}`);
  // The route's code loads on demand: allow for a cold start.
  await screen.findByRole('heading', { name: 'Choose Your Plan' }, { timeout: 5_000 });
  return { app, user: userEvent.setup({ delay: null }) };
}

async function fillPersonalDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Age'), '29');
  await user.selectOptions(screen.getByLabelText('Gender'), 'female');
  await user.selectOptions(screen.getByLabelText('Sexuality'), 'bisexual');
  await user.click(screen.getByRole('button', { name: 'Use my location' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Location')).toHaveValue('Paris, Île-de-France, France'),
  );
}

describe('profile wizard: step gating', () => {
  it('step 1 shows the three plans (no "cannot change your details" warning: they can be edited later), defaults to free and records the plan on Next', async () => {
    const calls = mockWizardApi();
    const { user } = await openWizard();
    expect(progress()).toHaveAttribute('aria-valuenow', '25');
    expect(screen.queryByText(/cannot change your details/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Trial-Free/ })).toBeChecked();
    expect(screen.getByText('60 days trial', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('$0/month')).toBeInTheDocument();
    expect(screen.getByText('$5/month')).toBeInTheDocument();
    expect(screen.getByText('$15/month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    // The wizard keeps the plain header: no member search until the profile is filled in.
    expect(screen.queryByRole('combobox', { name: 'Search members' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Professional/ }));
    await user.click(next());

    expect(await screen.findByRole('heading', { name: 'Personal Details' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    expect(calls.find((call) => call.key === 'POST /api/subscription/select-plan')?.body).toEqual({
      userId: MEMBER_ID,
      planId: 'professional',
    });
  });

  it('a paid plan not paid for yet goes to checkout (402 CHECKOUT_REQUIRED), to come back to this step', async () => {
    const checkoutId = 'Q2hlY2tvdXQtaWQtZm9yLXdpemFyZC0wMTIz';
    const calls = mockWizardApi({
      'POST /api/subscription/select-plan': {
        status: 402,
        body: {
          success: false,
          message: 'Complete checkout to switch to a paid plan',
          code: 'CHECKOUT_REQUIRED',
        },
      },
      'POST /api/subscription/checkout': {
        body: { success: true, url: `/checkout/test/${checkoutId}` },
      },
      [`GET /api/subscription/checkout/test/${checkoutId}`]: {
        body: {
          success: true,
          session: {
            id: checkoutId,
            planId: 'professional',
            planName: 'Professional',
            priceLabel: '$15/month',
            status: 'open',
            returnPath: `/profileedit/${MEMBER_ID}`,
          },
        },
      },
    });
    const { user } = await openWizard();
    await user.click(screen.getByRole('radio', { name: /Professional/ }));
    await user.click(next());

    expect(
      await screen.findByRole('heading', { name: 'Checkout' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/subscription/checkout')?.body).toEqual({
      planId: 'professional',
      returnPath: `/profileedit/${MEMBER_ID}`,
    });
  });

  it('step 2 blocks Next until names, age, gender, sexuality and location are filled', async () => {
    mockWizardApi();
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    // The names given at sign-up are filled in.
    expect(screen.getByLabelText('First Name')).toHaveValue('Zoë');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Ångström');
    expect(next()).toHaveAttribute('aria-disabled', 'true');

    await user.click(next());
    // Said once the form's asynchronous check of the step (react-hook-form's resolver) is done.
    expect(await screen.findByText('Please complete all required fields')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Personal Details');
    expect(screen.getByText('Location is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Age'), '29');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.selectOptions(screen.getByLabelText('Sexuality'), 'bisexual');
    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Personal Details');

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue('Paris, Île-de-France, France'),
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).not.toHaveAttribute('readonly');
    // Complete: the message goes and Next moves on.
    expect(screen.queryByText('Please complete all required fields')).not.toBeInTheDocument();
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Upload Photos' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '75');
  });

  it('step 2 refuses an age under 18 and counts the bio up to 500 characters', async () => {
    mockWizardApi();
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.clear(screen.getByLabelText('Age'));
    await user.type(screen.getByLabelText('Age'), '17');
    await user.tab();
    expect(screen.getByText('You must be at least 18 years old')).toBeInTheDocument();
    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Personal Details');

    const bio = screen.getByLabelText('Bio');
    await user.type(bio, 'Hi!');
    expect(screen.getByText('3/500', { exact: false })).toBeInTheDocument();
    expect(bio).toHaveAttribute('maxLength', '500');
  });

  it('step 3 needs at least one photo; uploads show progress, the profile picture and a toast', async () => {
    mockWizardApi();
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Upload Photos' });

    expect(screen.getByText(/^Up to \d photos/)).toBeInTheDocument();
    expect(screen.getByText('JPG, PNG or WEBP')).toBeInTheDocument();
    expect(screen.getByText('5MB each')).toBeInTheDocument();
    await user.click(next());
    // Said once the form's asynchronous check of the step (react-hook-form's resolver) is done.
    expect(await screen.findByText('Please complete all required fields')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose photos'), [
      imageFile('me.png'),
      imageFile('beach.jpg', 2_048, 'image/jpeg'),
    ]);
    expect(await screen.findByText('beach.jpg uploaded successfully')).toBeInTheDocument();
    expect(screen.getByText('me.png uploaded successfully')).toBeInTheDocument();
    const photos = within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('img');
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual([
      'Photo 1 (profile picture)',
      'Photo 2',
    ]);
    expect(screen.getByText('Profile picture')).toBeInTheDocument();
    // Each upload is followed by the whole list.
    expect(vi.mocked(savePhotoOrder).mock.calls).toEqual([
      [MEMBER_ID, ['/api/media/p1.webp']],
      [MEMBER_ID, ['/api/media/p1.webp', '/api/media/p2.webp']],
    ]);

    await user.click(next());
    expect(
      await screen.findByRole('heading', { name: 'Select Your Interests' }),
    ).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
  });

  it("asks each uploaded photo's description (≤ 1000 characters), saves it, and keeps it when coming back to the step", async () => {
    const calls = mockWizardApi({
      'PATCH /api/profile/photos/p1.webp': (body) => ({
        body: {
          success: true,
          message: 'Image description saved',
          photos: ['/api/media/p1.webp'],
          thumbnails: ['/api/media/p1-thumb.webp'],
          photoAlts: [(body as { altText: string | null }).altText],
          profilePicture: '/api/media/p1.webp',
        },
      }),
    });
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Upload Photos' });
    await user.upload(screen.getByLabelText('Choose photos'), imageFile('me.png'));
    await screen.findByText('me.png uploaded successfully');

    const description = screen.getByRole('textbox', {
      name: "Describe this image for people who can't see it (photo 1)",
    });
    expect(description).toHaveAttribute('maxLength', '1000');
    await user.type(description, 'Me smiling on a beach at sunset');
    await user.click(screen.getByRole('button', { name: 'Save description' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PATCH /api/profile/photos/p1.webp')?.body).toEqual({
        altText: 'Me smiling on a beach at sunset',
      }),
    );
    expect(await screen.findByText('Image description saved')).toBeInTheDocument();
    // The wizard's step is still the photo step: saving a description is not Next.
    expect(stepHeading()).toHaveTextContent('Upload Photos');

    await user.click(next());
    await screen.findByRole('heading', { name: 'Select Your Interests' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'Upload Photos' });
    expect(
      screen.getByRole('textbox', {
        name: "Describe this image for people who can't see it (photo 1)",
      }),
    ).toHaveValue('Me smiling on a beach at sunset');
  });

  it('says which upload failed, inline and as a toast', async () => {
    mockWizardApi();
    vi.mocked(uploadPhoto).mockRejectedValueOnce(new Error('The upload timed out'));
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Upload Photos' });
    await user.upload(screen.getByLabelText('Choose photos'), imageFile('me.png'));
    const text = 'Failed to upload me.png: The upload timed out';
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
  });

  it('says "Upload failed" when the answer has neither the photo nor a message', async () => {
    mockWizardApi();
    vi.mocked(uploadPhoto).mockResolvedValueOnce({ success: true } as Awaited<
      ReturnType<typeof uploadPhoto>
    >);
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Upload Photos' });
    await user.upload(screen.getByLabelText('Choose photos'), imageFile('me.png'));
    await waitFor(() =>
      expect(screen.getAllByText('Failed to upload me.png: Upload failed')).toHaveLength(2),
    );
    expect(savePhotoOrder).not.toHaveBeenCalled();
  });

  it('keeps what the drop zone refused on screen while the other files upload', async () => {
    mockWizardApi();
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Upload Photos' });
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(screen.getByLabelText('Choose photos'), [
        imageFile('me.png'),
        new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      ]);
    expect(await screen.findByText('me.png uploaded successfully')).toBeInTheDocument();
    // Inline and as a toast.
    expect(screen.getAllByText('File notes.txt is not an image')).toHaveLength(2);
  });

  it('step 4 gates at 1 interest (guidance says 3), then creates the profile, shows the overlay and goes to /feed after 3 s', async () => {
    const calls = mockWizardApi();
    const { app, user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await fillPersonalDetails(user);
    await user.type(screen.getByLabelText('Bio'), 'Coffee and maps.');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Upload Photos' });
    await user.upload(screen.getByLabelText('Choose photos'), imageFile('me.png'));
    await screen.findByText('me.png uploaded successfully');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Select Your Interests' });

    expect(screen.getByText(/Select at least 3 interests/)).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create Profile' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    await user.click(create);
    // The form checks its fields asynchronously (react-hook-form's resolver) before it says so.
    expect(await screen.findByText('Please complete all required fields')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /api/profile/create')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Travel' }));
    expect(screen.getByRole('button', { name: 'Travel' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('selected', { exact: false })).toHaveTextContent('1 selected');
    expect(create).not.toHaveAttribute('aria-disabled');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timeouts = recordTimeouts();
    await user.click(create);
    expect(await screen.findByText('Profile Updated Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to feed...')).toBeInTheDocument();

    const created = calls.find((call) => call.key === 'POST /api/profile/create')?.body as Record<
      string,
      unknown
    >;
    expect(created).toMatchObject({
      userId: MEMBER_ID,
      sessionId: 'session-1',
      plan: 'free',
      firstName: 'Zoë',
      lastName: 'Ångström',
      age: 29,
      gender: 'female',
      sexuality: 'bisexual',
      bio: 'Coffee and maps.',
      interests: ['Travel'],
      photos: ['/api/media/p1.webp'],
      location: {
        formatted_address: 'Paris, Île-de-France, France',
        city: 'Paris',
        country: 'France',
        latitude: 48.8566,
        longitude: 2.3522,
      },
    });
    expect(typeof created.createdAt).toBe('string');
    const planCalls = calls.filter((call) => call.key === 'POST /api/subscription/select-plan');
    expect(planCalls.at(-1)?.body).toEqual({ userId: MEMBER_ID, planId: 'free' });

    act(() => timeouts.advanceToJustBefore(3_000));
    expect(app.pathname()).toBe(`/profileedit/${MEMBER_ID}`);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    // The feed's code loads on demand (slowly on a loaded machine), then the location changes.
    await waitFor(() => expect(app.pathname()).toBe('/feed'), { timeout: 10_000 });
  });

  it('shows the server message when creating fails', async () => {
    mockWizardApi({
      [`GET /api/profile/${MEMBER_ID}`]: {
        body: { success: true, profile: buildProfile({ interests: [] }) },
      },
      'POST /api/profile/create': {
        status: 400,
        body: { success: false, message: 'You must be at least 18 years old' },
      },
    });
    const { user } = await openWizard();
    for (const heading of ['Personal Details', 'Upload Photos', 'Select Your Interests']) {
      await user.click(next());
      await screen.findByRole('heading', { name: heading });
    }
    await user.click(screen.getByRole('button', { name: 'Music' }));
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() =>
      expect(screen.getAllByText('You must be at least 18 years old')).toHaveLength(2),
    );
    expect(screen.queryByText('Profile Updated Successfully!')).not.toBeInTheDocument();
  });

  it('goes back with Previous, keeping what was entered', async () => {
    mockWizardApi();
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    await user.type(screen.getByLabelText('Age'), '31');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    expect(screen.getByLabelText('Age')).toHaveValue(31);
  });
});

describe('profile wizard: the location', () => {
  async function openPersonalDetails() {
    const { user } = await openWizard();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    return user;
  }

  it('says why when the browser refuses the position', async () => {
    mockWizardApi();
    stubGeolocation('denied');
    const user = await openPersonalDetails();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText(
        'Could not fetch location. Please check your browser permissions and try again.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to get location')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveValue('');
  });

  it('never puts coordinates in the field when the address lookup fails', async () => {
    mockWizardApi({
      'GET /api/geo/reverse': {
        status: 404,
        body: { success: false, message: 'Could not get address details' },
      },
    });
    stubGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    const user = await openPersonalDetails();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText('Could not get address details. Please type your city instead.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveValue('');
  });

  it('a member who refuses geolocation types a city, picks it, and goes on to the photos', async () => {
    const calls = mockWizardApi();
    stubGeolocation('denied');
    const user = await openPersonalDetails();
    await user.type(screen.getByLabelText('Age'), '29');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.selectOptions(screen.getByLabelText('Sexuality'), 'bisexual');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await screen.findByText('Failed to get location');

    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.type(location, 'lis');
    const lisbon = await screen.findByRole('option', { name: 'Lisbon, Portugal' });
    expect(calls.some((call) => call.key === 'GET /api/geo/cities')).toBe(true);
    await user.click(lisbon);
    expect(location).toHaveValue('Lisbon, Portugal');
    expect(location).toHaveAttribute('aria-expanded', 'false');
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Upload Photos' })).toBeInTheDocument();
  });
});

describe('profile wizard: loading', () => {
  it('sends a member whose profile is complete on to /feed', async () => {
    mockWizardApi({
      [`GET /api/profile/${MEMBER_ID}`]: { body: { success: true, profile: buildProfile() } },
    });
    const app = renderApp(`/profileedit/${MEMBER_ID}`);
    await waitFor(() => expect(app.pathname()).toBe('/feed'));
  });

  it('pre-fills an incomplete profile', async () => {
    mockWizardApi({
      [`GET /api/profile/${MEMBER_ID}`]: {
        body: { success: true, profile: buildProfile({ plan: 'beginner', interests: [] }) },
      },
    });
    const { user } = await openWizard();
    expect(screen.getByRole('radio', { name: /Beginner/ })).toBeChecked();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Personal Details' });
    expect(screen.getByLabelText('Age')).toHaveValue(29);
    expect(screen.getByLabelText('Gender')).toHaveValue('female');
    expect(screen.getByLabelText('Location')).toHaveValue('Paris, Île-de-France, France');
  });

  it('says "Failed to load profile: {message}" inline and as a toast for other failures', async () => {
    mockWizardApi({
      [`GET /api/profile/${MEMBER_ID}`]: {
        status: 400,
        body: { success: false, message: 'Invalid profile ID' },
      },
    });
    renderApp(`/profileedit/${MEMBER_ID}`);
    expect(
      await screen.findByText('Failed to load profile: Invalid profile ID'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    // The wizard is still there to fill in.
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
  });

  it('works on the stored member only: another id in the path is replaced by their own', async () => {
    mockWizardApi();
    const app = renderApp('/profileedit/0b7a3c1d-2e4f-4a6b-8c9d-0e1f2a3b4c5d');
    await screen.findByRole('heading', { name: 'Choose Your Plan' });
    expect(app.pathname()).toBe(`/profileedit/${MEMBER_ID}`);
  });
});
