import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA, the level the platform is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and returns the serious and critical
 * violations, each with the elements it found (empty means the page passes).
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** One line per finding, for a readable assertion failure. */
export const describeFindings = (where: string, findings: Finding[]) =>
  findings.map((f) => `${where}: [${f.impact}] ${f.rule} (${f.help}) at ${f.targets.join(' | ')}`);
