import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist')
type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
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
    const files = firstPaintFiles()
    const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0)
    // The figure a reviewer compares before and after a change.
    console.log(`first download: ${gzipped} B gzip in ${files.length} file(s)`)
    expect(gzipped).toBeGreaterThan(10_000)
    expect(gzipped).toBeLessThanOrEqual(150_000)
  })

  it('keeps every view out of the first download, Connect and Account included', () => {
    // A view's chunk is keyed by its source, or — when Rollup merged it with a module other chunks
    // share — by the chunk's own name, which Rollup takes from the view.
    const LAZY =
      /(?:views\/|^_)(Account|AllWallets|Connect|ConnectingExternal|ExplorerWallet|UnsupportedChain|WalletSend|WalletReceive)(?:\.tsx$|-[\w-]+\.js$)/
    const lazy = Object.entries(manifest).flatMap(([key, chunk]) => {
      const view = LAZY.exec(key)?.[1]
      return view && chunk.isDynamicEntry ? [{ view, file: chunk.file }] : []
    })
    expect(lazy.map((entry) => entry.view).sort()).toEqual([
      'Account',
      'AllWallets',
      'Connect',
      'ConnectingExternal',
      'ExplorerWallet',
      'UnsupportedChain',
      'WalletReceive',
      'WalletSend',
    ])
    const first = new Set(firstPaintFiles())
    for (const entry of lazy) expect(first.has(entry.file)).toBe(false)
  })

  it('keeps WalletConnect out of the first download: its SDK is a chunk of its own, loaded on the first pick', () => {
    const lazy = Object.entries(manifest).find(([key]) =>
      key.endsWith('core/src/walletconnect/loaded.ts'),
    )?.[1]
    expect(lazy?.isDynamicEntry).toBe(true)
    const first = firstPaintFiles()
    expect(first).not.toContain(lazy?.file)
    // Strings only the WalletConnect SDK carries: the relay's method names and its package names.
    const sdkMarkers = /wc_sessionPropose|irn_subscribe|@walletconnect\//
    for (const file of first)
      expect(sdkMarkers.test(readFileSync(join(dist, file), 'utf8')), file).toBe(false)
    expect(sdkMarkers.test(readFileSync(join(dist, lazy?.file ?? ''), 'utf8'))).toBe(true)
  })

  it('loads the wallet list’s requests and paging with the list, not before the first click', () => {
    const code = firstPaintFiles()
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .join('\n')
    // The path only the list's request code (core/explorer/wallet-list.ts) names.
    expect(code).not.toContain('/v1/wallets')
  })
})
