import { execFileSync } from 'node:child_process'
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { markdownTable } from './markdown-table.ts'
import { publishedManifest, type WorkspaceManifest } from './published-manifest.ts'

/**
 * Builds the four publishable packages (`--no-build`: as `npm run build` left them) and packs each into `.packs/<name>-<version>.tgz`, the
 * tarballs the examples install. In the repository a package's `exports` point at its TypeScript
 * sources (what the workspace, Vite, Vitest and tsx read); the packed manifest points them at the
 * compiled `dist/` instead (published-manifest.ts), so `npm pack` runs on a staged copy.
 */
const PUBLISHED = ['core', 'react', 'embedded', 'server'] as const

const build = !process.argv.includes('--no-build')
const root = resolve(import.meta.dirname, '..')
const packs = join(root, '.packs')
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })

const manifests = new Map<string, WorkspaceManifest>()
for (const folder of PUBLISHED) {
  const manifest = JSON.parse(await readFile(join(root, 'packages', folder, 'package.json'), 'utf8'))
  manifests.set(manifest.name, manifest)
}
const versions = new Map([...manifests].map(([name, manifest]) => [name, manifest.version]))

await rm(packs, { recursive: true, force: true })
await mkdir(packs, { recursive: true })
const rows: string[][] = []
for (const folder of PUBLISHED) {
  const source = join(root, 'packages', folder)
  // Each package's build compiles it into dist/ (the embedded package also bundles its secure frame).
  if (build) run('npm', ['run', 'build', '--silent'], source)
  const manifest = JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as WorkspaceManifest
  const stage = join(packs, 'stage', folder)
  await mkdir(stage, { recursive: true })
  // A "!" entry leaves files out (npm pack honours it from the staged manifest); nothing to copy.
  for (const file of (manifest.files ?? []).filter((entry) => !entry.startsWith('!'))) {
    const from = join(file === 'LICENSE' ? root : source, file)
    await cp(from, join(stage, file), { recursive: true })
  }
  const published = publishedManifest(manifest, versions)
  await writeFile(join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`)
  const tarball = run('npm', ['pack', '--silent', '--pack-destination', packs], stage)
    .trim()
    .split('\n')
    .at(-1)
  if (!tarball) throw new Error(`npm pack of ${manifest.name} named no tarball`)
  const bytes = (await stat(join(packs, tarball))).size
  rows.push([manifest.name, tarball, `${(bytes / 1024).toFixed(1)} kB`])
}
await rm(join(packs, 'stage'), { recursive: true, force: true })

console.log(markdownTable(['package', 'tarball', 'size'], rows))
