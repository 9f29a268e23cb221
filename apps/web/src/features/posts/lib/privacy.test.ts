import { describe, expect, it } from 'vitest';
import { submitLabelFor } from './privacy';

describe('the Create Post submit label', () => {
  it('says "Share to Feed" for public posts and "Share with Followers" for followers', () => {
    expect(submitLabelFor('public')).toBe('Share to Feed');
    expect(submitLabelFor('followers')).toBe('Share with Followers');
  });
});
