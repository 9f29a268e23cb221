import {
  ENTITLEMENTS,
  PLAN_STATE_NAMES,
  PLANS,
  planFeatureLines,
  type PlansResponse,
} from '@kindred/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from './query-keys';

/** GET /api/plans: the plan cards and their entitlements, as the server enforces them. */
export async function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.get<PlansResponse>('/plans', { signal });
}

/**
 * The same listing built from the contracts package the app ships with: shown until the server's
 * arrives (and kept if it cannot be fetched), so the cards never flash empty. It counts as stale
 * from the start, so the server's answer is always asked for and replaces it.
 */
const BUNDLED_LISTING: PlansResponse = {
  success: true,
  plans: PLANS.map((plan) => ({
    id: plan.id,
    name: plan.name,
    priceUsd: plan.priceUsd,
    priceLabel: plan.priceLabel,
    trialLabel: plan.trialLabel,
    mostPopular: plan.mostPopular,
    entitlements: ENTITLEMENTS[plan.id],
    features: planFeatureLines(plan.id),
  })),
  afterTrial: {
    name: PLAN_STATE_NAMES['trial-ended'],
    entitlements: ENTITLEMENTS['trial-ended'],
    features: planFeatureLines('trial-ended'),
  },
};

export function usePlans() {
  return useQuery({
    queryKey: planKeys.listing,
    queryFn: ({ signal }) => fetchPlans(signal),
    initialData: BUNDLED_LISTING,
    initialDataUpdatedAt: 0,
    staleTime: 10 * 60_000,
  });
}
