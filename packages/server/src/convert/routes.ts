import { randomUUID } from 'node:crypto'
import { SWAP_POPULAR_TOKENS, SWAP_SUGGESTED_TOKENS } from '@portico/core/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Address } from 'viem'
import { askNode } from '../chain-data/node.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { AllowanceAnswer, ApproveAnswer, QuotesAnswer, SwapAnswer, TokensAnswer } from './answers.ts'
import type { SwapsConfig } from './config.ts'
import { type SwapChain, swapChains } from './market.ts'
import { AllowanceQuery, ApproveQuery, QuotesQuery, SwapBody, TokensQuery } from './params.ts'
import { quoteSwap } from './quote.ts'
import { answerWithReasons } from './reasons.ts'
import { accountOn, firstSwapToken, requireErc20, swapChainOf, swapTokenOf } from './resolve.ts'
import { allowanceOf, approveCall, swapTransaction } from './transactions.ts'

/**
 * Swaps through a Uniswap V2 router on the configured chains, in the shapes AppKit's
 * convert client reads: the tokens offered, quotes from the pools' reserves, the router's
 * allowance, and unsigned approve and swap transactions for the user's wallet to sign. Registered
 * inside the `/v1` scope, behind the project guard; its 400s also carry AppKit's `reasons`.
 */
export const convertPlugin: FastifyPluginAsync<{ swaps: SwapsConfig }> = async (scope, { swaps }) => {
  scope.setErrorHandler(answerWithReasons)
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const chains = swapChains(swaps)
  const onChain = (chain: SwapChain, address: Address) => `${chain.caipNetworkId}:${address}`

  app.get(
    '/convert/tokens',
    { schema: { querystring: TokensQuery, response: { 200: TokensAnswer } } },
    async ({ query }) => {
      const chain = swapChainOf(chains, query.chainId, 'query', 'chainId')
      const offered = new Set(chain.tokens.map((token) => token.symbol.toUpperCase()))
      return {
        tokens: chain.tokens.map((token) => ({
          name: token.name,
          symbol: token.symbol,
          address: token.caipAddress,
          decimals: token.decimals,
          logoUri: token.logoUri,
          eip2612: false as const,
        })),
        suggested: SWAP_SUGGESTED_TOKENS.filter((symbol) => offered.has(symbol)),
        popular: SWAP_POPULAR_TOKENS.filter((symbol) => offered.has(symbol)),
      }
    },
  )

  app.get(
    '/convert/quotes',
    { schema: { querystring: QuotesQuery, response: { 200: QuotesAnswer } } },
    async ({ query }) => {
      const { chain, token: from } = firstSwapToken(chains, query.from, 'query', 'from')
      const to = swapTokenOf(chain, query.to, 'query', 'to')
      // Checked, not used: a quote does not depend on who swaps.
      if (query.userAddress) accountOn(chain, query.userAddress, 'query')
      const quote = await quoteSwap(chain, from, to, query.amount, 'query')
      return {
        quotes: [
          {
            // Nothing is kept under it: build-transaction quotes afresh.
            id: randomUUID(),
            fromAmount: quote.amountIn.toString(),
            fromAccount: from.caipAddress,
            toAmount: quote.amountOut.toString(),
            toAccount: to.caipAddress,
            priceImpact: quote.priceImpact,
            route: quote.path.map((address) => onChain(chain, address)),
          },
        ],
      }
    },
  )

  app.get(
    '/convert/allowance',
    { schema: { querystring: AllowanceQuery, response: { 200: AllowanceAnswer } } },
    async ({ query }) => {
      const { chain, token } = firstSwapToken(chains, query.tokenAddress, 'query', 'tokenAddress')
      const owner = accountOn(chain, query.userAddress, 'query')
      const allowance = await allowanceOf(chain, requireErc20(token, 'query', 'tokenAddress'), owner)
      return { allowance: allowance.toString() }
    },
  )

  app.get(
    '/convert/build-approve',
    { schema: { querystring: ApproveQuery, response: { 200: ApproveAnswer } } },
    async ({ query }) => {
      const { chain, token } = firstSwapToken(chains, query.from, 'query', 'from')
      // The approval does not name the token bought, but it must be one the swap can buy.
      swapTokenOf(chain, query.to, 'query', 'to')
      const owner = accountOn(chain, query.userAddress, 'query')
      const { to, data } = approveCall(chain, requireErc20(token, 'query', 'from'), query.amount)
      const gasPrice = await askNode(chain.client.getGasPrice())
      return {
        tx: {
          from: onChain(chain, owner),
          to: onChain(chain, to),
          data,
          value: '0',
          eip155: { gasPrice: gasPrice.toString() },
        },
      }
    },
  )

  app.post(
    '/convert/build-transaction',
    { schema: { body: SwapBody, response: { 200: SwapAnswer } } },
    async ({ body }) => {
      const { chain, token: from } = firstSwapToken(chains, body.from, 'body', 'from')
      const to = swapTokenOf(chain, body.to, 'body', 'to')
      const user = accountOn(chain, body.userAddress, 'body')
      const quote = await quoteSwap(chain, from, to, body.amount, 'body')
      const tx = await swapTransaction(chain, quote, user, body.eip155.slippage, 'body')
      return {
        tx: {
          from: onChain(chain, user),
          to: onChain(chain, tx.to),
          data: tx.data,
          amount: quote.amountIn.toString(),
          value: tx.value.toString(),
          eip155: { gas: tx.gas.toString(), gasPrice: tx.gasPrice.toString() },
        },
        toAmount: quote.amountOut.toString(),
        minimumToAmount: tx.minimumOut.toString(),
        priceImpact: quote.priceImpact,
        route: quote.path.map((address) => onChain(chain, address)),
        deadline: tx.deadline,
      }
    },
  )
}
