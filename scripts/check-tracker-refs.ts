/**
 * `npm run check:refs`: fails, naming file and line, on tracker references in code (see
 * check-tracker-refs-rules.ts) and on relative links in the README, docs/ and the changelogs that
 * lead nowhere (a missing file, or an anchor the target has no heading for).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { anchorsOf, relativeLinks, trackerReferences } from './check-tracker-refs-rules.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CODE_FOLDERS = ['packages', 'apps', 'scripts', 'e2e', 'bench']
const CODE_FILE = /\.(?:ts|tsx|sol|mjs|js)$/
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'cache', 'artifacts', '.vite'])
// The matcher and its test have to spell out what they catch.
const MATCHER_FILES = new Set([
  'scripts/check-tracker-refs-rules.ts',
  'scripts/check-tracker-refs-rules.test.ts',
])

function filesUnder(folder: string, wanted: RegExp): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : filesUnder(path, wanted)
    return wanted.test(name) ? [path] : []
  })
}

function trackerProblems(): string[] {
  const files = CODE_FOLDERS.flatMap((folder) => filesUnder(join(root, folder), CODE_FILE))
  return files.flatMap((file) => {
    const name = relative(root, file)
    if (MATCHER_FILES.has(name)) return []
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        const found = trackerReferences(line)
        if (found.length === 0) return []
        return [`${name}:${index + 1}: tracker reference (${found.join(', ')}): say why instead`]
      })
  })
}

function linkProblems(): string[] {
  const documents = [
    join(root, 'README.md'),
    join(root, 'CHANGELOG.md'),
    ...filesUnder(join(root, 'docs'), /\.md$/),
    ...filesUnder(join(root, 'packages'), /^CHANGELOG\.md$/),
  ]
  const anchors = new Map<string, Set<string>>()
  const anchorsIn = (file: string) => {
    const known = anchors.get(file) ?? anchorsOf(readFileSync(file, 'utf8'))
    anchors.set(file, known)
    return known
  }
  return documents.flatMap((document) =>
    relativeLinks(readFileSync(document, 'utf8')).flatMap(({ line, target, anchor }) => {
      const where = `${relative(root, document)}:${line}`
      const file = target === '' ? document : resolve(dirname(document), target)
      if (!existsSync(file)) return [`${where}: link to ${target}, which does not exist`]
      if (anchor === undefined || !file.endsWith('.md')) return []
      return anchorsIn(file).has(anchor) ? [] : [`${where}: link to ${target}#${anchor}, no such heading`]
    }),
  )
}

const problems = [...trackerProblems(), ...linkProblems()]
for (const problem of problems) console.error(problem)
if (problems.length > 0) {
  console.error(`check:refs: ${problems.length} problem(s)`)
  process.exit(1)
}
console.log('check:refs: no tracker reference in code, every relative link of the docs resolves')
