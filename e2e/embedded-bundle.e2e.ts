import { readFileSync } from 'node:fs'
import { join } from 'node:path'
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
    /(embedded\/src\/(frame-client|provider)\.ts|views\/(ApproveTransaction|EmailVerifyOtp|EmailVerifyDevice)\.tsx)$/.test(
      key,
    ),
  )
  expect(lazy.map((key) => key.replace(/^.*\//, '')).sort()).toEqual([
    'ApproveTransaction.tsx',
    'EmailVerifyDevice.tsx',
    'EmailVerifyOtp.tsx',
    'frame-client.ts',
    'provider.ts',
  ])
  const first = firstPaintKeys()
  for (const key of lazy) expect(first.has(key)).toBe(false)
})
