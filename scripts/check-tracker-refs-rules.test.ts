import { describe, expect, it } from 'vitest'
import { anchorsOf, relativeLinks, trackerReferences } from './check-tracker-refs-rules.ts'

describe('tracker references in a line of code', () => {
  it.each([
    ['// The relay (issue 10), registered under /v1.', 'issue 10'],
    ['/** Issue 18 §2: a Send the visitor can trust. */', 'Issue 18'],
    ['// issues 10 and 13 moved it', 'issues 10'],
    ['// see issue #2', 'issue #2'],
    ['/** The plain view (SPEC §2). */', 'SPEC'],
    ['// as the spec § 4 says', 'spec §'],
    ['// closes finding N3', 'finding N3'],
    ['// security review H2 asked for this', 'review H2'],
  ])('finds %j', (line, found) => {
    expect(trackerReferences(line)).toContain(found)
  })

  it('finds a bare section sign, which points at a document nobody can open', () => {
    expect(trackerReferences('// expires within 10 s (§4)')).toEqual(['§'])
  })

  it.each([
    '// The account routes (behaviour §3, §7).',
    '// behaviour §4 / §9 say how long',
    '/** Choosing a name (behaviour §2 RegisterAccountName, §5 rules) */',
    '/** as RFC 9449 §4.2 spells it; RFC 7638 §3 orders the members */',
    '// Exact, as the embedded wallet policy says: the issue is the node, not the caller.',
    "it('shows no serious axe finding', async () => {})",
    'const issues = findIssues(12)',
    '// npm/cli#4828 and #9342 are upstream bugs',
  ])('leaves %j alone', (line) => {
    expect(trackerReferences(line)).toEqual([])
  })
})

describe('relative links of a Markdown text', () => {
  const markdown = [
    '# Title',
    'See [services](docs/services.md#the-relay), [the top](#title) and ![a screen](docs/screens/a%20b.png).',
    'Not [the web](https://example.com) nor [mail](mailto:a@b.c) nor `[code](x.md)`.',
    '```md',
    '[in a fence](nowhere.md)',
    '```',
  ].join('\n')

  it('gives each relative link with its line, target and anchor', () => {
    expect(relativeLinks(markdown)).toEqual([
      { line: 2, target: 'docs/services.md', anchor: 'the-relay' },
      { line: 2, target: '', anchor: 'title' },
      { line: 2, target: 'docs/screens/a b.png', anchor: undefined },
    ])
  })
})

describe('the anchors a Markdown text offers', () => {
  it('slugs headings as GitHub does, numbers repeats, and keeps explicit anchors', () => {
    const anchors = anchorsOf(
      [
        '## The JSON-RPC proxy',
        '### `createPortico(options)`',
        '## 1. What it does <a id="what-it-does"></a>',
        '## Limits',
        '## Limits',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    )
    expect([...anchors].sort()).toEqual(
      [
        'the-json-rpc-proxy',
        'createporticooptions',
        'what-it-does',
        '1-what-it-does',
        'limits',
        'limits-1',
      ].sort(),
    )
  })
})
