import { EmailSchema } from '@kindred/contracts';
import { resetTwoFactor } from '../features/auth/index.js';
import {
  CommandError,
  exactlyArgs,
  runCommand,
  runWhenMain,
  UsageError,
  type CommandOptions,
  type CommandSpec,
} from './shared.js';

/**
 * `pnpm admin:reset-2fa <email>`: for a member who lost both their authenticator and their
 * recovery codes, once the operator has made sure who is asking. Clears the member's authenticator
 * secret and recovery codes and ends all their sessions; they are mailed a notice, and their next
 * login (password first) takes them to 2FA setup, where they enrol again and get new codes.
 */
const NAME = 'admin:reset-2fa';

export const reset2faCommand: CommandSpec<{ email: string }> = {
  name: NAME,
  usage: '<email>',
  parse(argv) {
    const [raw] = exactlyArgs(argv, 1);
    const email = EmailSchema.safeParse(raw);
    if (!email.success) throw new UsageError(`Not an email address: ${JSON.stringify(raw)}`);
    return { email: email.data };
  },
  async run(context, { email }, io) {
    const outcome = await resetTwoFactor(context, email);
    if (outcome.kind === 'unknown-email') {
      context.logger.warn({ command: NAME }, 'two-factor reset refused: no account has this email');
      throw new CommandError(`No account has the email ${email}. Nothing was changed.`);
    }
    context.logger.info(
      { command: NAME, userId: outcome.userId },
      'two-factor reset by an operator: authenticator secret and recovery codes cleared, every session ended',
    );
    io.out(
      `Two-factor authentication reset for ${email} (member ${outcome.userId}): authenticator and recovery codes removed, all sessions ended, member notified by email. Their next login leads to 2FA setup.`,
    );
  },
};

export function main(argv: readonly string[], options?: CommandOptions): Promise<number> {
  return runCommand(reset2faCommand, argv, options);
}

runWhenMain(import.meta.url, main);
