import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import {
  closeAppContext,
  createAppContext,
  type AppContext,
  type ContextOverrides,
} from '../context.js';
import { StartupError } from '../platform/startup-error.js';

/**
 * The plumbing every operator command shares (`pnpm admin:…`, apps/api/src/cli/*.ts): read the
 * arguments, open the configured database exactly as the server does (the settings file, the wait
 * for a PostgreSQL server, pending migrations, the encryption-key check), run one service function
 * of a feature, say what happened, and end with an exit code a script can test.
 *
 * A command's `main(argv, options)` returns the exit code instead of calling `process.exit`, so a
 * test can call it against its own database (`options.database`) and read what it printed
 * (`options.io`).
 */

/** Done. */
export const EXIT_OK = 0;
/** The command ran but could not do what was asked (unknown member, bad configuration, …). */
export const EXIT_FAILED = 1;
/** The arguments were wrong: nothing was done. */
export const EXIT_USAGE = 2;

/** Thrown by `parse` for arguments the command cannot use; printed with the usage line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Thrown by `run` when the command cannot do what was asked for a reason the operator can fix
 * (an unknown email, say): printed as one line, without a stack, and the exit code is 1.
 */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** Where a command talks to the operator (the terminal, or a test's buffer). */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const terminalIo: CommandIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

export interface CommandOptions extends ContextOverrides {
  /** The environment to read settings from (default: process.env and the `.env` file). */
  env?: Record<string, string | undefined>;
  io?: CommandIo;
}

export interface CommandSpec<Args> {
  /** The script's name, as the operator types it after `pnpm` (`admin:reset-2fa`). */
  name: string;
  /** The arguments, as shown in the usage line (`<email>`). */
  usage: string;
  /** Turns argv into the command's arguments, or throws a UsageError. */
  parse(argv: readonly string[]): Args;
  /**
   * Does the work through a feature's service (never raw SQL here), logs it with
   * `context.logger`, and reports the result to the operator with `io.out`.
   */
  run(context: AppContext, args: Args, io: CommandIo): Promise<void>;
}

export function usageLine(spec: Pick<CommandSpec<unknown>, 'name' | 'usage'>): string {
  return `Usage: pnpm ${spec.name} ${spec.usage}`;
}

/** Runs a command and returns its exit code; only unexpected failures are thrown. */
export async function runCommand<Args>(
  spec: CommandSpec<Args>,
  argv: readonly string[],
  options: CommandOptions = {},
): Promise<number> {
  const { env, io = terminalIo, ...overrides } = options;
  let args: Args;
  try {
    args = spec.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message);
    io.err(usageLine(spec));
    return EXIT_USAGE;
  }

  let context: AppContext;
  try {
    context = await createAppContext(env ? loadConfig(env) : loadConfig(), overrides);
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof StartupError)) throw error;
    io.err(`${spec.name}: ${error.message}`);
    return EXIT_FAILED;
  }

  try {
    await spec.run(context, args, io);
    return EXIT_OK;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    io.err(`${spec.name}: ${error.message}`);
    return EXIT_FAILED;
  } finally {
    if (overrides.database) {
      // The caller's database (a test's) stays open for the caller.
      context.sessionStore.close();
      context.mailer.close();
    } else {
      await closeAppContext(context);
    }
  }
}

/** Exactly `count` positional arguments (a lone `--` is ignored); anything else is a UsageError. */
export function exactlyArgs(argv: readonly string[], count: number): string[] {
  const args = argv.filter((arg) => arg !== '--');
  if (args.length !== count) {
    throw new UsageError(
      `Expected ${count} argument${count === 1 ? '' : 's'}, got ${args.length}.`,
    );
  }
  return args;
}

/**
 * Runs `main` when this module is the program (`tsx src/cli/x.ts …` or `node dist/cli/x.js …`),
 * not when a test imports it; the process ends with `main`'s exit code.
 */
export function runWhenMain(
  moduleUrl: string,
  main: (argv: readonly string[]) => Promise<number>,
): void {
  const entry = process.argv[1];
  if (!entry || entryUrl(entry) !== moduleUrl) return;
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = EXIT_FAILED;
    },
  );
}

function entryUrl(entry: string): string | undefined {
  try {
    return pathToFileURL(realpathSync(entry)).href;
  } catch {
    // Not a file (`node -e`, a REPL): no command module is the program.
    return undefined;
  }
}
