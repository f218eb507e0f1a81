/**
 * Whether a `data:image/svg+xml` URL is a plain drawing: the check `wallet-icons.ts` applies
 * before it ships a wallet's icon, and the registry test applies to what was shipped. An <img>
 * never runs an SVG's script nor loads what it links to, but an icon that contains either is not
 * what we meant to ship, and the same file opened on its own would run it.
 */
const SVG_DATA_URL = /^data:image\/svg\+xml(;charset=utf-8)?,/i

/** What a plain drawing never needs: script, event handlers, embedded HTML, links out of the file. */
const UNSAFE_MARKUP = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /<foreignObject/i,
  /<!ENTITY/i,
  /href\s*=\s*(?!["']?\s*#)/i,
  /url\(\s*(?!["']?\s*#)/i,
  /@import/i,
]

/** The SVG markup of a `data:image/svg+xml,` URL (percent-encoded, not base64), or null. */
export function svgMarkup(dataUrl: string): string | null {
  const prefix = SVG_DATA_URL.exec(dataUrl)
  if (!prefix) return null
  try {
    return decodeURIComponent(dataUrl.slice(prefix[0].length))
  } catch {
    return null
  }
}

export function isPlainSvgDataUrl(dataUrl: string): boolean {
  const markup = svgMarkup(dataUrl)
  return (
    markup !== null &&
    /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(markup) &&
    !UNSAFE_MARKUP.some((rule) => rule.test(markup))
  )
}
