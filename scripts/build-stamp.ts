import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** Where a package's stamp lives: inside its build output, so a fresh `rm -rf dist` makes it stale. */
export const STAMP_FILE = '.build-stamp'

/** Folders that are outputs or installs, never a build's input. */
const NOT_INPUT = new Set(['node_modules', 'dist', '.vite', '.turbo'])

/**
 * A hash of everything a package's build reads: every file under its folder (sources, configs,
 * package.json — outputs and installs aside), by path and content, and `extra` (the stamps of the
 * packages it depends on, the lock file). Contents rather than times: a checkout that leaves a file
 * as it was does not make the package stale.
 */
export async function inputHash(dir: string, extra: readonly string[] = []): Promise<string> {
  const hash = createHash('sha256')
  for (const file of await inputFiles(dir)) {
    hash.update(`${relative(dir, file)}\0`)
    hash.update(await readFile(file))
    hash.update('\0')
  }
  for (const part of extra) hash.update(`${part}\0`)
  return hash.digest('hex')
}

async function inputFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const files: string[] = []
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (NOT_INPUT.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...(await inputFiles(path)))
    else if (entry.isFile()) files.push(path)
  }
  return files
}

/** The hash the last successful build of `dir` wrote into `outDir`, if any. */
export async function readStamp(outDir: string): Promise<string | undefined> {
  return (await readFile(join(outDir, STAMP_FILE), 'utf8').catch(() => '')).trim() || undefined
}

export async function writeStamp(outDir: string, hash: string): Promise<void> {
  await writeFile(join(outDir, STAMP_FILE), `${hash}\n`)
}
