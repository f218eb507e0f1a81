import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, expect, test } from 'vitest'
import { openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
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

describeEachBackend('a relay restart in the middle of a session', (backend) => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  test('a request published while the wallet is away reaches it after the restart, and its answer the dapp', async () => {
    const store = await backend.createStore()
    cleanups.push(() => store.dispose())
    let database = await openDatabase(store.options)
    let relay: RelayApp = await startRelayApp(database)
    cleanups.push(async () => {
      await relay.close()
      await database.close()
    })
    const project = await relayProject(database)
    const account = privateKeyToAccount(generatePrivateKey())
    const dapp: Dapp = await startDapp(relay.url, project.id)
    const wallet: Wallet = await startWallet(relay.url, project.id, account)
    cleanups.push(
      () => stopClient(dapp),
      () => stopClient(wallet),
    )
    const { dapp: session } = await pair(dapp, wallet)

    // Requests are tagged 1108 by sign-client.
    const waiting = async (topic: string) =>
      (
        await database.db
          .selectFrom('wc_relay_messages')
          .select('id')
          .where('topic', '=', topic)
          .where('tag', '=', 1108)
          .execute()
      ).length

    // The wallet goes away; the dapp asks meanwhile: the request waits in the mailbox.
    await wallet.kit.core.relayer.transportClose()
    const message = 'Signed after a restart'
    const signing = dapp.request<`0x${string}`>({
      topic: session.topic,
      chainId: CHAIN,
      request: {
        method: 'personal_sign',
        params: [`0x${Buffer.from(message).toString('hex')}`, account.address],
      },
    })
    await expect.poll(() => waiting(session.topic)).toBe(1)

    await relay.close()
    await database.close()
    database = await openDatabase(store.options)
    relay = await startRelayApp(database, { port: relay.port })

    await wallet.kit.core.relayer.transportOpen()
    const signature = await signing
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(wallet.signed).toBe(1)
  })
})
