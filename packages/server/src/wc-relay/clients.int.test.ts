import { getSdkError } from '@walletconnect/utils'
import { toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Project } from '../projects/repository.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  CHAIN,
  type Dapp,
  pair,
  startDapp,
  startWallet,
  stopClient,
  type Wallet,
} from '../test-support/wc-clients.ts'
import { type RelayApp, relayProject, startRelayApp } from '../test-support/wc-relay.ts'

describeEachBackend('sign-client 2.21.8 and walletkit 1.2.10 through the relay', (backend) => {
  let testDb: TestDatabase
  let relay: RelayApp
  let project: Project
  const clients: Array<Dapp | Wallet> = []

  beforeAll(async () => {
    testDb = await backend.open()
    project = await relayProject(testDb.database)
    relay = await startRelayApp(testDb.database)
  })
  afterAll(async () => {
    await Promise.all(clients.map(stopClient))
    await relay?.close()
    await testDb?.dispose()
  })

  test('a dapp and a wallet pair, a personal_sign is answered and verified, the wallet disconnects', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const dapp = await startDapp(relay.url, project.id)
    const wallet = await startWallet(relay.url, project.id, account)
    clients.push(dapp, wallet)

    const sessions = await pair(dapp, wallet)
    expect(sessions.dapp.topic).toBe(sessions.wallet.topic)
    expect(sessions.dapp.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${account.address}`])

    const message = 'Sign in through a relay of our own'
    const signature = await dapp.request<`0x${string}`>({
      topic: sessions.dapp.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [toHex(message), account.address] },
    })
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(wallet.signed).toBe(1)

    const deleted = new Promise((resolve) => dapp.once('session_delete', resolve))
    await wallet.kit.disconnectSession({
      topic: sessions.wallet.topic,
      reason: getSdkError('USER_DISCONNECTED'),
    })
    await deleted
    expect(dapp.session.getAll()).toEqual([])
  })
})
