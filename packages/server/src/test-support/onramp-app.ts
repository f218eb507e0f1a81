import { DEV_ACCOUNTS } from '@portico/contracts'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { anvil as anvilChain } from 'viem/chains'
import { type ChainData, ChainOptions } from '../chain-data/config.ts'
import { liveNodeClient } from '../chain-data/node.ts'
import type { Database } from '../db/database.ts'
import type { OnrampOptions } from '../onramp/config.ts'
import { createProject, type Project } from '../projects/repository.ts'
import { buildServer } from '../server.ts'

const PAGE = 'https://wallet.example'
export const SERVICES = new URL('http://services.test')
/** Pays the sandbox's purchases in the tests; no other test of these files sends from it. */
export const PAYER = DEV_ACCOUNTS[9]

/** Every provider on, at the default 0.92 EUR per USD, and the sandbox paying from PAYER. */
export const ALL_PROVIDERS: OnrampOptions = {
  coinbase: { appId: 'test-app' },
  meld: { publicKey: 'test-meld-key' },
  eurPerUsd: 920_000n,
  sandbox: { payerKey: PAYER.privateKey, publicUrl: SERVICES },
}

export interface OnrampApp {
  app: FastifyInstance
  project: Project
  chain: ChainData
  /** A JSON call from the project's page to `/v1/onramp/<path>`. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LightMyRequestResponse>
}

/** The services with the on-ramp on the anvil at `rpcUrl` (ETH at the default 3000 USD), and a project. */
export async function onrampApp(
  database: Database,
  rpcUrl: string,
  onramp: OnrampOptions = ALL_PROVIDERS,
): Promise<OnrampApp> {
  const config = ChainOptions.parse({ rpcUrl, chainId: anvilChain.id })
  const chain: ChainData = {
    database,
    client: liveNodeClient(anvilChain, rpcUrl),
    config,
    caipNetworkId: `eip155:${config.chainId}`,
  }
  const app = await buildServer({ database, chain, onramp })
  const project = await createProject(database.db, { name: 'Buyer page', origins: [PAGE] })
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    app.inject({
      method,
      url: `/v1/onramp/${path}?projectId=${project.id}`,
      headers: { origin: PAGE },
      ...(body === undefined ? {} : { payload: body as object }),
    })
  return { app, project, chain, call }
}
