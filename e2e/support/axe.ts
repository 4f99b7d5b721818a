import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One failed axe rule: its id, impact and the elements it failed on (selector and why). */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

// WCAG 2.1 A/AA is what JIS X 8341-3 (level AA) asks for.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe-core in the page and returns the serious and critical violations (none is the goal). */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} — ${n.failureSummary ?? ''}`),
    }));
  }, TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The part of axe's API the check uses (axe-core's types are not loaded into the page's scope). */
interface AxeApi {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] } },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: string[]; html: string; failureSummary?: string }[];
    }[];
  }>;
}
