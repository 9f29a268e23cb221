import type { Subscription } from '@kindred/contracts';
import { describe, expect, it } from 'vitest';
import { planText, statusClass, statusText, subscriptionText } from './subscription-display';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const free = (
  trialEndDate: string | null,
  status: Subscription['status'] = 'trial',
): Subscription => ({
  planName: 'free',
  status,
  trialEndDate,
});

describe('subscription display', () => {
  it('shows the free plan as a trial with the whole days remaining', () => {
    expect(subscriptionText(free('2026-04-30T12:00:00.000Z'), NOW)).toBe(
      'Free Trial - 60 days remaining',
    );
    // A part of a day counts as a day.
    expect(subscriptionText(free('2026-03-02T00:00:00.000Z'), NOW)).toBe(
      'Free Trial - 1 day remaining',
    );
  });

  it('never counts below 0 days once the trial end has passed', () => {
    expect(subscriptionText(free('2026-02-01T00:00:00.000Z', 'expired'), NOW)).toBe(
      'Free Trial - 0 days remaining',
    );
    expect(subscriptionText(free('2026-03-01T12:00:00.000Z', 'expired'), NOW)).toBe(
      'Free Trial - 0 days remaining',
    );
  });

  it('says "Free Trial - Trial period ended" when there is no trial end date', () => {
    expect(subscriptionText(free(null, 'expired'), NOW)).toBe('Free Trial - Trial period ended');
  });

  it('shows other plans by name', () => {
    const beginner: Subscription = { planName: 'beginner', status: 'active', trialEndDate: null };
    expect(subscriptionText(beginner, NOW)).toBe('Beginner Plan');
    expect(subscriptionText({ ...beginner, planName: 'professional' }, NOW)).toBe(
      'Professional Plan',
    );
    expect(planText(beginner)).toBe('Beginner');
    expect(planText(free(null))).toBe('Trial-Free');
  });

  it('turns the status into a styling class and a label', () => {
    expect(statusClass(free('2026-04-01T00:00:00.000Z'))).toBe('subscription--trial');
    expect(statusClass({ planName: 'beginner', status: 'active', trialEndDate: null })).toBe(
      'subscription--active',
    );
    expect(statusClass(free(null, 'expired'))).toBe('subscription--expired');
    expect(statusText({ planName: 'beginner', status: 'cancelled', trialEndDate: null })).toBe(
      'Cancelled',
    );
    const none: Subscription = { planName: null, status: null, trialEndDate: null };
    expect(statusClass(none)).toBe('subscription--none');
    expect(subscriptionText(none, NOW)).toBe('No plan selected yet');
  });
});
