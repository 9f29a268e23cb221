import { authenticator } from 'otplib';

const STEP_SECONDS = 30;

export const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** The authenticator code for a secret, as a member's phone app would show it. */
export function totpCode(secret: string): string {
  return authenticator.generate(secret);
}

/** The last time-step freshTotpCode handed out per secret: the server accepts a step only once. */
const lastFreshStep = new Map<string, number>();

/**
 * A code from a time-step later than `usedStep` (and than any this function gave before for the
 * secret): the server refuses a step it has already accepted. The server also accepts the code of
 * the step after the current one (a phone whose clock runs a little ahead, apps/api
 * features/auth/totp.ts), so the journey takes that one instead of waiting up to 30 s for the code
 * to change; it only waits when even that step is spent.
 */
export async function freshTotpCode(secret: string, usedStep: number): Promise<string> {
  const step = Math.max(usedStep + 1, (lastFreshStep.get(secret) ?? -Infinity) + 1, currentStep());
  while (currentStep() < step - 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastFreshStep.set(secret, step);
  return authenticator.clone({ epoch: step * STEP_SECONDS * 1000 }).generate(secret);
}
