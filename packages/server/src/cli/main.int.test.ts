import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestStore } from '../test-support/backends.ts'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

interface Run {
  code: number
  stdout: string
  stderr: string
}

describeEachBackend('project CLI', (backend) => {
  let store: TestStore

  beforeAll(async () => {
    store = await backend.createStore()
  })
  afterAll(async () => {
    await store?.dispose()
  })

  /** Runs the CLI as `npm run project` does, against this suite's store only. */
  async function cli(...args: string[]): Promise<Run> {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...env } = process.env
    try {
      const { stdout, stderr } = await promisify(execFile)(
        'npx',
        ['tsx', 'packages/server/src/cli/main.ts', ...args],
        {
          cwd: REPO_ROOT,
          env: { ...env, ...store.env },
        },
      )
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  /** Our own lines on stderr, without npm's notices about its configuration. */
  const errors = (run: Run) => run.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))

  test('create, add-origin and list, end to end', async () => {
    const created = await cli(
      'create',
      '--name',
      'Shop',
      '--origin',
      'https://shop.example',
      '--origin',
      'http://localhost:3000',
    )
    expect(created.code).toBe(0)
    const id = created.stdout.trim()
    expect(id).toMatch(/^[0-9a-f]{32}$/)

    const added = await cli('add-origin', '--id', id, '--origin', 'https://Preview.Shop.example/')
    expect(added.code).toBe(0)
    expect(added.stdout).toContain('https://preview.shop.example')

    const listed = await cli('list')
    expect(listed.code).toBe(0)
    const lines = listed.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+ORIGINS$/)
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${id}\\s+Shop\\s+http://localhost:3000, https://preview\\.shop\\.example, https://shop\\.example$`,
        ),
      ),
    )
  })

  test.each([
    [['create', '--name', 'Shop'], 2, 'error: create needs at least one --origin URL'],
    [
      ['create', '--name', 'Shop', '--origin', 'https://shop.example/page'],
      2,
      'error: Invalid origin "https://shop.example/page"',
    ],
    [['frobnicate'], 2, 'error: Unknown command "frobnicate"'],
    [
      ['add-origin', '--id', 'e'.repeat(32), '--origin', 'https://x.example'],
      1,
      `error: No project with id ${'e'.repeat(32)}`,
    ],
  ])('%j fails with one line and exit code %i', async (args, code, message) => {
    const run = await cli(...args)
    expect(run.code).toBe(code)
    expect(errors(run)).toHaveLength(1)
    expect(errors(run)[0]).toContain(message)
  })

  test('a bad origin leaves the project list as it was', async () => {
    const before = await cli('list')
    await cli('create', '--name', 'Half', '--origin', 'https://ok.example', '--origin', 'ftp://bad.example')
    expect((await cli('list')).stdout).toBe(before.stdout)
  })
})
