// Loaded into the API server by scripts/soak.ts (`node --expose-gc --import`): a full garbage
// collection on SIGUSR2, so the heap the soak run samples right after is what is really retained.
process.on('SIGUSR2', () => globalThis.gc?.());
