import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist')
type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest

/** The files the browser must fetch before anything can be clicked: the entry and its static imports. */
function firstPaintFiles(): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  if (entryKey) visit(entryKey)
  return [...files]
}

describe('page weight budget', () => {
  it('ships at most 150 kB of gzipped JS before the first click', () => {
    const gzipped = firstPaintFiles().reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length,
      0,
    )
    expect(gzipped).toBeGreaterThan(10_000)
    expect(gzipped).toBeLessThanOrEqual(150_000)
  })

  it('keeps the views other than Connect out of the first download', () => {
    const lazy = Object.entries(manifest).filter(([key]) =>
      /views\/(Account|ConnectingExternal|UnsupportedChain|WalletSend|WalletReceive)\.tsx$/.test(key),
    )
    expect(lazy.map(([key]) => key.replace(/^.*views\//, '')).sort()).toEqual([
      'Account.tsx',
      'ConnectingExternal.tsx',
      'UnsupportedChain.tsx',
      'WalletReceive.tsx',
      'WalletSend.tsx',
    ])
    const first = new Set(firstPaintFiles())
    for (const [, chunk] of lazy) expect(first.has(chunk.file)).toBe(false)
  })
})
