import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  CodeSchema,
  LoginPasswordSchema,
  PHONE_NATIONAL_DIGITS,
  VerifyEmailChangeRequestSchema,
} from '@kindred/contracts';
import { z } from 'zod';

/**
 * The Account section's forms: the contracts' request schemas (so the browser and the API judge a
 * password, an address or a code alike), plus what only the browser asks (typing the new password
 * twice; which proof to give for a new phone number).
 */

export const ACCOUNT_UI_MESSAGES = {
  passwordsDiffer: 'The two new passwords are not the same',
  passwordChangeFailed: 'Could not change your password. Please try again.',
  emailChangeFailed: 'Could not change your email address. Please try again.',
  phoneChangeFailed: 'Could not change your phone number. Please try again.',
  phoneChanged: AUTH_MESSAGES.phoneVerified,
  phoneCodeSent: AUTH_MESSAGES.phoneCodeSent,
  sessionsFailed: 'Could not load your sessions.',
  signOutFailed: 'Could not sign that session out. Please try again.',
} as const;

export const PasswordChangeFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((values) => values.newPassword === values.confirmPassword, {
  path: ['confirmPassword'],
  error: ACCOUNT_UI_MESSAGES.passwordsDiffer,
});
export type PasswordChangeForm = z.input<typeof PasswordChangeFormSchema>;

export const EmailChangeFormSchema = ChangeEmailRequestSchema;
export type EmailChangeForm = z.input<typeof EmailChangeFormSchema>;

export const EmailCodeFormSchema = VerifyEmailChangeRequestSchema;
export type EmailCodeForm = z.input<typeof EmailCodeFormSchema>;

/** How the member proves it is them before a new number gets a code. */
export type PhoneProofMethod = 'password' | 'totp';

export const PhoneChangeFormSchema = z
  .object({
    proof: z.enum(['password', 'totp']),
    currentPassword: z.string(),
    totpCode: z.string(),
    countryCode: z
      .string()
      .trim()
      .regex(/^\+?\d{1,3}$/, { error: AUTH_MESSAGES.invalidCountryCode }),
    phoneNumber: z
      .string()
      .regex(new RegExp(`^\\d{${PHONE_NATIONAL_DIGITS}}$`), { error: AUTH_MESSAGES.invalidPhone }),
  })
  .superRefine((values, ctx) => {
    const field = values.proof === 'password' ? 'currentPassword' : 'totpCode';
    const schema = values.proof === 'password' ? LoginPasswordSchema : CodeSchema;
    const checked = schema.safeParse(values[field]);
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: checked.error.issues[0]?.message ?? ACCOUNT_MESSAGES.phoneChangeNeedsProof,
      });
    }
  });
export type PhoneChangeForm = z.input<typeof PhoneChangeFormSchema>;

export const PhoneCodeFormSchema = z.object({ code: CodeSchema });
export type PhoneCodeForm = z.input<typeof PhoneCodeFormSchema>;

/** "+91" from "91" or "+91". */
export function dialCode(countryCode: string): string {
  const digits = countryCode.trim().replace(/^\+/, '');
  return `+${digits}`;
}
