import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inputHash, readStamp, writeStamp } from './build-stamp.ts'

/** The packages `npm start` needs built, in build order, each with the ones whose output it reads. */
const PACKAGES = [
  { name: 'core', dir: 'packages/core', needs: [] },
  { name: 'react', dir: 'packages/react', needs: ['core'] },
  { name: 'embedded', dir: 'packages/embedded', needs: ['core'] },
  { name: 'server', dir: 'packages/server', needs: ['core', 'embedded'] },
  { name: 'web', dir: 'apps/web', needs: ['core', 'react', 'embedded', 'server'] },
] as const

export interface BuiltPackage {
  name: string
  /** Milliseconds of its build, or undefined when it was up to date. */
  ms: number | undefined
}

/**
 * Builds each package whose inputs changed since its last build (a hash of its files, the lock
 * file and the hashes of what it depends on, kept next to its output), and skips the others. The
 * bundlers' output is kept back unless a build fails.
 */
export async function buildChanged(root: string): Promise<BuiltPackage[]> {
  const lock = await readFile(join(root, 'package-lock.json'), 'utf8').catch(() => '')
  const hashes = new Map<string, string>()
  const built: BuiltPackage[] = []
  for (const { name, dir, needs } of PACKAGES) {
    const outDir = join(root, dir, 'dist')
    const hash = await inputHash(join(root, dir), [lock, ...needs.map((need) => hashes.get(need) ?? '')])
    hashes.set(name, hash)
    if ((await readStamp(outDir)) === hash) {
      built.push({ name, ms: undefined })
      continue
    }
    const started = performance.now()
    await npmBuild(root, dir)
    await writeStamp(outDir, hash)
    built.push({ name, ms: performance.now() - started })
  }
  return built
}

function npmBuild(root: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`building ${dir} failed:\n${Buffer.concat(output).toString()}`))
    })
  })
}
