import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 level A and AA rules, plus axe's best practices (landmarks, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Impacts that fail a journey: a screen may ship with none of these. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Lets finite animations (a dialog fading in, a toast sliding) finish, so colours are measured as
 * they settle, not half-transparent. Endless ones (spinners) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** Runs axe on the page as it is now and returns what it reports, most severe first. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const order = ['critical', 'serious', 'moderate', 'minor'];
  return results.violations
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes
        .map((node) => node.failureSummary?.replace(/\s+/g, ' ').trim() ?? '')
        .filter(Boolean)
        .slice(0, 3)
        .join(' | '),
    }))
    .sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact));
}

/** One line per finding: rule id, impact, what it means, where, and axe's explanation. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `- ${finding.id} (${finding.impact}): ${finding.help}\n` +
        `    at ${finding.targets.slice(0, 5).join(', ')}${finding.targets.length > 5 ? ', …' : ''}\n` +
        `    ${finding.summary}`,
    )
    .join('\n');
}

/**
 * Fails when axe reports a serious or critical violation on the screen the page shows now.
 * Call it once the screen has settled (its heading or main control is visible), on every screen a
 * journey visits. `screen` names it in the failure message.
 */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const findings = await axeFindings(page);
  const blocking = findings.filter((finding) => BLOCKING.has(finding.impact));
  if (blocking.length > 0) {
    throw new Error(
      `axe: ${blocking.length} serious or critical violation(s) on "${screen}" (${page.url()}):\n` +
        describeFindings(blocking),
    );
  }
}
