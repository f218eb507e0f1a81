import { getAddress } from 'viem'
import { z } from 'zod'
import { IconTable } from '../chain-data/config.ts'

const Address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex digits')
  .transform((value) => getAddress(value.toLowerCase()))

/** An ERC-20 offered for swaps. Its name, symbol and decimals are the operator's, not read from the chain. */
const SwapTokenOptions = z.object({
  address: Address,
  symbol: z.string().trim().min(1, 'must not be empty').max(32, 'must be at most 32 characters'),
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  decimals: z
    .number({ error: 'must be a whole number from 0 to 36' })
    .int('must be a whole number from 0 to 36')
    .min(0, 'must be a whole number from 0 to 36')
    .max(36, 'must be a whole number from 0 to 36'),
})

const SwapTokenList = z
  .array(SwapTokenOptions, { error: 'must be a list of tokens' })
  .min(1, 'must list at least one ERC-20 besides the native token')
  .superRefine((tokens, context) => {
    const seen = new Set<string>()
    for (const [index, token] of tokens.entries())
      for (const key of [token.address.toLowerCase(), token.symbol.toUpperCase()]) {
        if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: `lists ${key} twice` })
        seen.add(key)
      }
  })

/** The router trades ETH as WETH itself: offering WETH beside ETH would quote a wrap as a swap. */
function refuseWethToken(
  chain: { weth: string; tokens: Array<{ address: string }> },
  context: z.RefinementCtx,
) {
  const index = chain.tokens.findIndex((token) => token.address === chain.weth)
  if (index >= 0)
    context.addIssue({
      code: 'custom',
      path: ['tokens', index],
      message: `must not list the WETH contract ${chain.weth}: the native token stands for it`,
    })
}

/** A Uniswap V2 router with its factory and WETH, and the ERC-20s offered besides the native token. */
const Contracts = { router: Address, factory: Address, weth: Address, tokens: SwapTokenList }

/**
 * One chain's swaps (`startServer`'s `swaps.chains[chainId]`): the contracts, and the node the
 * quotes are read from.
 */
const SwapChainOptions = z
  .object({
    rpcUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    ...Contracts,
    nativeCurrency: z
      .object({ name: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(36) })
      .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
    /** Icons by symbol or address, as the chain option's `tokenIcons` (http(s) or data:image URLs). */
    tokenIcons: IconTable.default({}),
  })
  .superRefine(refuseWethToken)

/** `startServer`'s `swaps` option: per chain id, where swaps are offered; other chains have none. */
export const SwapsOptions = z.object({
  chains: z.record(z.string(), SwapChainOptions).superRefine((chains, context) => {
    for (const id of Object.keys(chains))
      if (!/^[1-9][0-9]*$/.test(id))
        context.addIssue({ code: 'custom', path: [id], message: 'chain ids are positive whole numbers' })
  }),
})
export type SwapsOptionsInput = z.input<typeof SwapsOptions>
export type SwapsConfig = z.output<typeof SwapsOptions>

const SwapContracts = z.object(Contracts).superRefine(refuseWethToken)

const VARIABLES = {
  router: ['SWAP_ROUTER', 'the Uniswap V2 router that swaps are sent to'],
  factory: ['SWAP_FACTORY', "the router's factory, whose pairs the quotes are read from"],
  weth: ['SWAP_WETH', "the router's WETH, through which ETH is traded"],
  tokens: ['SWAP_TOKENS', 'the ERC-20s offered, as JSON'],
} as const
const TOKENS_EXAMPLE = '[{"address":"0x…","symbol":"USDC","name":"USD Coin","decimals":6}]'

/**
 * `portico-server`'s swap contracts on its chain, from `SWAP_ROUTER`, `SWAP_FACTORY`, `SWAP_WETH`
 * and `SWAP_TOKENS` (JSON, e.g. `[{"address":"0x…","symbol":"USDC","name":"USD Coin","decimals":6}]`):
 * none set means no swaps; any set needs all four. Each problem is one line naming its variable.
 */
export function swapContractsFromEnv(env: Record<string, string | undefined>): {
  contracts?: z.output<typeof SwapContracts>
  problems: string[]
} {
  const variables = Object.values(VARIABLES)
  if (variables.every(([name]) => !env[name])) return { problems: [] }
  const problems = variables
    .filter(([name]) => !env[name])
    .map(
      ([name, what]) =>
        `${name} is required with swaps (SWAP_ROUTER, SWAP_FACTORY, SWAP_WETH and SWAP_TOKENS go together): ${what}`,
    )
  let tokens: unknown
  if (env.SWAP_TOKENS) {
    try {
      tokens = JSON.parse(env.SWAP_TOKENS)
    } catch {
      problems.push(`SWAP_TOKENS must be JSON, e.g. ${TOKENS_EXAMPLE}`)
    }
  }
  if (problems.length > 0) return { problems }
  const result = SwapContracts.safeParse({
    router: env.SWAP_ROUTER,
    factory: env.SWAP_FACTORY,
    weth: env.SWAP_WETH,
    tokens,
  })
  if (result.success) return { contracts: result.data, problems: [] }
  return {
    problems: result.error.issues.map((issue) => {
      const [key, ...rest] = issue.path
      const name = VARIABLES[key as keyof typeof VARIABLES][0]
      const where = rest.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')
      return `${name}${where} ${issue.message}`
    }),
  }
}
