import type { ResolvedOptions } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { themeCss } from './styles.ts'

const css = themeCss({ themeMode: 'dark' } as ResolvedOptions)

/** Every `@keyframes name { … }` block of the modal's CSS, by name. */
function keyframes(text: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of text.matchAll(/@keyframes ([\w-]+) \{/g)) {
    let depth = 1
    let end = (match.index ?? 0) + match[0].length
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth++
      if (text[end] === '}') depth--
      end++
    }
    found.set(match[1] as string, text.slice((match.index ?? 0) + match[0].length, end - 1))
  }
  return found
}

describe('the modal’s CSS: motion (issue 17) and fit (issue 18)', () => {
  it('never starts content from transparent: what was clicked for is readable in the first frame', () => {
    const opacities = [...keyframes(css).values()].flatMap((body) =>
      [...body.matchAll(/opacity:\s*([\d.]+)/g)].map((match) => Number(match[1])),
    )
    expect(opacities.length).toBeGreaterThan(0)
    expect(Math.min(...opacities)).toBeGreaterThanOrEqual(0.4)
  })

  it('fades the backdrop’s dimming, not the card inside it, and still animates the card in', () => {
    const backdrop = /\.backdrop \{[^}]*animation: ([\w-]+)/.exec(css)?.[1] as string
    expect(keyframes(css).get(backdrop)).not.toMatch(/opacity/)
    expect(/\.card \{[^}]*animation: card-in 150ms/.test(css)).toBe(true)
  })

  it('turns every animation off for visitors who ask for reduced motion', () => {
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{\s*\*, \*::before, \*::after \{ animation: none !important;/,
    )
  })

  it('keeps a toast within a phone’s width, however long its sentence', () => {
    expect(/\.toast \{[^}]*max-width: calc\(100vw - 24px\)/.test(css)).toBe(true)
  })
})
