import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../start.ts'
import { readAdminChannel } from './channel.ts'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

/** The projects CLI against the embedded database while a server (as under `npm start`) holds it. */
describe('projects CLI while the server runs', () => {
  let dataDir: string
  let server: RunningServer

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portico-admin-'))
    server = await startServer({ port: 0, dataDir })
  })
  afterAll(async () => {
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function cli(...args: string[]) {
    const { DATABASE_URL: _url, ...env } = process.env
    try {
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'packages/server/src/cli/main.ts', ...args],
        {
          cwd: REPO_ROOT,
          env: { ...env, DATA_DIR: dataDir },
        },
      )
      return { code: 0, stdout, stderr: '' }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  test('creates and lists projects through the running server, and the server serves them at once', async () => {
    const created = await cli('create', '--name', 'Live shop', '--origin', 'https://live.example')
    expect(created.code).toBe(0)
    const id = created.stdout.trim()
    expect(id).toMatch(/^[0-9a-f]{32}$/)

    const listed = await cli('list')
    expect(listed.stdout).toContain('Live shop')
    const origins = await fetch(`${server.url}/v1/projects/${id}/origins`, {
      headers: { origin: 'https://live.example' },
    })
    expect(await origins.json()).toEqual({ allowedOrigins: ['https://live.example'] })

    // The server now keeps the project in memory; an origin added by the CLI must still count at once.
    const fromStaging = () =>
      fetch(`${server.url}/v1/projects/${id}/origins`, {
        headers: { origin: 'https://staging.live.example' },
      })
    expect((await fromStaging()).status).toBe(403)
    expect((await cli('add-origin', '--id', id, '--origin', 'https://staging.live.example')).code).toBe(0)
    expect((await fromStaging()).status).toBe(200)
  })

  test('reports bad input from the running server as one line with exit code 2', async () => {
    const run = await cli('create', '--name', 'Bad', '--origin', 'ftp://nope.example')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^error: /m)
  })

  test('keeps the token readable by its owner only and refuses callers without it', async () => {
    const mode = (await stat(join(dataDir, 'admin.json'))).mode & 0o777
    expect(mode).toBe(0o600)
    const channel = await readAdminChannel(dataDir)
    const refused = await fetch(`${channel?.url}/admin/cli`, {
      method: 'POST',
      headers: { authorization: 'Bearer 00', 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'list' }),
    })
    expect(refused.status).toBe(403)
  })
})
