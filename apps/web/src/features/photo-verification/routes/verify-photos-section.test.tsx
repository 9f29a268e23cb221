import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHOTO_VERIFICATION_MESSAGES } from '@kindred/contracts';
import { respond } from '../../../testing/api';
import { mockApi, renderApp } from '../../../testing/render';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const CHALLENGE = {
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  pose: 'tilt-left',
  instruction: 'Tilt your head towards your left shoulder',
  expiresAt: '2026-11-26T10:05:00.000Z',
} as const;

function openSection() {
  window.localStorage.setItem('userId', USER_ID);
  return renderApp('/settings/photo-verification');
}

async function chooseSelfieFile() {
  const input = await screen.findByLabelText('Choose a selfie file');
  await userEvent.upload(input, new File(['selfie'], 'me.jpg', { type: 'image/jpeg' }));
}

/** A member who is not verified yet; the upload answers `answer`. */
function mockVerification(answer: ReturnType<typeof respond>) {
  return mockApi({
    'GET /api/verification/photo': respond(200, { success: true, state: 'none', verifiedAt: null }),
    'POST /api/verification/photo/challenge': respond(201, { success: true, challenge: CHALLENGE }),
    'POST /api/verification/photo': answer,
  });
}

/** Start, choose a selfie file, send it. */
async function sendSelfie() {
  await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
  await chooseSelfieFile();
  await userEvent.click(screen.getByRole('button', { name: 'Send selfie' }));
}

describe('Settings → Verify your photos', () => {
  it('shows the pose, takes a selfie file when there is no camera, and says it is verified', async () => {
    const calls = mockVerification(
      respond(200, {
        success: true,
        outcome: 'verified',
        message: PHOTO_VERIFICATION_MESSAGES.verified,
      }),
    );
    openSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Start verification' }));
    expect(await screen.findByText(CHALLENGE.instruction)).toBeInTheDocument();
    expect(screen.getByText(/camera isn.t available/)).toBeInTheDocument();

    await chooseSelfieFile();
    expect(screen.getByRole('img', { name: 'Your selfie' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send selfie' }));

    expect(await screen.findByText(PHOTO_VERIFICATION_MESSAGES.verified)).toBeInTheDocument();
    const upload = calls.find((call) => call.key === 'POST /api/verification/photo');
    expect(upload).toBeDefined();
  });

  it('refuses kindly and offers a new pose', async () => {
    mockVerification(
      respond(200, {
        success: true,
        outcome: 'refused',
        message: PHOTO_VERIFICATION_MESSAGES.refused,
      }),
    );
    openSection();
    await sendSelfie();
    expect(await screen.findByText(PHOTO_VERIFICATION_MESSAGES.refused)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says when the selfie went to a moderator', async () => {
    mockVerification(
      respond(200, {
        success: true,
        outcome: 'in-review',
        message: PHOTO_VERIFICATION_MESSAGES.inReview,
      }),
    );
    openSection();
    await sendSelfie();
    expect(await screen.findByText(PHOTO_VERIFICATION_MESSAGES.inReview)).toBeInTheDocument();
  });

  it('asks for a new pose when the challenge was used or expired', async () => {
    mockVerification(
      respond(410, {
        success: false,
        message: PHOTO_VERIFICATION_MESSAGES.challengeExpired,
        code: 'PHOTO_CHALLENGE_EXPIRED',
      }),
    );
    openSection();
    await sendSelfie();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PHOTO_VERIFICATION_MESSAGES.challengeExpired,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start verification' })).toBeInTheDocument(),
    );
  });

  it('shows the mark when the photos are already verified', async () => {
    mockApi({
      'GET /api/verification/photo': respond(200, {
        success: true,
        state: 'verified',
        verifiedAt: '2026-11-20T10:00:00.000Z',
      }),
    });
    openSection();
    expect(await screen.findByText('Your photos are verified.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
  });
});
