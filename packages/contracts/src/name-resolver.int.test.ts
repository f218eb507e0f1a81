import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodePacked,
  type Hex,
  http,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  toFunctionSelector,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abiShape } from './abi-shape.ts'
import { porticoNameResolverAbi } from './abis.ts'
import { compileContracts } from './compile.ts'
import { DEMO_DEPLOYER_INDEX } from './demo.ts'
import {
  type AnvilHandle,
  DEV_ACCOUNTS,
  deployDemoBadges,
  deployNameResolver,
  ensureNameResolver,
  startAnvil,
} from './index.ts'
import { freePort } from './testing.ts'

const GATEWAY = 'http://localhost:3001/v1/names/gateway/{sender}/{data}.json'
const gatewayKey = privateKeyToAccount(generatePrivateKey())

let dataDir: string
let port: number
let anvil: AnvilHandle
let client: PublicClient

async function start() {
  anvil = await startAnvil({ port })
  // No CCIP-Read: these tests look at the OffchainLookup itself and answer it by hand.
  client = createPublicClient({
    chain: anvilChain,
    transport: http(anvil.rpcUrl),
    pollingInterval: 20,
    ccipRead: false,
  })
}
const walletOf = (index: number) =>
  createWalletClient({
    account: privateKeyToAccount(DEV_ACCOUNTS[index]?.privateKey ?? '0x'),
    chain: anvilChain,
    transport: http(anvil.rpcUrl),
  })
const ensure = (gatewayUrl = GATEWAY, signer: Address = gatewayKey.address) =>
  ensureNameResolver({ rpcUrl: anvil.rpcUrl, dataDir, gatewayUrl, signer })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-resolver-'))
  port = await freePort()
  await start()
})
afterAll(async () => {
  await anvil?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The custom error a call reverted with, as the resolver's ABI names it. */
async function revertOf(call: Promise<unknown>): Promise<{ errorName?: string; args?: readonly unknown[] }> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof BaseError)) throw new Error(`expected a revert, got ${String(error)}`)
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError)
  if (!(reverted instanceof ContractFunctionRevertedError)) throw error
  return { errorName: reverted.data?.errorName, args: reverted.data?.args }
}

/** What the services' gateway answers, built here from the resolver's own rule. */
async function gatewayAnswer(
  key: PrivateKeyAccount,
  answer: { resolver: Address; question: Hex; result: Hex; expires: bigint },
): Promise<Hex> {
  const digest = keccak256(
    encodePacked(
      ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
      ['0x1900', answer.resolver, answer.expires, keccak256(answer.question), keccak256(answer.result)],
    ),
  )
  const signature = await key.sign({ hash: digest })
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [answer.result, answer.expires, signature],
  )
}

describe('PorticoNameResolver', () => {
  let resolver: Address
  const read = { address: '0x' as Address, abi: porticoNameResolverAbi }
  const later = () => BigInt(Math.floor(Date.now() / 1000) + 600)

  beforeAll(async () => {
    resolver = await deployNameResolver(walletOf(0), client, {
      urls: [GATEWAY],
      signer: gatewayKey.address,
      cacheDir: dataDir,
    })
    read.address = resolver
  })

  it('has the ABI solc compiles', async () => {
    const compiled = await compileContracts({ cacheDir: dataDir })
    expect(abiShape(porticoNameResolverAbi)).toEqual(abiShape(compiled.PorticoNameResolver?.abi ?? []))
  })

  it('sends both Universal Resolver calls to the gateway with the question as callData and extraData', async () => {
    const name = '0x05616c69636507706f727469636f02696400' as const
    const lookup = await revertOf(
      client.readContract({ ...read, functionName: 'resolveWithGateways', args: [name, '0x3b3b57de', []] }),
    )
    expect(lookup.errorName).toBe('OffchainLookup')
    const [sender, urls, callData, callback, extraData] = lookup.args ?? []
    expect(sender).toBe(resolver)
    expect(urls).toEqual([GATEWAY])
    expect((callData as Hex).slice(0, 10)).toBe(toFunctionSelector('resolve(bytes,bytes)'))
    expect(callback).toBe(toFunctionSelector('resolveCallback(bytes,bytes)'))
    expect(extraData).toBe(callData)

    const reverse = await revertOf(
      client.readContract({
        ...read,
        functionName: 'reverseWithGateways',
        args: [DEV_ACCOUNTS[1].address, 60n, ['x-batch-gateway:true']],
      }),
    )
    expect(reverse.args?.[2]).toMatch(toFunctionSelector('reverse(bytes,uint256)'))
    expect(reverse.args?.[3]).toBe(toFunctionSelector('reverseCallback(bytes,bytes)'))
  })

  it('returns a signed answer and refuses a forged, tampered or expired one', async () => {
    const question = '0x1234' as const
    const result = encodeAbiParameters([{ type: 'string' }], ['alice.portico.id'])
    const good = await gatewayAnswer(gatewayKey, { resolver, question, result, expires: later() })
    expect(
      await client.readContract({ ...read, functionName: 'resolveCallback', args: [good, question] }),
    ).toEqual([result, resolver])
    expect(
      await client.readContract({ ...read, functionName: 'reverseCallback', args: [good, question] }),
    ).toEqual(['alice.portico.id', resolver, resolver])

    const forged = await gatewayAnswer(privateKeyToAccount(generatePrivateKey()), {
      resolver,
      question,
      result,
      expires: later(),
    })
    const otherQuestion = await gatewayAnswer(gatewayKey, {
      resolver,
      question: '0x5678',
      result,
      expires: later(),
    })
    const otherResolver = await gatewayAnswer(gatewayKey, {
      resolver: DEV_ACCOUNTS[1].address,
      question,
      result,
      expires: later(),
    })
    for (const response of [forged, otherQuestion, otherResolver])
      expect(
        await revertOf(
          client.readContract({ ...read, functionName: 'resolveCallback', args: [response, question] }),
        ),
      ).toMatchObject({ errorName: 'InvalidSignature' })

    const expired = await gatewayAnswer(gatewayKey, { resolver, question, result, expires: 1n })
    expect(
      await revertOf(
        client.readContract({ ...read, functionName: 'resolveCallback', args: [expired, question] }),
      ),
    ).toMatchObject({ errorName: 'AnswerExpired', args: [1n] })
  })

  it('lets only its owner move the gateway, and never to the zero address', async () => {
    const stranger = walletOf(1)
    expect(
      await revertOf(
        stranger.writeContract({
          ...read,
          functionName: 'setGateway',
          args: [[GATEWAY], stranger.account.address],
        }),
      ),
    ).toMatchObject({ errorName: 'Unauthorized' })
    expect(
      await revertOf(
        walletOf(0).writeContract({
          ...read,
          functionName: 'setGateway',
          args: [[GATEWAY], '0x0000000000000000000000000000000000000000'],
        }),
      ),
    ).toMatchObject({ errorName: 'InvalidSigner' })
  })
})

describe('ensureNameResolver', () => {
  it('deploys once, reuses it without a transaction, and re-points it when the gateway changes', async () => {
    const first = await ensure()
    expect(first.status).toBe('deployed')
    const read = { address: first.address, abi: porticoNameResolverAbi } as const
    expect(await client.readContract({ ...read, functionName: 'owner' })).toBe(
      DEV_ACCOUNTS[DEMO_DEPLOYER_INDEX].address,
    )

    const before = await client.getBlockNumber()
    expect(await ensure()).toEqual({ ...first, status: 'reused' })
    expect(await client.getBlockNumber()).toBe(before)

    const moved = 'https://names.example/v1/names/gateway/{sender}/{data}.json'
    const rotated = privateKeyToAccount(generatePrivateKey()).address
    expect(await ensure(moved, rotated)).toEqual({ ...first, status: 'updated' })
    expect(await client.readContract({ ...read, functionName: 'urls' })).toEqual([moved])
    expect(await client.readContract({ ...read, functionName: 'signer' })).toBe(rotated)
  })

  it('deploys anew on a fresh chain, also where another contract now holds the recorded address', async () => {
    const recorded = await ensure()
    await anvil.stop()
    await start()
    // The deployer's first contract on the fresh chain lands at the recorded address.
    await deployDemoBadges(walletOf(DEMO_DEPLOYER_INDEX), client, { cacheDir: dataDir })
    expect(await client.getCode({ address: recorded.address })).not.toBe('0x')
    const fresh = await ensure()
    expect(fresh.status).toBe('deployed')
    expect(fresh.address).not.toBe(recorded.address)
    expect(await ensure()).toMatchObject({ address: fresh.address, status: 'reused' })
  })
})
