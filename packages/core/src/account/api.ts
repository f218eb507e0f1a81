/** The account routes of the services (behaviour §7), one typed function per call. */
import type { ServicesClient } from './http-client.ts'
import type { Balance, GasPrice, NftsPage, TransactionsPage } from './types.ts'

export interface AccountQuery {
  address: string
  /** CAIP-2 network id, e.g. `eip155:31337`. */
  chainId: string
}

export async function getBalances(
  client: ServicesClient,
  { address, chainId, forceUpdate = false }: AccountQuery & { forceUpdate?: boolean | undefined },
): Promise<Balance[]> {
  const answer = await client.get<{ balances?: Balance[] }>({
    path: `/v1/account/${encodeURIComponent(address)}/balance`,
    query: { chainId, currency: 'usd', forceUpdate },
  })
  return answer.balances ?? []
}

export function getTransactions(
  client: ServicesClient,
  { address, chainId, cursor }: AccountQuery & { cursor?: string | undefined },
): Promise<TransactionsPage> {
  return client.get<TransactionsPage>({
    path: `/v1/account/${encodeURIComponent(address)}/history`,
    query: { chainId, cursor },
  })
}

export function getNfts(
  client: ServicesClient,
  { address, chainId, cursor }: AccountQuery & { cursor?: string | undefined },
): Promise<NftsPage> {
  return client.get<NftsPage>({
    path: `/v1/account/${encodeURIComponent(address)}/nfts`,
    query: { chainId, cursor },
  })
}

export function getGasPrice(client: ServicesClient, { chainId }: { chainId: string }): Promise<GasPrice> {
  return client.get<GasPrice>({ path: '/v1/convert/gas-price', query: { chainId } })
}
