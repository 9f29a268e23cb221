import { describe, expect, it } from 'vitest';
import {
  clearStoredSession,
  getStoredUserId,
  rememberReturnTo,
  storeMember,
  takeReturnTo,
} from './storage';

describe('browser storage', () => {
  it('uses the spec key names', () => {
    storeMember({ userId: 'u1', sessionId: 's1', firstName: 'Ann', verifiedBadge: true });
    expect({ ...window.localStorage }).toEqual({
      userId: 'u1',
      sessionId: 's1',
      firstName: 'Ann',
      verifiedBadge: 'true',
    });
    expect(getStoredUserId()).toBe('u1');
  });

  it('clears local and session storage on logout, keeping only the remember-me pair', () => {
    storeMember({ userId: 'u1', sessionId: 's1', firstName: 'Ann', verifiedBadge: false });
    window.localStorage.setItem('signupEmail', 'ann@example.com');
    window.localStorage.setItem('rememberMe', 'true');
    window.localStorage.setItem('lastLoginEmail', 'ann@example.com');
    window.localStorage.setItem('someFeatureCache', '{}');
    window.sessionStorage.setItem('draft', 'x');
    clearStoredSession();
    expect({ ...window.localStorage }).toEqual({
      rememberMe: 'true',
      lastLoginEmail: 'ann@example.com',
    });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('hands back a remembered origin once, and only a same-site path', () => {
    rememberReturnTo('/viewprofile/u2');
    expect(takeReturnTo()).toBe('/viewprofile/u2');
    expect(takeReturnTo()).toBeNull();
    rememberReturnTo('//evil.example');
    expect(takeReturnTo()).toBeNull();
  });
});
