import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { BackupError } from '../db/backup.js';
import { StartupError } from '../platform/startup-error.js';
import {
  CommandError,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  terminalIo,
  usageLine,
  UsageError,
  type CommandIo,
} from './shared.js';

/**
 * The database commands (`pnpm db:backup`, `db:restore`, `db:export-to`) work on the database
 * itself, not through the app: unlike `runCommand` (shared.ts) they open no app context, so
 * nothing is migrated or started behind the operator's back. Same exit codes, same one-line errors.
 */
export interface DatabaseCommandSpec<Args> {
  name: string;
  usage: string;
  parse(argv: readonly string[]): Args;
  run(config: Config, args: Args, io: CommandIo): Promise<void>;
}

export interface DatabaseCommandOptions {
  /** The environment to read settings from (default: process.env and the `.env` file). */
  env?: Record<string, string | undefined>;
  io?: CommandIo;
}

export async function runDatabaseCommand<Args>(
  spec: DatabaseCommandSpec<Args>,
  argv: readonly string[],
  options: DatabaseCommandOptions = {},
): Promise<number> {
  const { env, io = terminalIo } = options;
  let args: Args;
  try {
    args = spec.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message);
    io.err(usageLine(spec));
    return EXIT_USAGE;
  }
  try {
    await spec.run(env ? loadConfig(env) : loadConfig(), args, io);
    return EXIT_OK;
  } catch (error) {
    if (!(
      error instanceof CommandError ||
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof StartupError
    )) {
      throw error;
    }
    io.err(`${spec.name}: ${error.message}`);
    return EXIT_FAILED;
  }
}

/**
 * A folder argument, relative to where the operator typed the command: pnpm runs the script in
 * apps/api but records the caller's folder in INIT_CWD.
 */
export function operatorPath(argument: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
}

/** `[--force] <one argument>` in any order (a lone `--` is ignored). */
export function oneArgumentAndForce(argv: readonly string[]): { value: string; force: boolean } {
  const args = argv.filter((arg) => arg !== '--');
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const unknown = rest.find((arg) => arg.startsWith('--'));
  if (unknown) throw new UsageError(`Unknown option ${unknown}.`);
  if (rest.length !== 1) throw new UsageError(`Expected 1 argument, got ${rest.length}.`);
  return { value: rest[0]!, force };
}
