import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist')
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest

function firstPaintKeys(): Set<string> {
  const keys = new Set<string>()
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return
    keys.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return keys
}

it('keeps the frame client, the embedded provider and the e-mail views out of the first download', () => {
  const lazy = Object.keys(manifest).filter((key) =>
    /(embedded\/src\/(frame-client|provider)\.ts|views\/(ApproveTransaction|EmailVerifyOtp)\.tsx)$/.test(key),
  )
  expect(lazy.map((key) => key.replace(/^.*\//, '')).sort()).toEqual([
    'ApproveTransaction.tsx',
    'EmailVerifyOtp.tsx',
    'frame-client.ts',
    'provider.ts',
  ])
  const first = firstPaintKeys()
  for (const key of lazy) expect(first.has(key)).toBe(false)
})

const frameDist = join(import.meta.dirname, '..', 'packages', 'embedded', 'dist')
/**
 * The secure frame's first load, gzipped: 66.3 kB once the smart account's operations became a chunk
 * (108.7 kB while they were inside it); 68.1 kB with key rotation's message and the remembered smart
 * account (its card and steps are a chunk of their own); 69.0 kB with Telegram, Pay and the answer to
 * a page that asks whether the frame is ready. Room for small additions, not for the operations
 * (about 33 kB) to come back.
 */
const FRAME_FIRST_LOAD_BUDGET = 70_000
// Only viem's paymaster client says this (the frame itself asks for a stub only, to know whether an
// operation is sponsored): the mark of the account-abstraction code.
const PAYMASTER_METHOD = 'pm_getPaymasterData'

it("keeps the smart account's operations out of the secure frame's first load, in chunks it can fetch", () => {
  const entry = readFileSync(join(frameDist, 'frame.js'), 'utf8')
  expect(gzipSync(entry).length).toBeLessThan(FRAME_FIRST_LOAD_BUDGET)
  expect(entry).not.toContain(PAYMASTER_METHOD)

  // frame.js imports its chunks only when they are needed, and each is in the build the services serve.
  const imported = [...entry.matchAll(/import\("\.\/chunks\/([^"]+)"\)/g)].map((match) => match[1] ?? '')
  expect(imported.some((file) => file.startsWith('wallet-rpc-'))).toBe(true)
  for (const file of imported) expect(existsSync(join(frameDist, 'chunks', file))).toBe(true)
  const operations = readdirSync(join(frameDist, 'chunks')).filter((file) => file.startsWith('operations-'))
  expect(operations).toHaveLength(1)
  expect(readFileSync(join(frameDist, 'chunks', operations[0] ?? ''), 'utf8')).toContain(PAYMASTER_METHOD)
})
