import { iconTableFromEnv } from '../chain-data/config.ts'
import type { ServerModule } from '../server-module.ts'
import type { SwapsConfig, SwapsOptionsInput } from './config.ts'
import { SwapsOptions, swapContractsFromEnv } from './config.ts'
import { convertPlugin } from './routes.ts'

function parseSwaps(input: unknown) {
  const result = SwapsOptions.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new Error(`swaps.${issue?.path.join('.')}: ${issue?.message ?? 'invalid'}`)
}

/** Swaps through a Uniswap V2 router (the `/v1/convert` routes but the gas price). */
export const convertModule: ServerModule = {
  name: 'convert',
  // SWAP_ROUTER, SWAP_FACTORY, SWAP_WETH and SWAP_TOKENS go together, so they are read together.
  formatProblems: (given) => swapContractsFromEnv(given).problems,
  configure(_settings, { chain }, given) {
    const { contracts } = swapContractsFromEnv(given)
    if (!contracts) return {}
    const tokenIcons = iconTableFromEnv(given.PORTICO_TOKEN_ICONS)
    // Swaps through the operator's Uniswap V2 router on the configured chain.
    return {
      swaps: {
        chains: {
          [chain.chainId]: { rpcUrl: chain.rpcUrl, ...contracts, ...(tokenIcons ? { tokenIcons } : {}) },
        },
      },
    }
  },
  // On the local chain through the demo pools: ETH and the pooled demo tokens.
  development: ({ chain, swaps, demo }) => ({
    swaps: {
      chains: {
        [chain.chainId]: {
          rpcUrl: chain.rpcUrl,
          ...swaps,
          tokens: [...swaps.tokens],
          tokenIcons: demo.tokenIcons,
        },
      },
    },
  }),
  setUp: ({ options }) => (options.swaps ? { resources: { swaps: parseSwaps(options.swaps) } } : undefined),
  async projectRoutes(v1, { options }) {
    const { swaps } = options
    if (swaps) await v1.register(convertPlugin, { swaps })
  },
}

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on swaps: per chain id, a Uniswap V2
     * router with its factory and WETH, the node to read the pools from and the ERC-20s offered, e.g.
     * `{ chains: { 31337: { rpcUrl, router, factory, weth, tokens: [{ address, symbol, name, decimals }] } } }`.
     */
    swaps?: SwapsOptionsInput
  }
  interface BuildServerOptions {
    /**
     * Swaps through a Uniswap V2 router, per chain (`SwapsOptions` parsed); absent, the
     * /v1/convert routes but the gas price do not exist, and every chain is `Network not supported for Swaps`.
     */
    swaps?: SwapsConfig | undefined
  }
}
