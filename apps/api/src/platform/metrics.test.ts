import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../jobs/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signedInUser } from '../test/factories.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

const scrape = async () => {
  const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.text;
};
/** The value of one sample line (`name{labels} value`), or undefined when absent. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('GET /metrics', () => {
  it('answers only a request bearing METRICS_TOKEN', async () => {
    expect((await request(t.app).get('/metrics')).status).toBe(401);
    const wrong = await request(t.app).get('/metrics').set('Authorization', 'Bearer not-it');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect(wrong.text).not.toContain('kindred_');
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const res = await request(off.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts and times requests by route template and status class, never by raw path', async () => {
    const postId = '7f3c1e2a-1111-4222-8333-944445555666';
    const { cookie } = await signedInUser(t.context);
    for (let i = 0; i < 3; i += 1) {
      await request(t.app).get(`/api/posts/${postId}`).set('Cookie', cookie);
    }
    await request(t.app).get('/api/health');
    await request(t.app).get('/api/no-such-route');

    const text = await scrape();
    const route = 'method="GET",route="/api/posts/:postId"';
    expect(sample(text, `kindred_http_request_duration_seconds_count{${route}}`)).toBe(3);
    expect(text).toContain(`kindred_http_request_duration_seconds_bucket{le="0.5",${route}}`);
    expect(
      sample(text, `kindred_http_requests_total{${route},status_class="4xx"}`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(
        text,
        'kindred_http_requests_total{method="GET",route="/api/health",status_class="2xx"}',
      ),
    ).toBe(1);
    expect(text).toContain('route="unmatched",status_class="4xx"');
    expect(text).not.toContain(postId);
    expect(text).not.toContain('no-such-route');
  });

  it('counts mails and texts sent and failed', async () => {
    const failing = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      mailer: {
        mode: 'smtp',
        send: () => Promise.reject(new Error('SMTP server refused')),
        close() {},
      },
    });
    try {
      await t.context.mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Hi' });
      await t.context.sms.send('+15550001111', 'Your code is 123456');
      await expect(
        failing.context.mailer.send({ to: 'b@example.com', subject: 'Hello', text: 'Hi' }),
      ).rejects.toThrow('refused');
      const text = await scrape();
      expect(sample(text, 'kindred_mails_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'kindred_sms_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
      const failed = await request(failing.app)
        .get('/metrics')
        .set('Authorization', `Bearer ${TOKEN}`);
      expect(sample(failed.text, 'kindred_mails_total{outcome="failed"}')).toBe(1);
    } finally {
      await failing.close();
    }
  });

  it('counts the runs of each scheduled job', async () => {
    const jobs = startJobs(t.context, { firstRunDelayMs: 1 });
    try {
      const line = 'kindred_job_runs_total{job="verification-reminders",outcome="succeeded"}';
      for (let tries = 0; tries < 100 && !sample(await scrape(), line); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(sample(await scrape(), line)).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('shows the database pool on PostgreSQL, and the open event streams', async () => {
    const text = await scrape();
    if (t.context.database.engine === 'postgres') {
      expect(sample(text, 'kindred_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'kindred_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('kindred_db_pool_connections');
    }
    expect(sample(text, 'kindred_sse_connections')).toBe(0);

    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { cookie } = await signedInUser(t.context);
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}/api/notifications/stream`,
          { headers: { Accept: 'text/event-stream', Cookie: cookie } },
          resolve,
        )
        .on('error', reject);
    });
    try {
      expect(stream.statusCode).toBe(200);
      expect(sample(await scrape(), 'kindred_sse_connections')).toBe(1);
    } finally {
      stream.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    for (let tries = 0; tries < 50 && sample(await scrape(), 'kindred_sse_connections'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sample(await scrape(), 'kindred_sse_connections')).toBe(0);
  });
});
