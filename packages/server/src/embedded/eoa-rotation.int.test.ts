import { demoBadgesAbi, demoTokenAbi } from '@portico/contracts'
import { type Address, parseAbi, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { KeyCall } from '../../../embedded/src/frame/keys/custody.ts'
// The secure frame's own code, run here against the services and the chain it reaches through them.
import { memoryStore } from '../../../embedded/src/frame/keys/custody-fakes.ts'
import { findHoldings } from '../../../embedded/src/frame/keys/eoa-holdings.ts'
import { moveEth, moveTokens } from '../../../embedded/src/frame/keys/eoa-move.ts'
import { rotateKey } from '../../../embedded/src/frame/keys/rotation.ts'
import { pglite, type TestDatabase } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import { setUpKeyAsFrame } from '../test-support/frame-keys.ts'

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
beforeAll(async () => {
  chain = await startTestChain()
  testDb = await pglite.open()
  frame = await startFrameApp(testDb.database, { chain: { rpcUrl: chain.rpcUrl, chainId: 31337 } })
})
afterAll(async () => {
  await frame?.close()
  await testDb?.dispose()
  await chain?.stop()
})

test("an EOA user's rotation: the frame finds the ETH, the ERC-20, the ERC-721 and the ERC-1155, moves them all with the old key, and the services switch to the new address", async () => {
  const email = 'eoa-move@example.com'
  const session = frame.as(await frame.login(email))
  const call: KeyCall = async (path, body) => {
    const answer = await session(path, body ?? {})
    if (answer.statusCode !== 200) throw new Error(answer.json().error?.message ?? answer.body)
    return answer.json()
  }
  const read = async (method: string, params: unknown[]) => {
    const answer = await call<{ result?: unknown; error?: { message: string } }>('/rpc', { method, params })
    if (answer.error) throw new Error(answer.error.message)
    return answer.result
  }
  const old = await setUpKeyAsFrame(session, email)
  const { collection } = chain.deployment.nfts
  const usdc = chain.deployment.tokens.USDC.address
  const badges = await chain.deployBadges(0)
  await chain.send(0, old.address, '2')
  await chain.send(0, old.address, '25', 'USDC')
  // The demo collection's minter is the demo's deployer, dev account 8.
  const mint = await chain.wallet(8).writeContract({
    address: collection.address,
    abi: collectionAbi,
    functionName: 'mint',
    args: [old.address],
  })
  await chain.client.waitForTransactionReceipt({ hash: mint })
  const minted = await chain.wallet(0).writeContract({
    address: badges,
    abi: demoBadgesAbi,
    functionName: 'mint',
    args: [old.address, 3n, 4n],
  })
  await chain.client.waitForTransactionReceipt({ hash: minted })

  const holdings = await findHoldings(read, old.address)
  expect(holdings.map((holding) => holding.kind).sort()).toEqual(['erc1155', 'erc20', 'erc721'])
  const nft = holdings.find((holding) => holding.kind === 'erc721')
  if (nft?.kind !== 'erc721') throw new Error('the NFT was not found')

  const { store } = memoryStore()
  const withOldKey = <T>(use: (account: ReturnType<typeof privateKeyToAccount>) => Promise<T>) =>
    use(privateKeyToAccount(old.privateKey))
  let newAddress: Address | undefined
  const reports: unknown[] = []
  const user = await rotateKey({
    call,
    store,
    recordOf: (address) => `project/${address.toLowerCase()}`,
    email,
    kind: 'eoa',
    oldAddress: old.address,
    withOldKey,
    makePasskey: passkey,
    async move(to) {
      newAddress = to
      const move = { from: old.address, to, chainId: 31337, read, withOldKey }
      reports.push(...(await moveTokens(move, holdings)), await moveEth(move))
    },
  })
  if (!newAddress) throw new Error('nothing moved')
  expect(reports).toHaveLength(4)
  expect(reports.every((line) => (line as { moved: boolean }).moved)).toBe(true)
  expect(user.address).toBe(newAddress)
  expect((await call<{ address: string }>('/user')).address).toBe(newAddress)

  const read20 = (owner: Address) =>
    chain.client.readContract({ address: usdc, abi: demoTokenAbi, functionName: 'balanceOf', args: [owner] })
  expect(await read20(newAddress)).toBe(parseUnits('25', chain.deployment.tokens.USDC.decimals))
  expect(await read20(old.address)).toBe(0n)
  expect(
    await chain.client.readContract({
      address: collection.address,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [nft.tokenId],
    }),
  ).toBe(newAddress)
  expect(
    await chain.client.readContract({
      address: badges,
      abi: demoBadgesAbi,
      functionName: 'balanceOf',
      args: [newAddress, 3n],
    }),
  ).toBe(4n)
  // Nearly all the ETH moved: the old address kept only what the last transfer's fee cap left over.
  const moved = await chain.client.getBalance({ address: newAddress })
  expect(moved).toBeGreaterThan(parseEther('1.99'))
  expect(await chain.client.getBalance({ address: old.address })).toBeLessThan(parseEther('0.01'))
})
