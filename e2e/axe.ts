import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'

/** One rule broken somewhere in the audited part of the page, as axe-core names it. */
interface Violation {
  id: string
  impact: string | null | undefined
  help: string
  targets: string[]
}

async function audit(
  target: Page | Frame,
  selector: string,
): Promise<{ violations: Violation[]; passes: number }> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axe.source)
  return target.evaluate(async (include) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run
    const result = await run({ include: [include] }, { resultTypes: ['violations', 'passes'] })
    return {
      passes: result.passes.length,
      violations: result.violations.map((rule) => ({
        id: rule.id,
        impact: rule.impact,
        help: rule.help,
        targets: rule.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
      })),
    }
  }, selector)
}

function expectNoSeriousViolation(view: string, found: { violations: Violation[]; passes: number }) {
  const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  // One line per view in the run's output: the figures a reviewer asks for.
  console.log(
    `axe ${view}: ${serious.length} serious/critical, ${found.violations.length} in all, ${found.passes} rules passed`,
  )
  expect(serious, `axe-core on ${view}`).toEqual([])
}

/**
 * axe-core over the open modal — it walks into the modal's open shadow root — with no serious or
 * critical violation allowed. `view` names what is on screen, for the failure and the log line.
 */
export async function expectAccessibleModal(page: Page, view: string): Promise<void> {
  await page.getByRole('dialog').waitFor()
  // Contrast is judged on what settles on screen: a title still fading in is not yet its colour.
  await page.waitForFunction(() =>
    (document.querySelector('[data-portico-modal]')?.shadowRoot?.getAnimations() ?? []).every(
      (animation) =>
        animation.playState !== 'running' ||
        animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
    ),
  )
  expectNoSeriousViolation(view, await audit(page, '[data-portico-modal]'))
}

/** The same over the secure frame's own document, while it shows an approval. */
export async function expectAccessibleFrame(page: Page, view: string): Promise<void> {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/frame')
  if (!frame) throw new Error('The secure frame is not on the page')
  expectNoSeriousViolation(view, await audit(frame, 'main'))
}

/** The same over a whole page of the services' own (the dashboard), once `ready` is on screen. */
export async function expectAccessiblePage(page: Page, view: string): Promise<void> {
  expectNoSeriousViolation(view, await audit(page, 'body'))
}
