import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import {
  type Dapp,
  pair,
  startDapp,
  startWallet,
  stopClient,
  type Wallet,
} from '../test-support/wc-clients.ts'
import { relayProject, startRelayApp } from '../test-support/wc-relay.ts'

describeEachBackend('two relay instances on one database', (backend) => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  test('a dapp on one instance and a wallet on the other pair and sign', async () => {
    const store = await backend.createStore()
    cleanups.push(() => store.dispose())
    // PGlite allows one process per folder, so its "two instances" share one database handle.
    const first = await openDatabase(store.options)
    const second: Database = backend.name === 'pglite' ? first : await openDatabase(store.options)
    cleanups.push(async () => {
      await first.close()
      await second.close()
    })
    const project = await relayProject(first)
    const [a, b] = [await startRelayApp(first), await startRelayApp(second)]
    cleanups.push(async () => {
      await a.close()
      await b.close()
    })
    const account = privateKeyToAccount(generatePrivateKey())
    const dapp: Dapp = await startDapp(a.url, project.id)
    const wallet: Wallet = await startWallet(b.url, project.id, account)
    cleanups.push(
      () => stopClient(dapp),
      () => stopClient(wallet),
    )

    const sessions = await pair(dapp, wallet)
    expect(sessions.wallet.topic).toBe(sessions.dapp.topic)
    const signature = await dapp.request<`0x${string}`>({
      topic: sessions.dapp.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', account.address] },
    })
    expect(signature).toBe(await account.signMessage({ message: 'hi' }))
  })
})
