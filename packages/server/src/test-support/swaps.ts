import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_POOL_TOKENS, DEMO_TOKEN_ICONS, ensureUniswap, type UniswapDeployment } from '@portico/contracts'
import { type SwapsConfig, SwapsOptions } from '../convert/config.ts'
import type { TestChain } from './chain.ts'

export interface TestSwaps {
  uniswap: UniswapDeployment
  /** The `swaps` option for the chain, as `npm start` passes it. */
  config: SwapsConfig
}

/** Uniswap V2 and the demo pools on a test chain, and the services' swaps configuration for them. */
export async function deployTestSwaps(chain: TestChain): Promise<TestSwaps> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-swaps-'))
  try {
    const tokens = DEMO_POOL_TOKENS.map((key) => chain.deployment.tokens[key])
    const uniswap = await ensureUniswap({ rpcUrl: chain.rpcUrl, dataDir, tokens })
    const { router, factory, weth } = uniswap
    const config = SwapsOptions.parse({
      chains: {
        [chain.deployment.chainId]: {
          rpcUrl: chain.rpcUrl,
          router,
          factory,
          weth,
          tokens,
          tokenIcons: DEMO_TOKEN_ICONS,
        },
      },
    })
    return { uniswap, config }
  } finally {
    // The record only matters to a later start on the same chain; a test chain has none.
    await rm(dataDir, { recursive: true, force: true })
  }
}
