import type { ResolvedOptions } from '@portico/core/internal'
import { describe, expect, it } from 'vitest'
import { themeCss } from './styles.ts'

const css = themeCss({ themeMode: 'dark' } as ResolvedOptions)
const lightCss = themeCss({ themeMode: 'light' } as ResolvedOptions)

/** The body of the first `@media <query> { … }` block. */
function mediaBlock(text: string, query: string): string {
  const start = text.indexOf(`@media ${query} {`)
  if (start < 0) return ''
  let depth = 0
  for (let index = text.indexOf('{', start); index < text.length; index++) {
    if (text[index] === '{') depth++
    if (text[index] === '}') depth--
    if (depth === 0) return text.slice(text.indexOf('{', start) + 1, index)
  }
  return ''
}

/** A selector list split at its top-level commas (not those inside `:is(…)`). */
function selectors(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const character of list) {
    if (character === '(') depth++
    if (character === ')') depth--
    if (character === ',' && depth === 0) {
      parts.push(current.trim())
      current = ''
    } else current += character
  }
  return [...parts, current.trim()]
}

/** The declarations of every rule whose selector list names `selector` exactly, joined. */
function declarationsOf(text: string, selector: string): string {
  const plain = text.replace(/\/\*[\s\S]*?\*\//g, '')
  return [...plain.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter((match) => selectors(match[1] ?? '').includes(selector))
    .map((match) => match[2])
    .join(' ')
}

/** A theme token's value, e.g. `--portico-bg` → `#191a1a`. */
function token(text: string, name: string): string {
  return new RegExp(`${name}: ([^;]+);`).exec(text)?.[1] ?? ''
}

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

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

describe('the modal’s CSS: motion and fit', () => {
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

  it('keeps the spinner a plain “in progress” mark under reduced motion: a dotted ring, not an arc frozen mid-turn', () => {
    const reduced = mediaBlock(css, '(prefers-reduced-motion: reduce)')
    const spinner = declarationsOf(reduced, '.spinner')
    expect(spinner).toMatch(/border-style: dotted/)
    // The whole ring in the accent, so it reads the same at every moment.
    expect(spinner).toMatch(/border-color: var\(--portico-accent\)/)
    // A loading view with no words of its own says what it is doing.
    expect(declarationsOf(reduced, '.loading-view::after')).toMatch(/content: 'Loading…'/)
  })
})

describe('the modal’s CSS: a finished look', () => {
  it('resets the browser’s default margins of text blocks inside the modal, at zero specificity', () => {
    const reset = /:where\(\.backdrop, \.toast\) :where\(([^)]*)\) \{ margin: 0; \}/.exec(css)
    expect(reset, 'a margin reset for the modal’s text blocks').not.toBeNull()
    const elements = (reset?.[1] ?? '').split(',').map((name) => name.trim())
    for (const element of ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'dd', 'figure']) {
      expect(elements).toContain(element)
    }
  })

  it('spaces a title and its muted subtitle 12 px or less apart, and stacks by gaps', () => {
    const gap = (selector: string) => Number(/gap: (\d+)px/.exec(declarationsOf(css, selector))?.[1])
    expect(gap('.stack')).toBeGreaterThan(0)
    expect(gap('.center')).toBeGreaterThan(0)
    const pull = Number(
      /margin-top: (-?\d+)px/.exec(
        declarationsOf(css, ':is(.center, .stack) > p:not(.muted) + p.muted'),
      )?.[1],
    )
    expect(Math.max(gap('.stack'), gap('.center')) + pull).toBeLessThanOrEqual(8)
    expect(Math.max(gap('.stack'), gap('.center')) + pull).toBeGreaterThanOrEqual(4)
  })

  it('gives accent-coloured text (the Recent badge, links) 4.5:1 on both themes', () => {
    for (const theme of [css, lightCss]) {
      const text = token(theme, '--portico-accent-text')
      expect(text).toMatch(/^#[0-9a-f]{6}$/i)
      expect(contrast(text, token(theme, '--portico-bg'))).toBeGreaterThanOrEqual(4.5)
    }
    expect(declarationsOf(css, '.pill.recent')).toMatch(/color: var\(--portico-accent-text\)/)
  })

  it('marks the toast’s variant with a coloured icon instead of a dot', () => {
    expect(declarationsOf(css, '.toast.success .toast-icon')).toMatch(/--portico-success/)
    expect(declarationsOf(css, '.toast.error .toast-icon')).toMatch(/--portico-error/)
    expect(css).not.toMatch(/\.dot\b/)
  })
})
