import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { inputHash, readStamp, writeStamp } from './build-stamp.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'build-stamp-'))
  await mkdir(join(dir, 'src'))
  await mkdir(join(dir, 'dist'))
  await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 1\n')
  await writeFile(join(dir, 'tsconfig.build.json'), '{}\n')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const fresh = async () => (await readStamp(join(dir, 'dist'))) === (await inputHash(dir))

test('a package never built is stale; after its stamp is written, nothing changed means fresh', async () => {
  expect(await fresh()).toBe(false)
  await writeStamp(join(dir, 'dist'), await inputHash(dir))
  expect(await fresh()).toBe(true)
})

test('a changed source file, a new file or a changed config makes it stale; its own output does not', async () => {
  await writeStamp(join(dir, 'dist'), await inputHash(dir))
  await writeFile(join(dir, 'dist', 'index.js'), 'export const a = 1\n')
  expect(await fresh()).toBe(true)

  await writeFile(join(dir, 'src', 'index.ts'), 'export const a = 2\n')
  expect(await fresh()).toBe(false)
  await writeStamp(join(dir, 'dist'), await inputHash(dir))

  await writeFile(join(dir, 'src', 'more.ts'), 'export const b = 1\n')
  expect(await fresh()).toBe(false)
  await writeStamp(join(dir, 'dist'), await inputHash(dir))

  await writeFile(join(dir, 'tsconfig.build.json'), '{ "compilerOptions": {} }\n')
  expect(await fresh()).toBe(false)
})

test('a rebuilt dependency makes its dependants stale', async () => {
  await writeStamp(join(dir, 'dist'), await inputHash(dir, ['core-v1']))
  expect((await readStamp(join(dir, 'dist'))) === (await inputHash(dir, ['core-v1']))).toBe(true)
  expect((await readStamp(join(dir, 'dist'))) === (await inputHash(dir, ['core-v2']))).toBe(false)
})
