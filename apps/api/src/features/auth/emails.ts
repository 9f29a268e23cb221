import type { MailMessage } from '../../platform/mailer.js';

/**
 * The account-entry emails, as plain text and simple inline-styled HTML (what mail clients
 * render reliably). Member-supplied text is escaped.
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
  const name = input.firstName.trim() || 'there';
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
  const name = input.firstName.trim() || 'there';
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
