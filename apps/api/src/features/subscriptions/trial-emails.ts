import { formatTrialEndDate } from '@kindred/contracts';
import type { MailMessage } from '../../platform/mailer.js';
import { greetingName } from '../../platform/member-text.js';

/**
 * "Your free trial ends soon" (issue 14), as plain text and simple inline-styled HTML in the
 * account emails' style (what mail clients render reliably). The member's name is escaped, and
 * greeted only when it reads as one (platform/member-text.ts).
 */

type Template = Omit<MailMessage, 'to'>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function trialEndingEmail(input: {
  firstName: string;
  trialEndDate: Date;
  daysLeft: number;
  upgradeUrl: string;
}): Template {
  const name = greetingName(input.firstName);
  const endDate = formatTrialEndDate(input.trialEndDate);
  const when = input.daysLeft <= 1 ? 'tomorrow' : `in ${input.daysLeft} days`;
  const subject = `Your Kindred free trial ends ${when}`;
  const ends = `Your Kindred free trial ends on ${endDate}.`;
  const after =
    'You keep your profile, photos, posts and connections after that date, but new uploads and some features are limited until you choose a paid plan.';
  const upgrade = 'Upgrade now to keep everything your plan offers:';
  const text = [
    `Hi ${name},`,
    '',
    ends,
    '',
    after,
    '',
    `${upgrade} ${input.upgradeUrl}`,
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
<p style="margin:0 0 16px">Your Kindred free trial ends on <strong>${escapeHtml(endDate)}</strong>.</p>
<p style="margin:0 0 16px">${escapeHtml(after)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.upgradeUrl)}" style="display:inline-block;background:#c2185b;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px">Upgrade your plan</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#888">You received this email because you have a Kindred account on the free trial.</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}
