/**
 * What `npm run check:refs` looks for. Code comments that point at a tracker ("issue 12", "SPEC §4",
 * "finding N3") point at documents outside the repository, which a reader of the code cannot open and
 * which stop being true as the tracker moves on; a comment should say why instead. References to the
 * repository's own behaviour reference ("behaviour §7") and to standards ("RFC 9449 §4.2") stay.
 */

const TRACKER_PATTERNS: readonly RegExp[] = [
  /\bissues? #?\d+/i,
  /\bSPEC\b/,
  /\bspec(?:\.md)? ?§/i,
  /\b(?:findings?|review) [A-Z]{1,2}\d{1,2}\b/i,
]

// A section sign is fine once the line has named the behaviour reference or a standard before it
// ("behaviour §2 RegisterAccountName, §5 rules"; "RFC 9449 §4.2").
const CITES_A_DOCUMENT_WE_HAVE = /\b(?:behaviour|RFC ?\d+|EIP-?\d+|ERC-?\d+|ENSIP-?\d+|FIP-?\d+)\b/i

/** The tracker references in one line of code, as the text that gives each away. */
export function trackerReferences(line: string): string[] {
  const found = TRACKER_PATTERNS.flatMap((pattern) => line.match(pattern)?.[0] ?? [])
  const bareSection = [...line.matchAll(/§/g)].some(
    (sign) => !CITES_A_DOCUMENT_WE_HAVE.test(line.slice(0, sign.index)),
  )
  if (bareSection) found.push('§')
  return found
}

/** A relative link of a Markdown file: its target file (may be empty: this file) and its anchor. */
export interface RelativeLink {
  line: number
  target: string
  anchor: string | undefined
}

const LINK = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g
const FENCE = /^\s*(```|~~~)/

/** Every relative link of a Markdown text (not those in code), one entry per link. */
export function relativeLinks(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = []
  let inFence = false
  markdown.split('\n').forEach((text, index) => {
    if (FENCE.test(text)) inFence = !inFence
    if (inFence) return
    for (const match of text.replace(/`[^`]*`/g, '').matchAll(LINK)) {
      const href = match[1] ?? ''
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue
      const [target = '', anchor] = href.split('#', 2)
      links.push({ line: index + 1, target: decodeURIComponent(target), anchor })
    }
  })
  return links
}

/**
 * The anchors a Markdown text offers: its headings as GitHub slugs them (lower case, punctuation
 * dropped, spaces to hyphens, `-1`, `-2` for repeats) and explicit `<a id="…">` anchors.
 */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let inFence = false
  for (const text of markdown.split('\n')) {
    if (FENCE.test(text)) inFence = !inFence
    if (inFence) continue
    for (const match of text.matchAll(/<a id="([^"]+)"/g)) anchors.add(match[1] ?? '')
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)
    if (!heading) continue
    const slug = githubSlug((heading[1] ?? '').replace(/<[^>]*>/g, ''))
    const repeats = seen.get(slug) ?? 0
    seen.set(slug, repeats + 1)
    anchors.add(repeats === 0 ? slug : `${slug}-${repeats}`)
  }
  return anchors
}

function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}
