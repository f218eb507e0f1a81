import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isPlainSvgDataUrl } from './svg-icon.ts'

const svgUrl = (markup: string) => `data:image/svg+xml,${encodeURIComponent(markup)}`
const square =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><path fill="url(#a)" d="M0 0h28v28H0z"/></svg>'

describe('a plain SVG icon', () => {
  it('accepts shapes, gradients and clip paths that point inside the file', () => {
    expect(isPlainSvgDataUrl(svgUrl(square))).toBe(true)
    expect(isPlainSvgDataUrl(svgUrl(`<?xml version="1.0"?>\n${square}`))).toBe(true)
    expect(isPlainSvgDataUrl(svgUrl('<svg><use href="#shape"/></svg>'))).toBe(true)
  })

  it('refuses script, handlers, embedded HTML, links out and what is not an SVG', () => {
    for (const markup of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"><path d="M0 0"/></svg>',
      '<svg><foreignObject><div>hi</div></foreignObject></svg>',
      '<svg><image href="https://example.com/logo.png"/></svg>',
      '<svg><image xlink:href="data:image/png;base64,AAAA"/></svg>',
      '<svg><path fill="url(https://example.com/x.svg#a)" d="M0 0"/></svg>',
      '<svg><style>@import "https://example.com/a.css";</style></svg>',
      '<html><body>not an icon</body></html>',
    ])
      expect(isPlainSvgDataUrl(svgUrl(markup)), markup).toBe(false)
    expect(isPlainSvgDataUrl(`data:image/svg+xml;base64,${btoa(square)}`)).toBe(false)
    expect(isPlainSvgDataUrl(`data:text/html,${encodeURIComponent(square)}`)).toBe(false)
    expect(isPlainSvgDataUrl('data:image/svg+xml,%E0%A4%A')).toBe(false)
  })
})

describe('the shipped registry’s icons', () => {
  const { wallets } = JSON.parse(
    readFileSync(new URL('../packages/server/data/wallets/registry.json', import.meta.url), 'utf8'),
  ) as { wallets: { id: string; image_url?: string | null }[] }

  it('gives each of the 12 recommended wallets a plain SVG, and every other wallet its monogram', () => {
    const recommended = wallets.slice(0, 12)
    for (const wallet of recommended) expect(isPlainSvgDataUrl(wallet.image_url ?? ''), wallet.id).toBe(true)
    expect(wallets.slice(12).filter((wallet) => wallet.image_url)).toEqual([])
    // The icons travel with every first page of the list: keep them small.
    const bytes = recommended.reduce((sum, wallet) => sum + (wallet.image_url?.length ?? 0), 0)
    expect(bytes).toBeLessThan(40_000)
  })
})
