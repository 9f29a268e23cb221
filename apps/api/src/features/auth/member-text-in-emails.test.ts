import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_CHARACTERS_MESSAGE } from '@kindred/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { validProfile } from '../profiles/test-fixtures.js';
import {
  passwordResetCodeEmail,
  recoveryCodeUsedEmail,
  verificationCodeEmail,
  verificationReminderEmail,
} from './emails.js';
import { digestEmail } from '../notifications/emails.js';
import { suspensionEmail } from '../moderation/emails.js';
import { trialEndingEmail } from '../subscriptions/trial-emails.js';

/**
 * Issue 19, finding 6: a first name with line breaks and a URL showed up as its own paragraph in
 * the code email, which can be sent to any address.
 */
const HOSTILE_NAME = 'there.\n\nALERT: your account is locked, visit https://evil.example/unlock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('names refuse line breaks and control characters', () => {
  it.each([
    ['a line break', 'Ann\nALERT'],
    ['a carriage return', 'An\rn'],
    ['a tab', 'An\tn'],
    ['a right-to-left override', 'Ann\u202Eevil'],
    ['a line separator', 'Ann\u2028x'],
  ])('sign-up refuses %s in the first and last name', async (_label, name) => {
    for (const field of ['firstName', 'lastName']) {
      const res = await request(t.app)
        .post('/api/users/signup')
        .send({
          firstName: 'Ann',
          lastName: 'Lee',
          [field]: name,
          username: 'annlee',
          email: `names-${field}-${name.length}@example.com`,
          password: 'secret123',
          legalAgeConfirmed: true,
          termsAccepted: true,
        });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NAME_CHARACTERS_MESSAGE);
    }
  });

  it('the profile refuses them too, and accepts names in any script', async () => {
    const { cookie } = await signedInUser(t.context);
    const refused = await request(t.app)
      .post('/api/profile/create')
      .set('Cookie', cookie)
      .send(validProfile({ firstName: 'Ann\n\nALERT', photos: [] }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NAME_CHARACTERS_MESSAGE);

    const signup = await request(t.app).post('/api/users/signup').send({
      firstName: 'Zoë-Anne',
      lastName: 'O’Brien नमस्ते',
      username: 'zoe',
      email: 'names-any-script@example.com',
      password: 'secret123',
      legalAgeConfirmed: true,
      termsAccepted: true,
    });
    expect(signup.status).toBe(201);
  });
});

describe('emails never let a member’s name pass for our words', () => {
  const templates = [
    verificationCodeEmail({ firstName: HOSTILE_NAME, code: '123456', expiresInMinutes: 5 }),
    verificationReminderEmail({
      firstName: HOSTILE_NAME,
      daysLeft: 3,
      signInUrl: 'http://localhost:3000/',
    }),
    passwordResetCodeEmail({ firstName: HOSTILE_NAME, code: '123456', expiresInMinutes: 15 }),
    recoveryCodeUsedEmail({ firstName: HOSTILE_NAME, remaining: 2 }),
    trialEndingEmail({
      firstName: HOSTILE_NAME,
      trialEndDate: new Date('2030-01-31T00:00:00Z'),
      daysLeft: 7,
      upgradeUrl: 'http://localhost:3000/upgrade',
    }),
    digestEmail({
      firstName: HOSTILE_NAME,
      unreadByType: { follow: 2 },
      notificationsUrl: 'http://localhost:3000/notifications',
      settingsUrl: 'http://localhost:3000/settings',
    }),
    suspensionEmail({
      firstName: HOSTILE_NAME,
      reason: 'Spam',
      supportEmail: 'support@example.com',
    }),
  ];

  it.each(templates.map((mail) => [mail.subject, mail]))(
    '%s greets a name that is not a name as "there", in text and HTML',
    (_subject, mail) => {
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain('ALERT');
        expect(body).not.toContain('evil.example');
      }
      expect(mail.text).toMatch(/^Hi there,\n/);
    },
  );

  it('greets a real name as it is, on one line', () => {
    const mail = verificationCodeEmail({
      firstName: '  Zoë ',
      code: '123456',
      expiresInMinutes: 5,
    });
    expect(mail.text).toMatch(/^Hi Zoë,\n/);
    const initials = recoveryCodeUsedEmail({ firstName: 'J. R.', remaining: 1 });
    expect(initials.text).toMatch(/^Hi J\. R\.,\n/);
    const link = recoveryCodeUsedEmail({ firstName: 'visit evil.example', remaining: 1 });
    expect(link.text).toMatch(/^Hi there,\n/);
  });
});
