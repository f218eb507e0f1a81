/** The wallet list call of behaviour §7 (`GET /v1/wallets`); loaded with the first list the modal shows. */
import type { ServicesClient } from '../account/http-client.ts'
import type { WalletListAnswer } from './wallet.ts'

export interface WalletListQuery {
  page?: number | undefined
  entries?: number | undefined
  /** Wallets by id, rdns or name (behaviour §5); only these are listed. */
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  search?: string | undefined
  /** CAIP-2 ids: only wallets that run on one of them (or do not say). */
  chains?: readonly string[] | undefined
}

const joined = (list: readonly string[] | undefined) => (list?.length ? list.join(',') : undefined)

export function getWallets(
  client: ServicesClient,
  query: WalletListQuery,
  signal?: AbortSignal,
): Promise<WalletListAnswer> {
  return client.get<WalletListAnswer>({
    path: '/v1/wallets',
    query: {
      page: query.page,
      entries: query.entries,
      include: joined(query.include),
      exclude: joined(query.exclude),
      search: query.search,
      chains: joined(query.chains),
    },
    signal,
  })
}
