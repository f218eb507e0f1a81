import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureDemoDeployment, startAnvil } from './index.ts'
import { freePort } from './testing.ts'

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-anvil-'))
})

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('startAnvil', () => {
  it('writes the chain state on stop, and a second start resumes it', async () => {
    const statePath = join(dataDir, 'resume', 'state.json')
    const port = await freePort()
    const first = await startAnvil({ port, statePath, chainId: 4242 })
    await createTestClient({ mode: 'anvil', transport: http(first.rpcUrl) }).mine({ blocks: 3 })
    // Well within the periodic dump's interval: only the dump on exit can have written this.
    await first.stop()
    expect(existsSync(statePath)).toBe(true)
    await first.stop()

    const second = await startAnvil({ port, statePath, chainId: 4242 })
    try {
      const client = createPublicClient({ transport: http(second.rpcUrl) })
      expect(await client.getBlockNumber()).toBe(3n)
      expect(await client.getChainId()).toBe(4242)
    } finally {
      await second.stop()
    }
  })

  it('a long chain writes no old states to disk, so a stopped one leaves nothing behind', async () => {
    const home = await mkdtemp(join(tmpdir(), 'portico-anvil-home-'))
    const homeBefore = process.env.HOME
    process.env.HOME = home
    try {
      const anvil = await startAnvil({ port: await freePort() })
      const client = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
      await client.mine({ blocks: 800 })
      expect(await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlockNumber()).toBe(800n)
      await anvil.stop()
      expect(await readdir(home, { recursive: true })).toEqual([])
    } finally {
      process.env.HOME = homeBefore
      await rm(home, { recursive: true, force: true })
    }
  })

  it('refuses a port that is already in use, in one line', async () => {
    const port = await freePort()
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen({ host: '127.0.0.1', port }, resolve))
    try {
      await expect(startAnvil({ port })).rejects.toThrow(
        new Error(`Port ${port} is already in use — stop the other process or set ANVIL_PORT / RPC_URL`),
      )
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it("reports anvil's own error when it exits before answering", async () => {
    const statePath = join(dataDir, 'broken.json')
    await writeFile(statePath, 'not json')
    const error: Error = await startAnvil({ port: await freePort(), statePath }).catch((caught) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(/^error: .*failed to parse json/)
    expect(error.message).not.toContain('\n')
  })
})

describe('ensureDemoDeployment', () => {
  it('says in one line when no chain answers', async () => {
    const rpcUrl = `http://127.0.0.1:${await freePort()}`
    await expect(ensureDemoDeployment({ rpcUrl, dataDir })).rejects.toThrow(
      new Error(`No chain answers at ${rpcUrl} — start one or unset RPC_URL`),
    )
  })
})
