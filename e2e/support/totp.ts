import { authenticator } from 'otplib';

const STEP_SECONDS = 30;

export const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** The authenticator code for a secret, as a member's phone app would show it. */
export function totpCode(secret: string): string {
  return authenticator.generate(secret);
}

/**
 * A code from a time-step later than `usedStep`: the server refuses a step it has already accepted,
 * so a second sign-in within the same 30 s must wait for the next code, as a member would.
 */
export async function freshTotpCode(secret: string, usedStep: number): Promise<string> {
  while (currentStep() <= usedStep) await new Promise((resolve) => setTimeout(resolve, 500));
  return totpCode(secret);
}
