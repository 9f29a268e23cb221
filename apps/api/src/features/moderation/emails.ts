import type { MailMessage } from '../../platform/mailer.js';
import { greetingName } from '../../platform/member-text.js';

/**
 * The suspension notice. It says what the moderator wrote and where to appeal — built from the
 * member's own name, the moderator's reason and the support address only, so nothing about who
 * reported them can reach it. Plain text and escaped, inline-styled HTML.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function suspensionEmail(input: {
  firstName: string;
  reason: string;
  supportEmail: string;
}): Omit<MailMessage, 'to'> {
  const name = greetingName(input.firstName);
  const subject = 'Your Kindred account has been suspended';
  const text = [
    `Hi ${name},`,
    '',
    'Our moderators have suspended your Kindred account. You cannot sign in while it is suspended, and other members no longer see your profile, posts or comments.',
    '',
    'The reason given:',
    input.reason,
    '',
    `If you think this is a mistake, write to ${input.supportEmail}.`,
    '',
    '— The Kindred team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#c2185b">Kindred</p>
<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">Our moderators have suspended your Kindred account. You cannot sign in while it is suspended, and other members no longer see your profile, posts or comments.</p>
<p style="margin:0 0 8px">The reason given:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c2185b;white-space:pre-wrap">${escapeHtml(input.reason)}</blockquote>
<p style="margin:0">If you think this is a mistake, write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}
