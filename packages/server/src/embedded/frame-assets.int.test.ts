import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { tokenHasher } from '../hash-secret.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { readFrameAssets } from './frame-assets.ts'
import { createKeyVault } from './keys.ts'
import { createMailer } from './mail.ts'

const PAGE = 'https://shop.example'
const CHUNK = 'operations-Bq7x_9-Z.js'

describeEachBackend("the secure frame's script and its chunks", (backend) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let dist: string
  let projectId: string

  beforeAll(async () => {
    // A build as vite.frame.config.ts lays it out: the entry, its chunks, and a file that is no chunk.
    dist = await mkdtemp(join(tmpdir(), 'frame-dist-'))
    await mkdir(join(dist, 'chunks'))
    await writeFile(join(dist, 'frame.js'), `import('./chunks/${CHUNK}')`)
    await writeFile(join(dist, 'chunks', CHUNK), 'export const operations = 1')
    await writeFile(join(dist, 'chunks', 'notes.md'), '# not a script')
    const frame = await readFrameAssets(join(dist, 'frame.js'))
    testDb = await backend.open()
    app = await buildServer({
      database: testDb.database,
      embedded: {
        vault: createKeyVault({ masterKey: randomBytes(32), recoveryKey: randomBytes(32) }),
        mailer: createMailer('smtp://127.0.0.1:9', 'test@portico.localhost'),
        chain: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337 },
        publicUrl: new URL('https://wallet.example'),
        frameScript: frame.script,
        frameChunks: frame.chunks,
        devMailbox: undefined,
        hashToken: tokenHasher(randomBytes(32), 'embedded'),
      },
    })
    projectId = (await createProject(testDb.database.db, { name: 'Shop', origins: [PAGE] })).id
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
    if (dist) await rm(dist, { recursive: true, force: true })
  })

  test('the frame page loads frame.js, which is asked again each time; its chunks are kept for good', async () => {
    const page = await app.inject({ url: `/frame?projectId=${projectId}` })
    expect(page.body).toContain('<script type="module" src="/frame/frame.js">')
    // The page's policy lets scripts come from the services' own origin only: frame.js and its chunks.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';")

    const entry = await app.inject({ url: '/frame/frame.js' })
    expect(entry.body).toBe(`import('./chunks/${CHUNK}')`)
    expect(entry.headers['cache-control']).toBe('no-cache')

    const chunk = await app.inject({ url: `/frame/chunks/${CHUNK}` })
    expect(chunk.statusCode).toBe(200)
    expect(chunk.body).toBe('export const operations = 1')
    expect(chunk.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(chunk.headers['x-content-type-options']).toBe('nosniff')
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('a chunk that is not in the build is a 404, a name that is no chunk file a 400 naming it', async () => {
    const missing = await app.inject({ url: '/frame/chunks/operations-00000000.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such frame chunk' } })
    expect((await app.inject({ url: '/frame/chunks/notes.md' })).statusCode).toBe(400)
    const outside = await app.inject({ url: '/frame/chunks/..%2Fframe.js' })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().error.message).toContain('params.file')
  })
})
