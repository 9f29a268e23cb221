import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignup } from '../../test/account-entry.js';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * The verification email over real SMTP: a local SMTP server receives what the app's nodemailer
 * transport sends, and the code read from the received message verifies the account.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const inbox: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kindred <no-reply@kindred.test>' },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The decoded text/plain part of a MIME message (nodemailer writes quoted-printable or base64). */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const content = body.join('\n\n');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64')
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      return Buffer.from(
        content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    }
    return content;
  }
  throw new Error('no text/plain part');
}

describe('verification email over SMTP', () => {
  it('sends the code by SMTP, and the code from the received message verifies the email', async () => {
    expect(t.context.mailer.mode).toBe('smtp');
    const agent = request.agent(t.app);
    const signup = newSignup();
    const created = await agent.post('/api/users/signup').send(signup);
    expect(created.status).toBe(201);
    const userId = created.body.data._id as string;

    const sent = await agent.post('/api/send-otp').send({ email: signup.email, userId });
    expect(sent.status).toBe(200);
    expect(inbox).toHaveLength(1);
    const message = inbox[0]!;
    expect(message.from).toBe('no-reply@kindred.test');
    expect(message.to).toEqual([signup.email]);
    expect(message.raw).toMatch(/^Subject: Your Kindred verification code\r?$/m);
    expect(message.raw).toMatch(/multipart\/alternative/);
    const text = plainText(message.raw);
    const code = /verification code is: (\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verified = await agent.post('/api/verify-otp').send({ email: signup.email, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, userId, nextStep: '2fa-setup' });
  });
});
