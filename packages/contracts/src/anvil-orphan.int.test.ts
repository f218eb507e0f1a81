import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { createPublicClient, createTestClient, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil } from './index.ts'
import { freePort } from './testing.ts'

const ANVIL = new URL('./anvil.ts', import.meta.url).href
let dataDir: string
const owners: { owner: ChildProcess; pid: number }[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-anvil-orphan-'))
})
afterEach(async () => {
  for (const { owner, pid } of owners.splice(0)) {
    owner.kill('SIGKILL')
    await expect.poll(() => alive(pid), { timeout: 5_000, interval: 20 }).toBe(false)
  }
})
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Another process that starts anvil on `statePath`, mines 3 blocks and stays; answers anvil's pid. */
async function startOwner(port: number, statePath: string): Promise<{ owner: ChildProcess; pid: number }> {
  const script = `
    import { startAnvil } from ${JSON.stringify(ANVIL)}
    const anvil = await startAnvil({ port: ${port}, statePath: ${JSON.stringify(statePath)} })
    await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x3'] }) })
    console.log(anvil.pid)
    setInterval(() => {}, 60_000)`
  const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = await new Promise<string[]>((resolve, reject) => {
    createInterface({ input: owner.stdout as NonNullable<typeof owner.stdout> }).once('line', (l) =>
      resolve([l]),
    )
    owner.once('exit', (code) => reject(new Error(`the owner exited with ${code}`)))
  })
  owners.push({ owner, pid: Number(line) })
  return { owner, pid: Number(line) }
}

/** Running, not a zombie: an orphan's exit is reaped by whatever init the machine has, in its own time. */
function alive(pid: number): boolean {
  try {
    return statFields(pid)[0] !== 'Z'
  } catch {
    return false
  }
}

// /proc/<pid>/stat after the command name: state, parent pid, …
const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
const parentOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])

async function blockNumberAfterRestart(port: number, statePath: string): Promise<bigint> {
  const anvil = await startAnvil({ port, statePath })
  try {
    return await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlockNumber()
  } finally {
    await anvil.stop()
  }
}

describe.runIf(process.platform === 'linux')('anvil never outlives its owner', () => {
  it('ends with the process that started it, even one killed by SIGKILL, and keeps the chain', async () => {
    const port = await freePort()
    const statePath = join(dataDir, 'killed-owner.json')
    const { owner, pid } = await startOwner(port, statePath)
    const killedAt = Date.now()
    owner.kill('SIGKILL')
    await expect.poll(() => alive(pid), { timeout: 5_000, interval: 20 }).toBe(false)
    console.info(`anvil gone ${Date.now() - killedAt} ms after its owner was killed`)
    expect(await blockNumberAfterRestart(port, statePath)).toBe(3n)
  })

  it('a start ends the anvil that outlived its owner and its watchdog, and resumes its chain', async () => {
    const port = await freePort()
    const statePath = join(dataDir, 'orphan.json')
    const { owner, pid } = await startOwner(port, statePath)
    // Both at once, as `kill -9` of a whole process tree by name would: anvil alone survives.
    process.kill(parentOf(pid), 'SIGKILL')
    owner.kill('SIGKILL')
    await new Promise((resolve) => owner.once('exit', resolve))
    expect(alive(pid)).toBe(true)
    expect(await blockNumberAfterRestart(port, statePath)).toBe(3n)
    expect(alive(pid)).toBe(false)
  })

  it('leaves alone an anvil whose owner is alive, and says who has the chain', async () => {
    const port = await freePort()
    const statePath = join(dataDir, 'taken.json')
    const { owner, pid } = await startOwner(port, statePath)
    await expect(startAnvil({ port, statePath })).rejects.toThrow(
      `The chain in ${statePath} is served by a running Portico (process ${owner.pid}) — stop it first`,
    )
    expect(alive(pid)).toBe(true)
    const client = createTestClient({ mode: 'anvil', transport: http(`http://127.0.0.1:${port}`) })
    await client.mine({ blocks: 1 })
  })
})
