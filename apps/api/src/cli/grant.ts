import { MEMBER_ROLES, type MemberRole } from '@kindred/contracts';
import type { AppContext } from '../context.js';
import { grantRole } from '../features/users/index.js';
import {
  CommandError,
  exactlyArgs,
  runCommand,
  runWhenMain,
  UsageError,
  type CommandIo,
  type CommandOptions,
  type CommandSpec,
} from './shared.js';

/**
 * `pnpm admin:grant <email> <role>`: gives a member the role member, moderator or admin. Roles are
 * granted here, by an operator with access to the server and its database, and never through the
 * API (no route changes a role). `member` takes a role back.
 */
export const grantCommand: CommandSpec<{ email: string; role: MemberRole }> = {
  name: 'admin:grant',
  usage: `<email> <${MEMBER_ROLES.join('|')}>`,
  parse(argv) {
    const [email, role] = exactlyArgs(argv, 2) as [string, string];
    if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
      throw new UsageError(`Unknown role "${role}": use ${MEMBER_ROLES.join(', ')}.`);
    }
    return { email, role: role as MemberRole };
  },
  async run(context: AppContext, { email, role }, io: CommandIo) {
    const grant = await grantRole(context.db, email, role, context.clock.now());
    if (!grant) throw new CommandError(`No account has the email ${email}.`);
    context.logger.info(
      { userId: grant.id, previousRole: grant.previousRole, role: grant.role },
      'role granted from the command line',
    );
    io.out(
      grant.previousRole === grant.role
        ? `${grant.email} already has the role ${grant.role}.`
        : `${grant.email} is now ${grant.role} (was ${grant.previousRole}).`,
    );
  },
};

export function main(argv: readonly string[], options?: CommandOptions): Promise<number> {
  return runCommand(grantCommand, argv, options);
}

runWhenMain(import.meta.url, main);
