import { describe, expect, it } from 'vitest';
import { TOAST_AREA_SETTINGS, toastAreaFor } from './toasts';

describe('toast areas (SPEC §9)', () => {
  it('gives login and sign-up 3000 ms dark toasts', () => {
    expect(toastAreaFor('/')).toBe('auth');
    expect(toastAreaFor('/signup')).toBe('auth');
    expect(TOAST_AREA_SETTINGS.auth).toEqual({ autoClose: 3000, theme: 'dark' });
  });

  it('gives the feed 4 s toasts, at most 20', () => {
    expect(toastAreaFor('/feed')).toBe('feed');
    expect(TOAST_AREA_SETTINGS.feed).toMatchObject({ autoClose: 4000, limit: 20 });
  });

  it('uses library defaults elsewhere', () => {
    expect(toastAreaFor('/verify-otp')).toBe('default');
    expect(toastAreaFor('/viewprofile/u1')).toBe('default');
    expect(TOAST_AREA_SETTINGS.default).toEqual({ autoClose: 5000, theme: 'light' });
  });
});
