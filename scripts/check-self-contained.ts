// Runs the unit suite from a copy of the repository with nothing beside it, so a test that reads a
// file outside the repository (a spec, test data in a sibling folder) fails here instead of only
// on machines that happen to have that folder. The copy takes the files git knows (tracked, and new
// ones not ignored) and hard-links node_modules, whose workspace links are relative and so point
// into the copy.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const alone = mkdtempSync(join(tmpdir(), 'portico-alone-'))
const copy = join(alone, 'repo')

try {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  // A tracked file deleted in the working tree is listed too; the copy is of the tree as it is.
  const files = new Set(listed.split('\0').filter((file) => file && existsSync(join(root, file))))
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true })
    cpSync(join(root, file), join(copy, file), { verbatimSymlinks: true })
  }
  const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(copy, 'node_modules')], {
    stdio: 'inherit',
  })
  if (linked.status !== 0) throw new Error('could not link node_modules into the copy')

  console.log(`self-contained: unit suite from ${copy}`)
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit'], { cwd: copy, stdio: 'inherit' })
  process.exitCode = run.status ?? 1
} finally {
  rmSync(alone, { recursive: true, force: true })
}
