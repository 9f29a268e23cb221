import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { profileErrorMessage } from './profile-view';

describe('profileErrorMessage: the words for a profile that could not be shown', () => {
  it('tells a missing member from a missing profile by the error code, not the text', () => {
    const member = new ApiError(404, 'User not found', {
      success: false,
      message: 'User not found',
      code: 'MEMBER_NOT_FOUND',
    });
    expect(profileErrorMessage(member)).toBe('User not found');
    // The same words without the code are just a missing profile.
    const profile = new ApiError(404, 'User not found', {
      success: false,
      message: 'User not found',
    });
    expect(profileErrorMessage(profile)).toBe('Profile not found');
  });

  it('answers a malformed id, a signed-out viewer and anything else', () => {
    expect(
      profileErrorMessage(new ApiError(400, 'Invalid ID', { code: 'VALIDATION_FAILED' })),
    ).toBe('Invalid profile ID');
    expect(profileErrorMessage(new ApiError(401, 'Please log in first'))).toBe(
      'Please log in to view this profile',
    );
    expect(profileErrorMessage(new NetworkError('offline'))).toBe('Failed to load profile');
  });
});
