import type { NotificationType } from '@kindred/contracts';
import type { MailMessage } from '../../platform/mailer.js';
import { greetingName } from '../../platform/member-text.js';

/**
 * The daily digest. Counts only: no member's words (no post, comment or message text, no names),
 * so nothing private travels by email and nothing another member wrote can be made to look like
 * it came from us.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const LINES: Record<NotificationType, (count: number) => string> = {
  follow: (n) => `${n} new ${n === 1 ? 'follower' : 'followers'}`,
  follow_request: (n) => `${n} follow ${n === 1 ? 'request' : 'requests'}`,
  like: (n) => `${n} ${n === 1 ? 'post' : 'posts'} with new likes`,
  comment: (n) => `${n} new ${n === 1 ? 'comment' : 'comments'} on your posts`,
  reply: (n) => `${n} ${n === 1 ? 'reply' : 'replies'} to your comments`,
  mention: (n) => `${n} ${n === 1 ? 'mention' : 'mentions'}`,
  match: (n) => `${n} new ${n === 1 ? 'match' : 'matches'}`,
  // Who wrote is counted, never what: message content is never mailed.
  message: (n) => `${n} ${n === 1 ? 'conversation' : 'conversations'} with new messages`,
  new_sign_in: (n) => `${n} ${n === 1 ? 'sign-in' : 'sign-ins'} from a new browser`,
  two_factor_changed: (n) => `${n} two-factor authentication ${n === 1 ? 'change' : 'changes'}`,
  password_changed: (n) => `${n} password ${n === 1 ? 'change' : 'changes'}`,
  recovery_code_used: (n) => `${n} recovery ${n === 1 ? 'code' : 'codes'} used`,
};

export function digestEmail(input: {
  firstName: string;
  unreadByType: Partial<Record<NotificationType, number>>;
  notificationsUrl: string;
  settingsUrl: string;
}): Omit<MailMessage, 'to'> {
  const name = greetingName(input.firstName);
  const entries = Object.entries(input.unreadByType) as [NotificationType, number][];
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const subject = `You have ${total} unread ${total === 1 ? 'notification' : 'notifications'} on Kindred`;
  const lines = entries.map(([type, count]) => LINES[type](count));
  const text = [
    `Hi ${name},`,
    '',
    'Since your last visit:',
    ...lines.map((line) => `- ${line}`),
    '',
    `See them at ${input.notificationsUrl}`,
    '',
    `You get this email once a day because the daily digest is on. Turn it off at ${input.settingsUrl}`,
    '',
    '— The Kindred team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#222">
<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 8px">Since your last visit:</p>
<ul style="margin:0 0 16px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.notificationsUrl)}">See your notifications</a></p>
<p style="margin:0;color:#555">You get this email once a day because the daily digest is on. <a href="${escapeHtml(input.settingsUrl)}">Turn it off</a></p>
</body></html>`;
  return { subject, text, html };
}
