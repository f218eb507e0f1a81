import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  porticoAccountAbi,
  porticoAccountFactoryAbi,
  porticoPaymasterAbi,
  replaySafeTypedData,
} from '@portico/core/shared'
import { createPublicClient, createWalletClient, http, keccak256, type PublicClient, stringToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abiShape } from './abi-shape.ts'
import { compileContracts } from './compile.ts'
import { type AnvilHandle, DEV_ACCOUNTS, ENTRY_POINT_08, ensureSmartAccounts, startAnvil } from './index.ts'
import { freePort } from './testing.ts'

let dataDir: string
let anvil: AnvilHandle
let client: PublicClient
const signer = privateKeyToAccount(generatePrivateKey())
const bundler = privateKeyToAccount(generatePrivateKey())

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-aa-'))
  anvil = await startAnvil({ port: await freePort() })
  client = createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl), pollingInterval: 20 })
})
afterAll(async () => {
  await anvil?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const ensure = (paymasterSigner = signer.address) =>
  ensureSmartAccounts({ rpcUrl: anvil.rpcUrl, dataDir, paymasterSigner, operators: [bundler.address] })

describe('ensureSmartAccounts', () => {
  it('puts EntryPoint v0.8 at its canonical address, funds the paymaster and the operators, then reuses all', async () => {
    const first = await ensure()
    expect(first.status).toBe('deployed')
    expect(first.entryPoint).toBe(ENTRY_POINT_08)
    expect(await client.getCode({ address: ENTRY_POINT_08 })).toMatch(/^0x[0-9a-f]{1000,}/)
    expect(first.paymasterDeposit).toBe(10n ** 20n)
    expect(await client.getBalance({ address: bundler.address })).toBe(10n ** 20n)
    const block = await client.getBlockNumber()
    const again = await ensure()
    expect(again).toEqual({ ...first, status: 'reused' })
    expect(await client.getBlockNumber()).toBe(block)
  })

  it('re-points the recorded paymaster to a new signer instead of deploying another', async () => {
    const before = await ensure()
    const rotated = privateKeyToAccount(generatePrivateKey())
    const after = await ensure(rotated.address)
    expect(after.status).toBe('updated')
    expect(after.paymaster).toBe(before.paymaster)
    const read = { address: after.paymaster, abi: porticoPaymasterAbi } as const
    expect(await client.readContract({ ...read, functionName: 'signer' })).toBe(rotated.address)
    await ensure()
  })

  it('has ABIs that match what solc compiles', async () => {
    const compiled = await compileContracts({ cacheDir: dataDir })
    expect(abiShape(porticoAccountAbi)).toEqual(abiShape(compiled.PorticoAccount?.abi ?? []))
    expect(abiShape(porticoAccountFactoryAbi)).toEqual(abiShape(compiled.PorticoAccountFactory?.abi ?? []))
    expect(abiShape(porticoPaymasterAbi)).toEqual(abiShape(compiled.PorticoPaymaster?.abi ?? []))
  })
})

describe('PorticoAccountFactory and PorticoAccount', () => {
  it('deploys at the counterfactual address for anyone, once, and the account checks ERC-1271 for its own address only', async () => {
    const { factory } = await ensure()
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[3].privateKey),
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
    })
    const at = (salt: bigint) =>
      client.readContract({
        address: factory,
        abi: porticoAccountFactoryAbi,
        functionName: 'getAddress',
        args: [owner.address, salt],
      })
    const [first, second] = [await at(0n), await at(1n)]
    expect(first).not.toBe(second)
    expect(await client.getCode({ address: first })).toBeUndefined()
    for (let i = 0; i < 2; i++) {
      const hash = await stranger.writeContract({
        address: factory,
        abi: porticoAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner.address, 0n],
      })
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    }
    await stranger.writeContract({
      address: factory,
      abi: porticoAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner.address, 1n],
    })
    const owned = { abi: porticoAccountAbi, functionName: 'owner' } as const
    expect(await client.readContract({ ...owned, address: first })).toBe(owner.address)

    const hash = keccak256(stringToHex('sign in to example.com'))
    const signature = await owner.signTypedData(replaySafeTypedData(first, anvilChain.id, hash))
    const check = (address: typeof first) =>
      client.readContract({
        address,
        abi: porticoAccountAbi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    expect(await check(first)).toBe('0x1626ba7e')
    // The same owner's other account refuses it: the signed hash names the account.
    expect(await check(second)).toBe('0xffffffff')
  })
})
