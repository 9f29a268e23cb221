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

/** The one problem the sign-in form shows: on a field, or on the whole form (`root`). */
export interface LoginProblem {
  field: 'root' | keyof LoginFormValues;
  message: string;
}

export type LoginCheck =
  { ok: true; values: z.output<typeof LoginFormSchema> } | { ok: false; problem: LoginProblem };

/**
 * The form's values against LoginFormSchema: the checked values, or the first problem in the
 * schema's order (what `firstProblemResolver` reports for the other forms).
 */
export function checkLogin(values: LoginFormValues): LoginCheck {
  const result = z.safeParse(LoginFormSchema, values);
  if (result.success) return { ok: true, values: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    problem: {
      field: typeof field === 'string' ? (field as keyof LoginFormValues) : 'root',
      message: issue?.message ?? LOGIN_MESSAGES.fillAllFields,
    },
  };
}
