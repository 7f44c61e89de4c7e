import axe from 'axe-core'
import type { Page } from 'playwright'

/**
 * The serious and critical axe-core violations on the page, one line per rule with its first few
 * elements. axe is evaluated rather than added as a script tag, which the page's CSP would refuse.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(async () => {
    // Colours are judged as they end up: a dialog fading in has, for a moment, text fainter than it will be.
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {})))
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes
            .slice(0, 4)
            .map((node) => node.target.join(' '))
            .join(' | ')}`,
      )
  })
}
