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
 * they settle, not half-transparent. Endless ones (spinners) are left running. Looks again after
 * two frames until none is running (or 4 s pass): an animation that starts while the first ones
 * finish (a toast leaving) is waited for too.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finiteRunning = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = Date.now() + 4_000;
    while (Date.now() < deadline) {
      const running = finiteRunning();
      if (running.length === 0) {
        await nextFrame();
        await nextFrame();
        if (finiteRunning().length === 0) return;
        continue;
      }
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
    }
  });
}

/**
 * While axe measures, every animation and transition takes no time: one that starts during the
 * scan (a toast's exit when its timer runs out) is then measured at its end, not halfway through a
 * fade (the feed journey once failed on a toast's colour at 60 % opacity). Removed afterwards.
 */
async function withoutMotion<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const style = await page.addStyleTag({
    content: `*, *::before, *::after {
      animation-delay: 0s !important; animation-duration: 0s !important;
      transition-delay: 0s !important; transition-duration: 0s !important;
    }`,
  });
  try {
    return await run();
  } finally {
    await style.evaluate((element) => (element as Element).remove()).catch(() => undefined);
  }
}

/** Runs axe on the page as it is now and returns what it reports, most severe first. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  const results = await withoutMotion(page, () =>
    new AxeBuilder({ page }).withTags(TAGS).analyze(),
  );
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
