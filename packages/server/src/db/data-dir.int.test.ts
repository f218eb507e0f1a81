import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startServer } from '../start.ts'
import { connectEmailAsFrame } from '../test-support/frame-call.ts'
import { openDatabase } from './database.ts'

/** Every file and folder under `root` (itself included) that another account could read, write or enter. */
async function notPrivate(root: string): Promise<string[]> {
  const found: string[] = []
  const visit = async (path: string) => {
    const info = await stat(path)
    if (info.mode & 0o077) found.push(`${(info.mode & 0o777).toString(8)} ${path}`)
    if (info.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name))
  }
  await visit(root)
  return found
}

describe('the data folder', () => {
  let parent: string
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'portico-data-dir-'))
  })
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true })
  })

  test('a server creates it 0700 and keeps every file in it private, while running and after', async () => {
    const dataDir = join(parent, 'data')
    const project = { id: 'd'.repeat(32), name: 'Dev page', origins: ['http://127.0.0.1:3000'] }
    const server = await startServer({
      mode: 'development',
      port: 0,
      dataDir,
      devProject: project,
      log: () => {},
      embedded: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
      siwx: { chainId: 31337, rpcUrl: 'http://127.0.0.1:9' },
      dashboard: {},
    })
    try {
      const connect = await connectEmailAsFrame(server.publicUrl, project.id, 'files@example.com')
      expect(connect.status).toBe(200)
      expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700')
      expect((await readdir(dataDir)).sort()).toEqual(
        expect.arrayContaining([
          'admin.json',
          'dashboard.key',
          'hash.key',
          'master.key',
          'pglite',
          'pglite.lock',
        ]),
      )
      expect(await notPrivate(dataDir)).toEqual([])
    } finally {
      await server.close()
    }
    expect(await notPrivate(dataDir)).toEqual([])
  })

  test('one other users can write to is refused, naming the folder and the fix', async () => {
    const dataDir = join(parent, 'shared')
    const reason = `The data folder ${dataDir} can be written by other users — run chmod 700 ${dataDir}`
    await mkdir(dataDir)
    for (const mode of [0o777, 0o770, 0o702]) {
      await chmod(dataDir, mode)
      const refused = await startServer({ port: 0, dataDir }).then(
        async (server) => {
          await server.close()
          throw new Error('started')
        },
        (error: unknown) => (error as Error).message,
      )
      expect(refused).toBe(reason)
      expect(await readdir(dataDir)).toEqual([])
      // The projects CLI opens the database itself when no server holds it: refused alike.
      await expect(openDatabase({ dataDir })).rejects.toThrow(reason)
    }
  })
})
