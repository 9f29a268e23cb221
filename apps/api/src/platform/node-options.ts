/**
 * The Node.js options the embedded database's start commands run the server with (issue 18,
 * docs/architecture.md "Embedded database"): `npm start` and `npm run serve`, the README's. They
 * trade CPU for memory: on PostgreSQL they cost the reads 25–40 % more API CPU per request
 * (bench/results.md, 2026-11-26 (6)), so the image's CMD and the API package's `start`, which
 * serve a PostgreSQL server, run without them (with DATABASE_SERVER_NODE_OPTIONS instead). V8 sizes its heaps for a machine's memory, not for a server that also holds its database:
 * under a feed's load the young generation grew to 16 MB semi-spaces on each of the two threads,
 * and the old generation to four times what survives a full collection, before collecting. With
 * 4 MB semi-spaces and old-generation growth capped at 1.5 times the live heap, the embedded
 * benchmark's peak RSS fell under the 400 MB budget. V8 reads these when a heap is created, so they
 * cannot be set from the server's own code: the command passes them.
 */
export const SERVER_NODE_OPTIONS = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=50',
] as const;

/**
 * The Node.js options of the commands that serve a PostgreSQL server (the image's CMD, the API
 * package's `start`), where memory is not held by the database and CPU is what runs short. A larger
 * young generation than V8's 16 MB semi-spaces means fewer scavenges of the same live objects: at
 * 50 connections on the benchmark data (bench/results.md, 2026-11-27 (8)), the 200-comment page
 * cost 1.74–1.79 ms of API CPU per request with 32 MB semi-spaces against 2.10–2.25 ms without
 * (1.63–1.65 ms with 64 MB), the other endpoints within noise; for up to about 100 MB more memory
 * at peak.
 */
export const DATABASE_SERVER_NODE_OPTIONS = ['--max-semi-space-size=32'] as const;

/** The options of SERVER_NODE_OPTIONS this process was started without. */
export function missingServerNodeOptions(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): string[] {
  const given = new Set([...execArgv, ...(nodeOptions ?? '').split(/\s+/)]);
  return SERVER_NODE_OPTIONS.filter((option) => !given.has(option));
}
