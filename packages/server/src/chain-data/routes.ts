import { ErrorText } from '@portico/core/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { z } from 'zod'
import { HttpError } from '../http/errors.ts'
import { projectOf } from '../http/project-guard.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { BalancesAnswer, FungiblesAnswer, GasPriceAnswer, HistoryAnswer, NftsAnswer } from './answers.ts'
import { watchRecentBalances } from './balance-cache.ts'
import { balancesOf } from './balances.ts'
import { ChainBalanceReader } from './chain-balances.ts'
import type { ChainData } from './config.ts'
import { fungiblePrices } from './fungibles.ts'
import { historyPage } from './history.ts'
import { watchHistoryPages } from './history-cache.ts'
import { nftPage } from './nfts.ts'
import { askNode } from './node.ts'
import {
  AccountParams,
  BalanceQuery,
  GasPriceQuery,
  PAGE_SIZE,
  PageQuery,
  PriceBody,
  requireServedChain,
} from './params.ts'
import { AccountWatch } from './watch.ts'

/** Set on an account answer whose account is not followed, because its project watches its cap. */
const WATCH_HEADER = 'portico-watch'

/**
 * Account data from our own index (behaviour §3, §7): balances, history, NFTs, prices and gas price for
 * the one configured chain. Registered inside the `/v1` scope, behind the project guard.
 */
export const chainDataPlugin: FastifyPluginAsync<{ chain: ChainData }> = async (scope, { chain }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const balanceReader = new ChainBalanceReader(chain.config.rpcUrl)
  const recentBalances = await watchRecentBalances(
    chain.database.listen,
    chain.config.chainId,
    chain.config.balanceCacheMs,
  )
  app.addHook('onClose', recentBalances.stop)
  const historyPages = await watchHistoryPages(
    chain.database.listen,
    chain.config.chainId,
    chain.config.historyCacheMb * 2 ** 20,
  )
  app.addHook('onClose', historyPages.stop)
  const accounts = new AccountWatch(chain.database, {
    chainId: chain.config.chainId,
    maxPerProject: chain.config.watchMaxPerProject,
    expireDays: chain.config.watchExpireDays,
    floor: chain.config.startBlock,
  })
  // Every account asked about is followed from then on; over its project's cap it is answered
  // from what the chain and the index hold, and the header says it is not followed.
  app.addHook('preHandler', async (request, reply) => {
    const address = (request.params as { address?: string }).address
    if (address === undefined) return
    if (!(await accounts.watch(address, projectOf(request).id))) reply.header(WATCH_HEADER, 'over-cap')
  })

  app.get(
    '/account/:address/balance',
    { schema: { params: AccountParams, querystring: BalanceQuery, response: { 200: BalancesAnswer } } },
    async ({ params, query }) => {
      requireServedChain(chain, query.chainId)
      const balances = await recentBalances.read(params.address, query.forceUpdate === 'true', () =>
        balancesOf(chain, balanceReader, params.address),
      )
      return { balances }
    },
  )

  // Answered with the page's JSON as kept (checked against HistoryAnswer when it was made), so
  // the reply is typed as that text.
  app.get<{ Params: z.output<typeof AccountParams>; Querystring: z.output<typeof PageQuery>; Reply: string }>(
    '/account/:address/history',
    { schema: { params: AccountParams, querystring: PageQuery, response: { 200: HistoryAnswer } } },
    async ({ params: { address }, query }, reply) => {
      requireServedChain(chain, query.chainId)
      const limit = query.limit ?? PAGE_SIZE
      const body = await historyPages.read(address, `${query.cursor ?? ''} ${limit}`, async () =>
        JSON.stringify(HistoryAnswer.parse(await historyPage(chain, address, query.cursor, limit))),
      )
      // Kept as the JSON it was sent as: sent as it is, not checked and serialised again.
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )

  app.get(
    '/account/:address/nfts',
    { schema: { params: AccountParams, querystring: PageQuery, response: { 200: NftsAnswer } } },
    async ({ params, query }) => {
      requireServedChain(chain, query.chainId)
      return nftPage(chain, params.address, query.cursor, query.limit ?? PAGE_SIZE)
    },
  )

  app.post(
    '/fungible/price',
    { schema: { body: PriceBody, response: { 200: FungiblesAnswer } } },
    async ({ body }) => ({ fungibles: await fungiblePrices(chain, body.addresses) }),
  )

  app.get(
    '/convert/gas-price',
    { schema: { querystring: GasPriceQuery, response: { 200: GasPriceAnswer } } },
    async ({ query }) => {
      if (query.chainId !== chain.caipNetworkId) {
        throw new HttpError(400, ErrorText.NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE)
      }
      const standard = await askNode(chain.client.getGasPrice())
      // The node gives one price; faster tiers bid 20% and 50% above it to be picked up sooner.
      return {
        standard: standard.toString(),
        fast: ((standard * 12n) / 10n).toString(),
        instant: ((standard * 15n) / 10n).toString(),
      }
    },
  )
}
