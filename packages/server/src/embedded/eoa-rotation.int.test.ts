import { demoBadgesAbi, demoTokenAbi } from '@portico/contracts'
import { type Address, parseAbi, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { KeyCall } from '../../../embedded/src/frame/keys/custody.ts'
// The secure frame's own code, run here against the services and the chain it reaches through them.
import { memoryStore } from '../../../embedded/src/frame/keys/custody-fakes.ts'
import { touchedTokens } from '../../../embedded/src/frame/keys/eoa-holdings.ts'
import { moveTokens } from '../../../embedded/src/frame/keys/eoa-move.ts'
import { type EoaSource, moveEoaAssets, planEoaMove } from '../../../embedded/src/frame/keys/eoa-rotation.ts'
import {
  completeRotation,
  finishPendingRotation,
  pendingRotationOf,
  rotateKey,
} from '../../../embedded/src/frame/keys/rotation.ts'
import { pglite, type TestDatabase } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import { type FrameApp, newDevice, startFrameApp } from '../test-support/frame-call.ts'
import { setUpKeyAsFrame } from '../test-support/frame-keys.ts'
import { startWatchedServices, type WatchedServices } from '../test-support/watched-services.ts'

const collectionAbi = parseAbi([
  'function mint(address to) returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
])
const passkey = async () => ({
  credentialId: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
  salt: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
  prfOutput: crypto.getRandomValues(new Uint8Array(32)),
})

let chain: TestChain
let testDb: TestDatabase
let frame: FrameApp
// The services' index of the chain (head, backfill), on the frame's database: started only once the
// first user's assets are on chain, so their past is found by the backfill.
let indexer: WatchedServices | undefined
beforeAll(async () => {
  chain = await startTestChain()
  testDb = await pglite.open()
  frame = await startFrameApp(testDb.database, { chain: { rpcUrl: chain.rpcUrl, chainId: 31337 } })
})
afterAll(async () => {
  await indexer?.close()
  await frame?.close()
  await testDb?.dispose()
  await chain?.stop()
})

/** The frame's calls for a session, and its chain reads through `/rpc`, each method named in `methods`. */
function frameOf(session: ReturnType<FrameApp['as']>, methods: string[] = []) {
  const call: KeyCall = async (path, body) => {
    const answer = await session(path, body ?? {})
    if (answer.statusCode !== 200) throw new Error(answer.json().error?.message ?? answer.body)
    return answer.json()
  }
  const read = async (method: string, params: unknown[]) => {
    methods.push(method)
    const answer = await call<{ result?: unknown; error?: { message: string } }>('/rpc', { method, params })
    if (answer.error) throw new Error(answer.error.message)
    return answer.result
  }
  return { call, read }
}

const usdcOf = (owner: Address) =>
  chain.client.readContract({
    address: chain.deployment.tokens.USDC.address,
    abi: demoTokenAbi,
    functionName: 'balanceOf',
    args: [owner],
  })
const nftOwner = (tokenId: bigint) =>
  chain.client.readContract({
    address: chain.deployment.nfts.collection.address,
    abi: collectionAbi,
    functionName: 'ownerOf',
    args: [tokenId],
  })
const withKey =
  (privateKey: `0x${string}`) =>
  <T>(use: (account: ReturnType<typeof privateKeyToAccount>) => Promise<T>) =>
    use(privateKeyToAccount(privateKey))
const recordOf = (address: Address) => `project/${address.toLowerCase()}`

/** Mints a demo collection NFT to `to` (its minter is the demo's deployer, dev account 8); answers its id. */
async function mintNft(to: Address): Promise<bigint> {
  const hash = await chain.wallet(8).writeContract({
    address: chain.deployment.nfts.collection.address,
    abi: collectionAbi,
    functionName: 'mint',
    args: [to],
  })
  await chain.client.waitForTransactionReceipt({ hash })
  const { logs } = await chain.client.getTransactionReceipt({ hash })
  const transfer = logs.find((log) => log.topics.length === 4)
  return BigInt(transfer?.topics[3] ?? 0)
}

test("an EOA user's rotation: the frame lists the ETH, the ERC-20, the ERC-721 and the ERC-1155 from the services' index of the address's past (never the node's logs), moves them all with the old key, and the services switch to the new address", async () => {
  const email = 'eoa-move@example.com'
  const methods: string[] = []
  const session = frame.as(await frame.login(email))
  const { call, read } = frameOf(session, methods)
  const old = await setUpKeyAsFrame(session, email)
  const usdc = chain.deployment.tokens.USDC
  const badges = await chain.deployBadges(0)
  await chain.send(0, old.address, '2')
  await chain.send(0, old.address, '25', 'USDC')
  const nft = await mintNft(old.address)
  const minted = await chain.wallet(0).writeContract({
    address: badges,
    abi: demoBadgesAbi,
    functionName: 'mint',
    args: [old.address, 3n, 4n],
  })
  await chain.client.waitForTransactionReceipt({ hash: minted })
  // Long before: the services start indexing well after, and read this past in spans of ten blocks.
  await chain.mine(40)
  indexer = await startWatchedServices(testDb.database, chain.rpcUrl, 31337, { logSpan: 10 })
  const source: EoaSource = {
    call,
    read,
    from: old.address,
    chainId: 31337,
    withOldKey: withKey(old.privateKey),
  }

  // Until the backfill has read the address's past, the frame is told the list is not complete.
  expect(await touchedTokens(call)).toBeUndefined()
  expect(await planEoaMove(source)).toBeUndefined()
  await indexer.settle()
  const plan = await planEoaMove(source)
  if (!plan) throw new Error('the services did not finish reading the address')
  expect(plan.holdings.map((holding) => holding.kind).sort()).toEqual(['erc1155', 'erc20', 'erc721'])
  expect(plan.holdings.find((holding) => holding.kind === 'erc721')).toMatchObject({ tokenId: nft })
  expect(plan.ethBalance).toBe(parseEther('2'))
  expect(methods).not.toContain('eth_getLogs')

  const { store } = memoryStore()
  let newAddress: Address | undefined
  let report: Array<{ moved: boolean }> = []
  const user = await rotateKey({
    call,
    store,
    recordOf,
    email,
    kind: 'eoa',
    oldAddress: old.address,
    withOldKey: source.withOldKey,
    makePasskey: passkey,
    async move(to) {
      newAddress = to
      report = await moveEoaAssets(source, to, plan.holdings, async () => 'switch')
    },
  })
  if (!newAddress) throw new Error('nothing moved')
  expect(report).toHaveLength(4)
  expect(report.every((line) => line.moved)).toBe(true)
  expect(user.address).toBe(newAddress)
  expect((await call<{ address: string }>('/user')).address).toBe(newAddress)

  expect(await usdcOf(newAddress)).toBe(parseUnits('25', usdc.decimals))
  expect(await usdcOf(old.address)).toBe(0n)
  expect(await nftOwner(nft)).toBe(newAddress)
  expect(
    await chain.client.readContract({
      address: badges,
      abi: demoBadgesAbi,
      functionName: 'balanceOf',
      args: [newAddress, 3n],
    }),
  ).toBe(4n)
  // Nearly all the ETH moved: the old address kept only what the last transfer's fee cap left over.
  expect(await chain.client.getBalance({ address: newAddress })).toBeGreaterThan(parseEther('1.99'))
  expect(await chain.client.getBalance({ address: old.address })).toBeLessThan(parseEther('0.01'))
})

test('a move a closed tab stopped after one transfer is resumed at the next login: the login does not switch, what is left moves to the same new address, then the services switch', async () => {
  const email = 'eoa-resume@example.com'
  const device = newDevice()
  const session = frame.as(await frame.login(email, device))
  const first = frameOf(session)
  const old = await setUpKeyAsFrame(session, email)
  await chain.send(0, old.address, '1')
  await chain.send(0, old.address, '7', 'USDC')
  const nft = await mintNft(old.address)
  if (!indexer) throw new Error('the index is not running')
  await indexer.settle()
  const withOldKey = withKey(old.privateKey)
  const source = (frameCalls: ReturnType<typeof frameOf>): EoaSource => ({
    ...frameCalls,
    from: old.address,
    chainId: 31337,
    withOldKey,
  })
  const plan = await planEoaMove(source(first))
  if (!plan) throw new Error('the services did not finish reading the address')
  const { store, records } = memoryStore()
  await store.write(recordOf(old.address), new Uint8Array(33).fill(7))
  let newAddress: Address | undefined
  const closed = rotateKey({
    call: first.call,
    store,
    recordOf,
    email,
    kind: 'eoa',
    oldAddress: old.address,
    withOldKey,
    makePasskey: passkey,
    async move(to) {
      newAddress = to
      // The USDC goes (ERC-20s first), then the tab closes.
      await moveTokens({ ...source(first), to }, plan.holdings.slice(0, 1))
      throw new Error('the tab closed')
    },
  })
  await expect(closed).rejects.toThrow('the tab closed')
  if (!newAddress) throw new Error('nothing moved')
  expect(await usdcOf(newAddress)).toBe(parseUnits('7', 6))

  // The next login: the services still serve the old address, and the login leaves the rotation to the user.
  const again = frameOf(frame.as(await frame.login(email, device)))
  const steps = { call: again.call, store, recordOf, oldAddress: old.address }
  expect(await finishPendingRotation(steps)).toBeUndefined()
  expect((await again.call<{ address: string }>('/user')).address).toBe(old.address)
  expect(await pendingRotationOf(again.call)).toEqual({ kind: 'eoa', address: newAddress, account: null })
  const left = await planEoaMove(source(again))
  if (!left) throw new Error('the services did not finish reading the address')
  expect(left.holdings).toEqual([expect.objectContaining({ kind: 'erc721', tokenId: nft })])
  const resumedTo = newAddress
  const user = await completeRotation(steps, resumedTo, async (to) => {
    const report = await moveEoaAssets(source(again), to, left.holdings, async () => 'switch')
    expect(report.every((line) => line.moved)).toBe(true)
  })
  expect(user.address).toBe(resumedTo)
  expect((await again.call<{ address: string }>('/user')).address).toBe(resumedTo)
  expect(await nftOwner(nft)).toBe(resumedTo)
  expect(await chain.client.getBalance({ address: resumedTo })).toBeGreaterThan(parseEther('0.99'))
  expect(records.has(recordOf(old.address))).toBe(false)
})
