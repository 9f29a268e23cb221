import { LOGIN_MESSAGES, LoginRequestSchema } from '@kindred/contracts';
import { z } from 'zod/mini';

/**
 * The sign-in form's schema (SPEC §5), in zod/mini like the contract's login rules it ends with
 * (contracts/src/login.ts): the login page is the app's front door and loads no more of zod than
 * this. Only the legal-age box is the browser's alone.
 */

/** What the sign-in form holds. */
export interface LoginFormValues {
  email: string;
  password: string;
  legalAge: boolean;
  rememberMe: boolean;
  newsletter: boolean;
}

/**
 * The contract's login schema (which takes any input and checks it) as the step after the form's
 * own: zod's `pipe` wants the next step to declare the form's values as its input.
 */
const LoginRules = LoginRequestSchema as unknown as z.core.$ZodType<
  z.output<typeof LoginRequestSchema>,
  LoginFormValues
>;

/** Both fields, then the legal-age box, then the contract's rules (password length, email pattern). */
export const LoginFormSchema = z.pipe(
  z
    .object({
      email: z.string(),
      password: z.string(),
      legalAge: z.boolean(),
      rememberMe: z.boolean(),
      newsletter: z.boolean(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.email.trim() === '' || values.password === '') {
          ctx.addIssue({ code: 'custom', path: [], message: LOGIN_MESSAGES.fillAllFields });
        } else if (!values.legalAge) {
          ctx.addIssue({ code: 'custom', path: ['legalAge'], message: LOGIN_MESSAGES.legalAge });
        }
      }),
    ),
  LoginRules,
);
