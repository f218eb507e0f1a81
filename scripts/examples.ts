import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { EXAMPLES, type ExampleName, exampleDir } from './examples-dir.ts'
import { markdownTable } from './markdown-table.ts'

/**
 * `npm run examples [-- --no-pack] [vite|nextjs …]`: installs each example app the way an adopter
 * would — a folder outside the repository, the Portico packages from the packed tarballs
 * (`npm run pack:packages`), everything else from the registry — and builds it. Prints a table of
 * install and build times and the gzipped JavaScript each build ships. `--no-pack` reuses `.packs/`.
 */
const root = resolve(import.meta.dirname, '..')
const packs = join(root, '.packs')
const args = process.argv.slice(2)
const pack = !args.includes('--no-pack')
const names = args.filter((arg) => !arg.startsWith('--'))
for (const name of names) {
  if (!(EXAMPLES as readonly string[]).includes(name))
    fail(`Unknown example "${name}" — expected one of ${EXAMPLES.join(', ')}`)
}
const chosen = names.length > 0 ? (names as ExampleName[]) : [...EXAMPLES]

// No telemetry or update checks: this machine reaches the npm registry and nothing else.
const env = {
  NEXT_TELEMETRY_DISABLED: '1',
  npm_config_update_notifier: 'false',
  // The Vite example bakes its project in at build time and refuses to start without one; the
  // builds made here are opened offline (bench/adopter.ts, e2e/adopter-bundle.e2e.ts), so any id does.
  VITE_PORTICO_PROJECT_ID: 'b'.repeat(32),
  ...process.env,
}

/** Where each example's browser JavaScript lands. */
const OUTPUT: Record<ExampleName, string> = { vite: 'dist', nextjs: '.next/static' }

class CommandFailed extends Error {}

async function run(command: string, commandArgs: string[], cwd: string): Promise<number> {
  const started = performance.now()
  try {
    await promisify(execFile)(command, commandArgs, { cwd, env, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new CommandFailed(`${command} ${commandArgs.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`)
  }
  return (performance.now() - started) / 1000
}

/** The packages' own versions name their tarballs (`portico-core-0.1.0.tgz`). */
async function tarballs(): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const folder of ['core', 'react', 'embedded', 'server']) {
    const manifest = JSON.parse(await readFile(join(root, 'packages', folder, 'package.json'), 'utf8'))
    const tarball = join(packs, `portico-${folder}-${manifest.version}.tgz`)
    if (!existsSync(tarball)) fail(`${tarball} is missing — run npm run pack:packages (or drop --no-pack)`)
    found.set(manifest.name, tarball)
  }
  return found
}

/** A fresh copy of the example with its `@portico/*` dependencies pointing at the tarballs. */
async function stage(name: ExampleName, packed: Map<string, string>): Promise<string> {
  const source = join(root, 'examples', name)
  const target = exampleDir(name)
  await rm(target, { recursive: true, force: true })
  const leftovers = new Set(['node_modules', 'dist', '.next', 'next-env.d.ts', 'package-lock.json'])
  await cp(source, target, { recursive: true, filter: (path) => !leftovers.has(basename(path)) })
  const manifestPath = join(target, 'package.json')
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>
  }
  for (const dependency of Object.keys(manifest.dependencies)) {
    if (!dependency.startsWith('@portico/')) continue
    const tarball = packed.get(dependency)
    if (!tarball) fail(`examples/${name} depends on ${dependency}, which is not packed`)
    manifest.dependencies[dependency] = `file:${tarball}`
  }
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  return target
}

async function gzippedJs(folder: string): Promise<number> {
  let bytes = 0
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.js'))
      bytes += gzipSync(await readFile(join(entry.parentPath, entry.name))).length
  }
  return bytes
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

try {
  if (pack) await run('npm', ['run', 'pack:packages', '--silent'], root)
  const packed = await tarballs()
  const rows: string[][] = []
  for (const name of chosen) {
    const folder = await stage(name, packed)
    console.log(`${name}: installing and building in ${folder}`)
    const install = await run('npm', ['install', '--no-audit', '--no-fund'], folder)
    const build = await run('npm', ['run', 'build'], folder)
    const js = await gzippedJs(join(folder, OUTPUT[name]))
    rows.push([name, install.toFixed(1), build.toFixed(1), `${(js / 1024).toFixed(1)} kB`])
    if (name === 'vite') {
      // The same page without Portico, built with the same installation and configuration: what
      // Portico adds to an adopter's first download is measured against it (bench/adopter.ts and
      // e2e/adopter-bundle.e2e.ts).
      await cp(join(root, 'bench', 'adopter-baseline'), join(folder, 'baseline'), { recursive: true })
      const vite = join(folder, 'node_modules', '.bin', 'vite')
      const baseline = await run(
        vite,
        ['build', 'baseline', '--config', 'vite.config.ts', '--outDir', '../dist-baseline', '--emptyOutDir'],
        folder,
      )
      const baselineJs = await gzippedJs(join(folder, 'dist-baseline'))
      rows.push(['vite without Portico', '—', baseline.toFixed(1), `${(baselineJs / 1024).toFixed(1)} kB`])
    }
  }
  console.log(markdownTable(['example', 'install s', 'build s', 'JS gzip'], rows))
} catch (error) {
  if (error instanceof CommandFailed) fail(error.message)
  throw error
}
