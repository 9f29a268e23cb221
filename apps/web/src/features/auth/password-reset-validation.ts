import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from '@kindred/contracts';
import type { z } from 'zod';

/**
 * The forgot-password forms' schemas: the contracts' request schemas as they are (the reset's
 * password follows the sign-up rules), so the screen and the API say the same thing in the same
 * order. The contracts' schemas take any input; here they declare the form's values as theirs.
 */

export interface ForgotPasswordFormValues {
  email: string;
}

export const ForgotPasswordFormSchema = ForgotPasswordRequestSchema as unknown as z.ZodType<
  z.output<typeof ForgotPasswordRequestSchema>,
  ForgotPasswordFormValues
>;

export interface ResetPasswordFormValues {
  /** Carried from the first step (not shown as a field). */
  email: string;
  code: string;
  password: string;
}

export const ResetPasswordFormSchema = ResetPasswordRequestSchema as unknown as z.ZodType<
  z.output<typeof ResetPasswordRequestSchema>,
  ResetPasswordFormValues
>;

/** The screen's own texts (the API's answers come from the contracts). */
export const PASSWORD_RESET_UI_MESSAGES = {
  requestFailed: 'Could not send a reset code. Please try again.',
  resetFailed: 'Could not reset your password. Please try again.',
} as const;
