import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every entry of a published package is a promise to its audience (dapps, the other packages, the
// services, tests): each must have a test beside it that lists its runtime names, so a name added
// or removed shows in review.
const root = join(import.meta.dirname, '..')
const PUBLISHED = ['core', 'react', 'embedded', 'server'] as const

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the entries of the published packages', () => {
  for (const name of PUBLISHED) {
    const dir = join(root, 'packages', name)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      exports: Record<string, string>
    }
    const tests = testFiles(join(dir, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (!target.startsWith('./src/')) continue
      it(`@portico/${name}'s "${entry}" has a test listing its runtime names`, () => {
        const listing = tests.filter(({ file, text }) => {
          const imported = `./${relative(join(file, '..'), join(dir, target))}`
          return text.includes(`import * as entry from '${imported}'`) && text.includes('Object.keys(entry)')
        })
        expect(listing.map(({ file }) => relative(dir, file))).toHaveLength(1)
      })
    }
  }
})
