import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  porticoAccountAbi,
  porticoAccountFactoryAbi,
  porticoPaymasterAbi,
  replaySafeTypedData,
  toPorticoSmartAccount,
} from '@portico/core/shared'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type Log,
  type PublicClient,
  parseEventLogs,
  stringToHex,
  zeroAddress,
} from 'viem'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts'
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

describe('PorticoAccount.setOwner', () => {
  const bundlerWallet = () =>
    createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[4].privateKey),
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
    })

  /** One user operation of `owner` for `account`, handed to the EntryPoint as a bundler would. */
  async function runOperation(owner: LocalAccount, account: Address, factory: Address, calls: Call[]) {
    const smart = await toPorticoSmartAccount(owner, { client, factory, address: account })
    const fees = await client.estimateFeesPerGas()
    const unsigned = {
      sender: account,
      nonce: await smart.getNonce(),
      callData: await smart.encodeCalls(calls),
      callGasLimit: 300_000n,
      verificationGasLimit: 300_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: '0x' as Hex,
    }
    const signature = await smart.signUserOperation(unsigned)
    const wallet = bundlerWallet()
    // Simulated first, as a bundler does: an operation the EntryPoint refuses throws its reason here.
    const { request } = await client.simulateContract({
      account: wallet.account,
      address: ENTRY_POINT_08,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation({ ...unsigned, signature })], bundler.address],
      gas: 2_000_000n,
    })
    const hash = await wallet.writeContract(request)
    return client.waitForTransactionReceipt({ hash })
  }

  it('hands the account to a new key only through the account itself: the new key signs, the old and strangers no longer do', async () => {
    const { factory } = await ensure()
    const first = privateKeyToAccount(generatePrivateKey())
    const next = privateKeyToAccount(generatePrivateKey())
    const funder = bundlerWallet()
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({
        address: factory,
        abi: porticoAccountFactoryAbi,
        functionName: 'createAccount',
        args: [first.address, 0n],
      }),
    })
    const account = await client.readContract({
      address: factory,
      abi: porticoAccountFactoryAbi,
      functionName: 'getAddress',
      args: [first.address, 0n],
    })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: account, value: 10n ** 18n }),
    })
    const ownerOf = () =>
      client.readContract({ address: account, abi: porticoAccountAbi, functionName: 'owner' })

    // Neither a stranger nor the owner's own key may call it directly: only the account, for its owner.
    const direct = (caller: LocalAccount | `0x${string}`) =>
      client.simulateContract({
        account: caller,
        address: account,
        abi: porticoAccountAbi,
        functionName: 'setOwner',
        args: [next.address],
      })
    await expect(direct(DEV_ACCOUNTS[3].address)).rejects.toThrow(/NotAllowed/)
    await expect(direct(first.address)).rejects.toThrow(/NotAllowed/)

    const handOver = (to: Address): Call => ({
      to: account,
      data: encodeFunctionData({ abi: porticoAccountAbi, functionName: 'setOwner', args: [to] }),
    })
    // The zero address would leave the account to nobody: the operation reverts, the owner stays.
    const zero = await runOperation(first, account, factory, [handOver(zeroAddress)])
    expect(operationSucceeded(zero.logs)).toBe(false)
    expect(await ownerOf()).toBe(first.address)

    const rotated = await runOperation(first, account, factory, [handOver(next.address)])
    expect(operationSucceeded(rotated.logs)).toBe(true)
    expect(await ownerOf()).toBe(next.address)
    const [set] = await client.getContractEvents({
      address: account,
      abi: porticoAccountAbi,
      eventName: 'OwnerSet',
      blockHash: rotated.blockHash,
    })
    expect(set?.args.owner).toBe(next.address)

    // ERC-1271 answers for the new key only.
    const hash = keccak256(stringToHex('after the rotation'))
    const check = async (signer: LocalAccount) =>
      client.readContract({
        address: account,
        abi: porticoAccountAbi,
        functionName: 'isValidSignature',
        args: [hash, await signer.signTypedData(replaySafeTypedData(account, anvilChain.id, hash))],
      })
    expect(await check(next)).toBe('0x1626ba7e')
    expect(await check(first)).toBe('0xffffffff')

    // User operations: the old key's is refused by the account, the new key's goes through.
    const pay: Call = { to: DEV_ACCOUNTS[5].address, value: 1n }
    await expect(runOperation(first, account, factory, [pay])).rejects.toThrow(/AA24/)
    const paid = await runOperation(next, account, factory, [pay])
    expect(operationSucceeded(paid.logs)).toBe(true)
  })
})

type Call = { to: Address; value?: bigint; data?: Hex }

/** The EntryPoint's word on the one operation of a handleOps transaction. */
function operationSucceeded(logs: Log[]): boolean {
  const [event] = parseEventLogs({ abi: entryPoint08Abi, eventName: 'UserOperationEvent', logs })
  if (!event) throw new Error('No UserOperationEvent in the transaction')
  return event.args.success
}
