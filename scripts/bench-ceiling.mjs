// The benchmark's ceiling (b): a minimal Express 5 app answering every request with the recorded
// bytes of a feed page from memory. Started by bench.ts as its own process; prints its port.
import { readFileSync } from 'node:fs';
import express from 'express';

const [file] = process.argv.slice(2);
const body = readFileSync(file);
const app = express();
app.get('/{*path}', (_request, response) => {
  response.type('application/json').send(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
