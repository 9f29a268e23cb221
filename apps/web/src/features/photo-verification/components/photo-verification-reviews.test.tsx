import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { renderApp } from '../../../testing/render';

const MODERATOR_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const REVIEW_ID = 'b0b0b0b0-0000-4000-8000-000000000001';

const moderator = respond(200, {
  success: true,
  user: {
    _id: MODERATOR_ID,
    firstName: 'Mo',
    lastName: 'Derator',
    age: null,
    gender: null,
    sexuality: null,
    location: null,
    profilePicture: null,
    photos: [],
    verifiedBadge: true,
    photoVerified: false,
    isVerified: true,
    isPhoneVerified: true,
    email: 'mo@example.com',
    role: 'moderator',
  },
});

describe('the moderators’ photo checks', () => {
  it('shows the selfie beside the photos and records an approval', async () => {
    const calls = mockApi({
      [`GET /api/users/${MODERATOR_ID}`]: moderator,
      'GET /api/moderation/photo-verifications': respond(200, {
        success: true,
        items: [
          {
            _id: REVIEW_ID,
            member: {
              _id: 'c1c1c1c1-0000-4000-8000-000000000001',
              firstName: 'Ana',
              lastName: 'Lima',
            },
            pose: 'turn-left',
            instruction: 'Turn your head to your left',
            poseMatched: true,
            similarity: 0.61,
            submittedAt: '2026-11-26T09:00:00.000Z',
            selfie: 'data:image/webp;base64,AAAA',
            photos: ['/api/media/aaaaaaaaaaaaaaaaaaaaaaaa.webp'],
          },
        ],
      }),
      [`POST /api/moderation/photo-verifications/${REVIEW_ID}/decision`]: respond(200, {
        success: true,
        message: 'Verification approved',
      }),
    });
    window.localStorage.setItem('userId', MODERATOR_ID);
    window.localStorage.setItem('role', 'moderator');
    renderApp('/moderation?view=photos');

    const list = await screen.findByRole(
      'list',
      { name: 'Photo verifications to review' },
      { timeout: 5_000 },
    );
    const item = within(list).getByRole('listitem', { name: 'Ana Lima' });
    expect(within(item).getByRole('img', { name: 'Selfie of Ana Lima' })).toBeInTheDocument();
    expect(
      within(item).getByRole('img', { name: 'Profile photo 1 of Ana Lima' }),
    ).toBeInTheDocument();
    expect(item).toHaveTextContent('Turn your head to your left (copied) · similarity 0.61');

    await userEvent.click(within(item).getByRole('button', { name: 'Approve Ana Lima' }));
    const decision = calls.find(
      (call) => call.key === `POST /api/moderation/photo-verifications/${REVIEW_ID}/decision`,
    );
    expect(decision?.body).toEqual({ decision: 'approve' });
  });
});
