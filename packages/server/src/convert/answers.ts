import { z } from 'zod'

// The convert routes' answers: the shapes AppKit's convert client reads (a 1inch-style API), plus
// what a V2 quote knows besides (price impact, route, the minimum a swap accepts). Amounts are
// base units as strings of digits; addresses are CAIP-10.

const Amount = z.string().regex(/^[0-9]+$/)
const CaipAddress = z.string().regex(/^eip155:[0-9]+:0x[0-9a-fA-F]{40}$/)
const Data = z.string().regex(/^0x([0-9a-f]{2})*$/)

const SwapToken = z.object({
  name: z.string(),
  symbol: z.string(),
  address: CaipAddress,
  decimals: z.number().int(),
  logoUri: z.string(),
  // No permit signatures: approvals are always a transaction.
  eip2612: z.literal(false),
})

export const TokensAnswer = z.object({
  tokens: z.array(SwapToken),
  /** The symbols of SWAP_SUGGESTED_TOKENS / SWAP_POPULAR_TOKENS this chain swaps, in their order. */
  suggested: z.array(z.string()),
  popular: z.array(z.string()),
})

export const QuotesAnswer = z.object({
  quotes: z.array(
    z.object({
      id: z.string(),
      fromAmount: Amount,
      /** The tokens, as CAIP-10 accounts. */
      fromAccount: CaipAddress,
      toAmount: Amount,
      toAccount: CaipAddress,
      /** Percent of the pools' price lost to the amount's own size, their 0.3 % fee aside. */
      priceImpact: z.number(),
      /** The router's path, WETH standing for the native token. */
      route: z.array(CaipAddress),
    }),
  ),
})

export const AllowanceAnswer = z.object({ allowance: Amount })

export const ApproveAnswer = z.object({
  tx: z.object({
    from: CaipAddress,
    to: CaipAddress,
    data: Data,
    value: Amount,
    eip155: z.object({ gasPrice: Amount }),
  }),
})

export const SwapAnswer = z.object({
  tx: z.object({
    from: CaipAddress,
    to: CaipAddress,
    data: Data,
    /** The input amount; with a native input also the `value` to send. */
    amount: Amount,
    value: Amount,
    eip155: z.object({ gas: Amount, gasPrice: Amount }),
  }),
  toAmount: Amount,
  /** What the router must pay at least, or the transaction reverts: the quote less the slippage. */
  minimumToAmount: Amount,
  priceImpact: z.number(),
  route: z.array(CaipAddress),
  /** Unix seconds after which the router refuses the transaction. */
  deadline: z.number().int(),
})
