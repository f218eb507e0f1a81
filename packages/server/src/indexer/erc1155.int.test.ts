import { DEV_ACCOUNTS, demoBadgesAbi } from '@portico/contracts'
import { sql } from 'kysely'
import { type Address, getAddress, getContract, type Hash, parseEventLogs } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { involvedHashes, startTestChain, type TestChain } from '../test-support/chain.ts'
import {
  BalanceResponse,
  HistoryResponse,
  type HistoryTransaction,
  NftResponse,
} from '../test-support/chain-data.ts'
import { indexedChainApp } from '../test-support/indexed-chain-app.ts'

// Dev accounts the demo seed leaves alone, so their history is exactly what happens here.
const [ISSUER, ALICE, BOB] = [5, 6, 7] as const
const alice = DEV_ACCOUNTS[ALICE].address
const bob = DEV_ACCOUNTS[BOB].address
const IDS = [1n, 2n, 3n, 4n]

interface StoredEvent {
  tx_hash: string
  log_index: number
  sub_index: number
  kind: string
  from: string
  to: string
  token_id: string | null
  amount: string
}

let chain: TestChain
let badges: Address
/** The scenario's transactions, oldest first. */
let sent: Record<'mint' | 'mintBatch' | 'send' | 'sendBatch' | 'approve' | 'pulled' | 'revoke', Hash>

beforeAll(async () => {
  chain = await startTestChain()
  badges = await chain.deployBadges(ISSUER)
  const as = (from: number) =>
    getContract({ address: badges, abi: demoBadgesAbi, client: chain.wallet(from) })
  const mined = async (sending: Promise<Hash>) => {
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await sending })
    if (receipt.status !== 'success') throw new Error(`${receipt.transactionHash} reverted`)
    return receipt.transactionHash
  }
  sent = {
    mint: await mined(as(ISSUER).write.mint([alice, 1n, 5n])),
    mintBatch: await mined(as(ISSUER).write.mintBatch([alice, [2n, 3n, 4n], [1n, 10n, 2n]])),
    send: await mined(as(ALICE).write.safeTransferFrom([alice, bob, 1n, 2n, '0x'])),
    // Alice's last ones of ids 1 and 4 go, some of id 3 stays.
    sendBatch: await mined(
      as(ALICE).write.safeBatchTransferFrom([alice, bob, [1n, 3n, 4n], [3n, 4n, 2n], '0x']),
    ),
    approve: await mined(as(ALICE).write.setApprovalForAll([bob, true])),
    pulled: await mined(as(BOB).write.safeTransferFrom([alice, bob, 2n, 1n, '0x'])),
    revoke: await mined(as(ALICE).write.setApprovalForAll([bob, false])),
  }
})
afterAll(async () => {
  await chain?.stop()
})

describeEachBackend('ERC-1155 and ApprovalForAll on a real chain', (backend) => {
  const indexed = indexedChainApp(backend, () => chain)

  test('stores every TransferSingle, each TransferBatch entry by sub_index, and the approvals', async () => {
    const logs = parseEventLogs({
      abi: demoBadgesAbi,
      logs: await chain.client.getLogs({ address: badges, fromBlock: 0n }),
    })
    const expected = logs.flatMap((log): StoredEvent[] => {
      const at = { tx_hash: log.transactionHash, log_index: log.logIndex }
      if (log.eventName === 'ApprovalForAll') {
        const { account, operator, approved } = log.args
        const amount = approved ? '1' : '0'
        return [
          { ...at, sub_index: 0, kind: 'approval', from: account, to: operator, token_id: null, amount },
        ]
      }
      const { from, to } = log.args
      const entries =
        log.eventName === 'TransferSingle'
          ? [[log.args.id, log.args.value] as const]
          : log.args.ids.map((id, index) => [id, log.args.values[index]] as const)
      return entries.map(([id, value], index) => ({
        ...at,
        sub_index: index,
        kind: 'erc1155',
        from,
        to,
        token_id: String(id),
        amount: String(value),
      }))
    })
    expect(expected.map((row) => row.sub_index)).toEqual([0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 0])

    const { rows } = await sql<StoredEvent>`
      select tx_hash, log_index, sub_index, kind, from_address as "from", to_address as "to",
        token_id::text as token_id, amount::text as amount
      from chain_events where contract = ${badges.toLowerCase()}
      order by block_number, log_index, sub_index`.execute(indexed.database.db)
    expect(rows).toEqual(
      expected.map((row) => ({ ...row, from: row.from.toLowerCase(), to: row.to.toLowerCase() })),
    )
  })

  test('the NFT route lists what each holder has left, named and drawn from uri(id)', async () => {
    const held = async (address: Address) => {
      const { status, body } = await indexed.get(`/account/${address}/nfts?chainId=eip155:31337`)
      expect(status).toBe(200)
      return NftResponse.parse(body).data.filter((item) => item.contract === getAddress(badges))
    }
    const onChain = async (address: Address) => {
      const balances = await chain.client.readContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'balanceOfBatch',
        args: [IDS.map(() => address), IDS],
      })
      return IDS.filter((_, index) => (balances[index] ?? 0n) > 0n).map(String)
    }

    const alices = await held(alice)
    expect(alices.map((item) => item.tokenId)).toEqual(['3'])
    expect(alices[0]).toMatchObject({
      name: 'Portico Badges #3',
      collection: { name: 'Portico Badges', symbol: 'BADGE' },
      isSpam: false,
    })
    const bobs = await held(bob)
    expect(bobs.map((item) => item.tokenId)).toEqual(['1', '2', '3', '4'])
    expect(bobs.map((item) => item.name)).toEqual(IDS.map((id) => `Portico Badges #${id}`))
    for (const item of [...alices, ...bobs]) expect(item.image).toMatch(/^data:image\/svg\+xml;base64,/)
    for (const address of [alice, bob]) {
      expect((await held(address)).map((item) => item.tokenId)).toEqual(await onChain(address))
      // Badges and approvals are no fungible balance: only the ETH anvil gave the account is.
      const { balances } = BalanceResponse.parse((await indexed.get(`/account/${address}/balance`)).body)
      expect(balances.map((balance) => balance.symbol)).toEqual(['ETH'])
    }
  })

  test('history: a batch transfer is one transaction with an NFT transfer per id; setApprovalForAll is an approve', async () => {
    const history = async (address: Address): Promise<HistoryTransaction[]> => {
      const { status, body } = await indexed.get(`/account/${address}/history?chainId=eip155:31337`)
      expect(status).toBe(200)
      return HistoryResponse.parse(body).data
    }
    const alices = await history(alice)
    expect(alices.map((tx) => [tx.hash, tx.metadata.operationType])).toEqual([
      [sent.revoke, 'approve'],
      [sent.pulled, 'send'],
      [sent.approve, 'approve'],
      [sent.sendBatch, 'send'],
      [sent.send, 'send'],
      [sent.mintBatch, 'mint'],
      [sent.mint, 'mint'],
    ])
    expect(alices.map((tx) => tx.hash)).toEqual(
      await involvedHashes(chain.client, chain.deployment.firstBlock, alice),
    )

    const batch = alices.find((tx) => tx.hash === sent.sendBatch)
    expect(
      batch?.transfers.map((t) => [t.direction, t.nft_info?.token_id, t.quantity.numeric, t.nft_info?.name]),
    ).toEqual([
      ['out', '1', '3', 'Portico Badges #1'],
      ['out', '3', '4', 'Portico Badges #3'],
      ['out', '4', '2', 'Portico Badges #4'],
    ])
    expect(
      batch?.transfers.every((t) => t.nft_info?.content.preview.url.startsWith('data:image/svg+xml')),
    ).toBe(true)
    for (const hash of [sent.approve, sent.revoke]) {
      expect(alices.find((tx) => tx.hash === hash)).toMatchObject({
        transfers: [],
        metadata: { sentFrom: alice },
      })
    }

    // The operator sees the approvals it was given, and what it pulled with them.
    const bobs = await history(bob)
    expect(bobs.map((tx) => tx.hash)).toEqual([
      sent.revoke,
      sent.pulled,
      sent.approve,
      sent.sendBatch,
      sent.send,
    ])
    expect(bobs.find((tx) => tx.hash === sent.pulled)).toMatchObject({
      metadata: { operationType: 'receive', sentFrom: bob },
      transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { token_id: '2' } }],
    })
  })
})
