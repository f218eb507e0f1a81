import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@portico/contracts/testing'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'

// `npm start` without its build step (the page and the frame bundle must be built, as for e2e).
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TSX = join(ROOT, 'node_modules/.bin/tsx')

let dataDir: string
let env: NodeJS.ProcessEnv
let ports: { anvil: number; server: number; web: number }
const running: ChildProcess[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-crash-'))
  ports = { anvil: await freePort(), server: await freePort(), web: await freePort() }
  // The suite built every package before it ran; start must not rebuild them under the other tests.
  env = { ...process.env, DATA_DIR: dataDir, PORTICO_BUILD: 'skip' }
  for (const name of ['RPC_URL', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'MASTER_KEY', 'RECOVERY_KEY'])
    delete env[name]
  env.ANVIL_PORT = String(ports.anvil)
  env.SERVER_PORT = String(ports.server)
  env.WEB_PORT = String(ports.web)
})
afterEach(async () => {
  for (const child of running.splice(0)) {
    child.kill('SIGTERM')
    await exited(child)
  }
})
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/**
 * `tsx scripts/start.ts` on the test's data folder and ports (or `command`); resolves once it says it
 * is up (or `until`).
 */
async function npmStart(
  until = 'Portico is up',
  command: [string, string[]] = [TSX, ['scripts/start.ts']],
): Promise<{ tsx: ChildProcess; output: string[] }> {
  const tsx = spawn(...command, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  running.push(tsx)
  const output: string[] = []
  await new Promise<void>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output.push(chunk.toString())
      if (output.join('').includes(until)) resolve()
    }
    tsx.stdout?.on('data', take)
    tsx.stderr?.on('data', take)
    tsx.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output.join('')}`)))
    // Whether it comes up, not how fast (bench/ measures that): a loaded CI machine has taken 45 s.
    setTimeout(
      () => reject(new Error(`npm start did not say "${until}" within 120 s:\n${output.join('')}`)),
      120_000,
    )
  })
  return { tsx, output }
}

function exited(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', resolve))
}

/** The anvil serving the data folder and the process that started it, as the pidfile names them. */
function pidfile(): { anvil: number; owner: number } {
  const record = JSON.parse(readFileSync(join(dataDir, 'anvil-state.json.pid'), 'utf8'))
  return { anvil: record.anvil.pid, owner: record.owner.pid }
}

function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

async function goneWithin(pid: number, ms: number): Promise<number> {
  const started = Date.now()
  await expect.poll(() => alive(pid), { timeout: ms, interval: 20 }).toBe(false)
  return Date.now() - started
}

async function expectUp(): Promise<void> {
  const ready = await fetch(`http://127.0.0.1:${ports.server}/health/ready`)
  expect(ready.status).toBe(200)
  expect(await ready.json()).toMatchObject({ status: 'ok', chain: { ok: true } })
  expect((await fetch(`http://127.0.0.1:${ports.web}/`)).status).toBe(200)
}

describe.runIf(process.platform === 'linux')('npm start after a crash', () => {
  test('comes up again on the same ports after kill -9, with nothing left behind to clean up', async () => {
    const { tsx } = await npmStart()
    const first = pidfile()
    // The tsx wrapper, the process `npm start` shows: its child notices and stops the stack.
    tsx.kill('SIGKILL')
    const afterWrapper = await goneWithin(first.anvil, 5_000)
    await goneWithin(first.owner, 5_000)

    const second = await npmStart()
    expect(second.output.join('')).toContain('Reused the chain and contracts kept in the data folder')
    await expectUp()
    // The process that runs the stack itself: anvil's watchdog ends the node with it.
    const { anvil, owner } = pidfile()
    process.kill(owner, 'SIGKILL')
    const afterOwner = await goneWithin(anvil, 5_000)

    const third = await npmStart()
    await expectUp()
    const last = pidfile()
    third.tsx.kill('SIGTERM')
    await exited(third.tsx)
    expect(alive(last.anvil)).toBe(false)
    expect(existsSync(join(dataDir, 'anvil-state.json.pid'))).toBe(false)
    console.info(
      `old anvil gone ${afterWrapper} ms after kill -9 of tsx, ${afterOwner} ms after kill -9 of the stack's process`,
    )
  }, 400_000)

  test('stops when the npm process that ran it is killed by kill -9 while the stack is starting', async () => {
    // npm → sh → tsx → the stack, as `npm start` runs it after its build step.
    const { tsx: npm, output } = await npmStart('✓ chain: anvil', [
      'npm',
      ['exec', '--no', '--', 'tsx', 'scripts/start.ts'],
    ])
    const { anvil, owner } = pidfile()
    npm.kill('SIGKILL')
    // The stack stops once it is up, as after tsx's death below.
    await goneWithin(anvil, 90_000)
    await goneWithin(owner, 5_000)
    await expect.poll(() => output.join('')).toContain('Stopped.')
  })

  test('stops once up when tsx is killed by kill -9 while the stack is still starting', async () => {
    // The parent check must not depend on when tsx dies: a check that read its parent only once the
    // stack was up read the new one here, and this stack then ran on for good.
    const { tsx, output } = await npmStart('✓ chain: anvil')
    const { anvil, owner } = pidfile()
    tsx.kill('SIGKILL')
    await goneWithin(anvil, 50_000)
    await goneWithin(owner, 5_000)
    // A stop, not a crash (its last line may still be on its way through the pipe).
    await expect.poll(() => output.join('')).toContain('Stopped.')
  })
})
