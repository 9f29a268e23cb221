import type { ApiCall } from '../../testing/api';

/**
 * Every member page asks for the member's own subscription (the trial banner in the member
 * layout). Tests that check exactly what a screen sent leave that request out with this.
 */
export function withoutTrialBannerCall<T extends Pick<ApiCall, 'key'>>(calls: readonly T[]): T[] {
  return calls.filter((call) => !/^GET \/api\/users\/[^/]+\/subscription$/.test(call.key));
}
