import { ErrorText } from '@portico/core/errors'
import type { FastifyPluginAsync } from 'fastify'
import { HttpError } from '../http/errors.ts'
import { parseRequest } from '../http/validate.ts'
import { balancesOf, NativeBalanceCache } from './balances.ts'
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

/**
 * Account data from our own index (SPEC §3, §7): balances, history, NFTs, prices and gas price for
 * the one configured chain. Registered inside the `/v1` scope, behind the project guard.
 */
export const chainDataPlugin: FastifyPluginAsync<{ chain: ChainData }> = async (app, { chain }) => {
  const nativeCache = new NativeBalanceCache()
  const historyPages = await watchHistoryPages(
    chain.database.listen,
    chain.config.chainId,
    chain.config.historyCacheMb * 2 ** 20,
  )
  app.addHook('onClose', historyPages.stop)

  app.get('/account/:address/balance', async (request) => {
    const { address } = parseRequest(AccountParams, request.params, 'params')
    const query = parseRequest(BalanceQuery, request.query, 'query')
    requireServedChain(chain, query.chainId)
    return { balances: await balancesOf(chain, address, nativeCache, query.forceUpdate === 'true') }
  })

  app.get('/account/:address/history', async (request, reply) => {
    const { address } = parseRequest(AccountParams, request.params, 'params')
    const query = parseRequest(PageQuery, request.query, 'query')
    requireServedChain(chain, query.chainId)
    const limit = query.limit ?? PAGE_SIZE
    const body = await historyPages.read(address, `${query.cursor ?? ''} ${limit}`, async () =>
      JSON.stringify(await historyPage(chain, address, query.cursor, limit)),
    )
    // Already JSON: sent as it is, not serialised again.
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.get('/account/:address/nfts', async (request) => {
    const { address } = parseRequest(AccountParams, request.params, 'params')
    const query = parseRequest(PageQuery, request.query, 'query')
    requireServedChain(chain, query.chainId)
    return nftPage(chain, address, query.cursor, query.limit ?? PAGE_SIZE)
  })

  app.post('/fungible/price', async (request) => {
    const body = parseRequest(PriceBody, request.body, 'body')
    return { fungibles: await fungiblePrices(chain, body.addresses) }
  })

  app.get('/convert/gas-price', async (request) => {
    const query = parseRequest(GasPriceQuery, request.query, 'query')
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
  })
}
