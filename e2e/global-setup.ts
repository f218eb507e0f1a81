import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../packages/contracts/src/testing.ts'
import { startStack } from '../scripts/stack.ts'

export interface E2EStack {
  pageUrl: string
  servicesUrl: string
  rpcUrl: string
  chainId: number
  projectId: string
  /** The stack's data folder: the projects CLI (`DATA_DIR`) reaches the running services through it. */
  dataDir: string
  /** The file in the data folder that holds the dashboard's development password. */
  dashboardKeyFile: string
  /** The demo contracts: ERC-20s by symbol, the ORB collection and the spam collection. */
  deployment: {
    tokens: Record<string, `0x${string}`>
    collection: `0x${string}`
    spam: `0x${string}`
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2EStack
  }
}

/**
 * The browser tests run against the whole product, started the way `npm start` starts it, on its
 * own free ports and a throw-away data folder so a developer's running stack is left alone.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-e2e-'))
  const stack = await startStack({
    dataDir,
    databaseUrl: process.env.E2E_DATABASE_URL,
    anvilPort: await freePort(),
    serverPort: await freePort(),
    webPort: await freePort(),
    // Every page of every test file reports from 127.0.0.1 to one project: 120 a minute is one
    // visitor's limit, not the whole suite's.
    analyticsRateLimit: { maxEvents: 10_000, windowMs: 60_000 },
    log: (line) => console.log(`[e2e stack] ${line}`),
  })
  project.provide('stack', {
    pageUrl: stack.pageUrl,
    servicesUrl: stack.servicesUrl,
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    projectId: stack.projectId,
    dataDir,
    dashboardKeyFile: join(dataDir, 'dashboard.key'),
    deployment: {
      tokens: Object.fromEntries(Object.values(stack.deployment.tokens).map((t) => [t.symbol, t.address])),
      collection: stack.deployment.nfts.collection.address,
      spam: stack.deployment.nfts.spam.address,
    },
  })
  return async () => {
    await stack.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
