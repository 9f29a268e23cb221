import type { MailMessage } from '../../platform/mailer.js';
import { greetingName } from '../../platform/member-text.js';

/**
 * The account-entry emails, as plain text and simple inline-styled HTML (what mail clients
 * render reliably). Member-supplied text is escaped, and a name is greeted only when it reads as
 * one (platform/member-text.ts).
 */

type Template = Omit<MailMessage, 'to'>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#c2185b">Kindred</p>
${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#888">You received this email because this address was used to sign up for Kindred. If that was not you, you can ignore it.</p>
</div>
</body>
</html>`;
}

export function verificationCodeEmail(input: {
  firstName: string;
  code: string;
  expiresInMinutes: number;
}): Template {
  const { code, expiresInMinutes } = input;
  const name = greetingName(input.firstName);
  const subject = 'Your Kindred verification code';
  const text = [
    `Hi ${name},`,
    '',
    `Your Kindred verification code is: ${code}`,
    '',
    `Enter it on the verification page to confirm your email address. It expires in ${expiresInMinutes} minutes and can be used once.`,
    '',
    'Never share this code with anyone: Kindred will never ask you for it.',
    '',
    '— The Kindred team',
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Your Kindred verification code is:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${code}</p>
<p style="margin:0 0 16px">Enter it on the verification page to confirm your email address. It expires in ${expiresInMinutes} minutes and can be used once.</p>
<p style="margin:0;color:#555">Never share this code with anyone: Kindred will never ask you for it.</p>`,
  );
  return { subject, text, html };
}

export function verificationReminderEmail(input: {
  firstName: string;
  daysLeft: number;
  signInUrl: string;
}): Template {
  const name = greetingName(input.firstName);
  const days = `${input.daysLeft} ${input.daysLeft === 1 ? 'day' : 'days'}`;
  const subject = `Please verify your Kindred email address (${days} left)`;
  const text = [
    `Hi ${name},`,
    '',
    `You have not verified your email address yet. Please verify it within ${days} to keep using your Kindred account.`,
    '',
    `Sign in at ${input.signInUrl} and we will send you a verification code.`,
    '',
    '— The Kindred team',
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">You have not verified your email address yet. Please verify it within <strong>${days}</strong> to keep using your Kindred account.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.signInUrl)}" style="display:inline-block;background:#c2185b;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px">Sign in and verify</a></p>
<p style="margin:0;color:#555">After you sign in we will email you a verification code.</p>`,
  );
  return { subject, text, html };
}

// -------------------------------------------------------------------------------------------
// Two-factor security notices
// -------------------------------------------------------------------------------------------

function securityNotice(
  subject: string,
  input: { firstName: string },
  paragraphs: readonly string[],
): Template {
  const name = greetingName(input.firstName);
  const closing = 'If this was not you, change your password now and contact Kindred support.';
  const text = [
    `Hi ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    closing,
    '',
    '— The Kindred team',
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:0;color:#555">${escapeHtml(closing)}</p>`,
  );
  return { subject, text, html };
}

export function recoveryCodeUsedEmail(input: { firstName: string; remaining: number }): Template {
  const left =
    input.remaining === 0
      ? 'You have no recovery codes left. Create new ones in Settings → Two-factor & recovery.'
      : `You have ${input.remaining} unused recovery ${input.remaining === 1 ? 'code' : 'codes'} left. You can create new ones in Settings → Two-factor & recovery.`;
  return securityNotice('A Kindred recovery code was used', input, [
    'A recovery code was just used instead of your authenticator app to sign in to your Kindred account. That code will not work again.',
    left,
  ]);
}

export function recoveryCodesReplacedEmail(input: { firstName: string }): Template {
  return securityNotice('Your Kindred recovery codes were replaced', input, [
    'New recovery codes were just created for your Kindred account. Your old recovery codes no longer work.',
  ]);
}

export function twoFactorResetEmail(input: { firstName: string }): Template {
  return securityNotice('Two-factor authentication was reset on your Kindred account', input, [
    'At your request, Kindred support removed the authenticator app and the recovery codes from your account, and signed you out everywhere.',
    'The next time you log in, you will set up two-factor authentication again with your authenticator app and get new recovery codes.',
  ]);
}

// -------------------------------------------------------------------------------------------
// Account settings: the password and the email address changed
// -------------------------------------------------------------------------------------------

export function passwordChangedEmail(input: { firstName: string; when: Date }): Template {
  return securityNotice('Your Kindred password was changed', input, [
    `The password of your Kindred account was changed on ${input.when.toUTCString()}, and your other sessions were signed out.`,
  ]);
}

/** Sent to the old address: the new one only masked, so a lost mailbox learns no more than needed. */
export function emailChangedEmail(input: {
  firstName: string;
  maskedNewEmail: string;
  when: Date;
}): Template {
  return securityNotice('Your Kindred email address was changed', input, [
    `The email address of your Kindred account was changed to ${input.maskedNewEmail} on ${input.when.toUTCString()}. We will write to the new address from now on.`,
  ]);
}

/** Sent to the new address: the code that confirms it. */
export function emailChangeCodeEmail(input: {
  firstName: string;
  code: string;
  expiresInMinutes: number;
}): Template {
  const { code, expiresInMinutes } = input;
  const name = greetingName(input.firstName);
  const subject = 'Confirm your new Kindred email address';
  const explain = `Enter it in Settings → Account to make this your Kindred email address. It expires in ${expiresInMinutes} minutes and can be used once.`;
  const ignore =
    'If you did not ask for this, ignore this email: nothing changes without the code.';
  const text = [
    `Hi ${name},`,
    '',
    `Your code is: ${code}`,
    '',
    explain,
    '',
    ignore,
    '',
    '— The Kindred team',
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Your code is:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${code}</p>
<p style="margin:0 0 16px">${escapeHtml(explain)}</p>
<p style="margin:0;color:#555">${escapeHtml(ignore)}</p>`,
  );
  return { subject, text, html };
}

// -------------------------------------------------------------------------------------------
// Forgot password
// -------------------------------------------------------------------------------------------

export function passwordResetCodeEmail(input: {
  firstName: string;
  code: string;
  expiresInMinutes: number;
}): Template {
  const { code, expiresInMinutes } = input;
  const name = greetingName(input.firstName);
  const subject = 'Your Kindred password reset code';
  const text = [
    `Hi ${name},`,
    '',
    `Your Kindred password reset code is: ${code}`,
    '',
    `Enter it on the "Forgot password" page with your new password. It expires in ${expiresInMinutes} minutes and can be used once.`,
    '',
    'If you did not ask to reset your password, ignore this email: your password stays as it is.',
    'Never share this code with anyone: Kindred will never ask you for it.',
    '',
    '— The Kindred team',
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Your Kindred password reset code is:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${code}</p>
<p style="margin:0 0 16px">Enter it on the "Forgot password" page with your new password. It expires in ${expiresInMinutes} minutes and can be used once.</p>
<p style="margin:0 0 16px">If you did not ask to reset your password, ignore this email: your password stays as it is.</p>
<p style="margin:0;color:#555">Never share this code with anyone: Kindred will never ask you for it.</p>`,
  );
  return { subject, text, html };
}

/** After a reset. Carries no code (journeys read the newest mail's code). */
export function passwordResetNoticeEmail(input: { firstName: string; when: Date }): Template {
  const name = greetingName(input.firstName);
  const subject = 'Your Kindred password was reset';
  const said = `The password of your Kindred account was reset with a code sent to this address on ${input.when.toUTCString()}, and every device signed in to your account was signed out.`;
  const ifNotYou =
    'If this was not you, someone can read your email: secure your mailbox, then use "Forgot password?" on the login page to choose a new password.';
  const text = [`Hi ${name},`, '', said, '', ifNotYou, '', '— The Kindred team'].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">${escapeHtml(said)}</p>
<p style="margin:0;color:#555">${escapeHtml(ifNotYou)}</p>`,
  );
  return { subject, text, html };
}
