/**
 * A reason the server cannot start that the operator can fix (port taken, database unreachable,
 * wrong key, …). Its message is printed as one line, without a stack, and the process exits 1.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
