import type { Connector } from '@wagmi/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyServicesClient } from '../services.ts'
import { createRouter } from '../stores/router.ts'
import { createExplorer } from './explorer.ts'
import { connectRemotely, walletConnectConnector } from './remote.ts'
import { explorerWallet } from './wallets.test-support.ts'

const rainbow = explorerWallet('me.rainbow', { name: 'Rainbow', rdns: 'me.rainbow' })
const trust = explorerWallet('com.trustwallet.app', { name: 'Trust Wallet' })

function setup(featuredWalletIds: string[] = []) {
  const router = createRouter('Connect')
  const explorer = createExplorer({
    services: lazyServicesClient({ servicesUrl: 'https://services.example', projectId: 'p1' }),
    caipNetworkId: 'eip155:31337',
    options: { featuredWalletIds, includeWalletIds: [], excludeWalletIds: ['io.rabby'] },
    recentIds: () => ['com.trustwallet.app'],
    router,
  })
  return { router, explorer }
}

/** The services, answering every wallet-list request with `answer`; the URLs asked are kept. */
function services(answer: () => Response) {
  const asked: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(new URL(url))
      return answer()
    }),
  )
  return asked
}
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the wallet list in createPortico', () => {
  it('asks once for the first page and for the featured and recent wallets, with the host’s filter', async () => {
    const asked = services(() => json({ data: [rainbow, trust], count: 2 }))
    const { explorer } = setup(['Rainbow'])
    explorer.load()
    explorer.load()
    await vi.waitFor(() => expect(explorer.store.getState().status).toBe('ready'))
    expect(asked).toHaveLength(2)
    const [page, named] = asked.map((url) => Object.fromEntries(url.searchParams))
    expect(page).toMatchObject({
      page: '1',
      entries: '40',
      exclude: 'io.rabby',
      chains: 'eip155:31337',
      projectId: 'p1',
    })
    expect(named).toMatchObject({
      include: 'Rainbow,com.trustwallet.app',
      entries: '100',
      exclude: 'io.rabby',
    })
    expect(explorer.store.getState()).toMatchObject({ first: { count: 2 }, named: [rainbow, trust] })
  })

  it('says the list failed, and asks again on the next load', async () => {
    let fail = true
    services(() => (fail ? new Response('{}', { status: 503 }) : json({ data: [], count: 0 })))
    const { explorer } = setup()
    explorer.load()
    await vi.waitFor(() => expect(explorer.store.getState().status).toBe('failed'))
    fail = false
    explorer.load()
    await vi.waitFor(() => expect(explorer.store.getState().status).toBe('ready'))
  })

  it('a picked wallet connects as the browser wallet it is, or opens its own page', () => {
    const { explorer, router } = setup()
    explorer.pick(rainbow, [{ id: 'me.rainbow', rdns: 'me.rainbow' }])
    expect(router.store.getState()).toMatchObject({
      view: 'ConnectingExternal',
      data: { connectorId: 'me.rainbow', wallet: { name: 'Rainbow' } },
    })
    router.reset('AllWallets')
    explorer.pick(trust, [{ id: 'me.rainbow', rdns: 'me.rainbow' }])
    expect(router.store.getState()).toMatchObject({ view: 'ExplorerWallet', data: { explorerWallet: trust } })
  })

  it('connects remotely only through a WalletConnect connector, with the wallet picked', () => {
    const { router } = setup()
    const injectedOnly = [{ id: 'me.rainbow', type: 'injected' }] as Connector[]
    expect(walletConnectConnector(injectedOnly)).toBeUndefined()
    connectRemotely({ wagmiConfig: { connectors: injectedOnly }, router }, trust)
    expect(router.store.getState().view).toBe('Connect')

    const withWc = [...injectedOnly, { id: 'walletConnect', type: 'walletConnect' }] as Connector[]
    expect(walletConnectConnector(withWc)?.id).toBe('walletConnect')
    connectRemotely({ wagmiConfig: { connectors: withWc }, router }, trust)
    expect(router.store.getState()).toMatchObject({
      view: 'ConnectingWalletConnect',
      data: { connectorId: 'walletConnect', explorerWallet: trust },
    })
  })
})
