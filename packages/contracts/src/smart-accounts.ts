import { join } from 'node:path'
import { porticoPaymasterAbi } from '@portico/core/shared'
import {
  type Account,
  type Address,
  type Chain,
  concat,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hash,
  type Hex,
  isAddressEqual,
  keccak256,
  type PublicClient,
  parseEther,
  stringToHex,
  type Transport,
  type WalletClient,
} from 'viem'
import { compileContracts } from './compile.ts'
import { deployerClients } from './deployer-clients.ts'
import { readEntryPointArtifact } from './entry-point-artifacts.ts'
import { readRecords, writeRecords } from './record-file.ts'

/** Where EntryPoint v0.8 lives on every chain, and what viem's account abstraction assumes. */
export const ENTRY_POINT_08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
/** The deterministic CREATE2 deployer anvil preinstalls (and most chains have). */
const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
/** The salt the EntryPoint's authors deployed it with: it lands at ENTRY_POINT_08. */
const ENTRY_POINT_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
/** Ours: the factory (and so every counterfactual account) has the same address on every chain. */
const FACTORY_SALT: Hex = keccak256(stringToHex('portico.PorticoAccountFactory.v1'))

export interface SmartAccountsDeployment {
  chainId: number
  entryPoint: Address
  factory: Address
  paymaster: Address
  /** What changed: `deployed` something, re-pointed the paymaster's `signer`, topped up, or `reused` all. */
  status: 'deployed' | 'updated' | 'reused'
  /** The paymaster's deposit at the EntryPoint after this call, in wei. */
  paymasterDeposit: bigint
}

type Wallet = WalletClient<Transport, Chain, Account>

/** The paymaster's deposit is topped up to `DEPOSIT_TARGET` whenever it fell under `DEPOSIT_MINIMUM`. */
const DEPOSIT_MINIMUM = parseEther('10')
const DEPOSIT_TARGET = parseEther('100')
/** An operator account (the bundler's key) is kept at least this rich. */
const OPERATOR_MINIMUM = parseEther('10')
const OPERATOR_TARGET = parseEther('100')

/**
 * Makes sure the development chain at `rpcUrl` has ERC-4337: EntryPoint v0.8 at its canonical
 * address (the npm artifact through the CREATE2 deployer), our PorticoAccountFactory (CREATE2, the
 * same address everywhere) and a PorticoPaymaster owned by the demo deployer that pays for what
 * `paymasterSigner` signs. The demo deployer funds the paymaster's deposit and keeps each of
 * `operators` (the bundler's account) in ETH. Idempotent: the paymaster's address is kept per chain
 * in `dataDir/smart-accounts.json`; a restart reuses everything and sends nothing unless a balance
 * ran low or the signer changed.
 */
export async function ensureSmartAccounts(options: {
  rpcUrl: string
  dataDir: string
  paymasterSigner: Address
  operators?: readonly Address[]
  log?: (line: string) => void
}): Promise<SmartAccountsDeployment> {
  // The EntryPoint is GPL-3.0 and the keys are anvil's: a local development chain only.
  const { chainId, client, wallet } = await deployerClients(
    options.rpcUrl,
    'Smart accounts are set up on a local anvil chain only',
  )
  let changed = false
  const confirm = async (hash: Hash, what: string) => {
    const { status } = await client.waitForTransactionReceipt({ hash })
    if (status !== 'success') throw new Error(`${what} failed in ${hash}`)
    changed = true
  }

  const entryPointArtifact = await readEntryPointArtifact('EntryPoint')
  const entryPoint = await ensureCreate2(
    wallet,
    client,
    ENTRY_POINT_SALT,
    entryPointArtifact.bytecode,
    confirm,
  )
  if (!isAddressEqual(entryPoint, ENTRY_POINT_08))
    throw new Error(`The EntryPoint artifact lands at ${entryPoint}, not at ${ENTRY_POINT_08}`)

  const compiled = await compileContracts({ cacheDir: options.dataDir })
  const factoryCode = compiled.PorticoAccountFactory?.bytecode
  const paymasterCode = compiled.PorticoPaymaster?.bytecode
  if (!factoryCode || !paymasterCode) throw new Error('The smart-account contracts did not compile')
  const factory = await ensureCreate2(
    wallet,
    client,
    FACTORY_SALT,
    concat([factoryCode, encodeAbiParameters([{ type: 'address' }], [entryPoint])]),
    confirm,
  )

  const recordsPath = join(options.dataDir, 'smart-accounts.json')
  const records = await readRecords<{ paymaster: Address }>(recordsPath)
  const recorded = records[String(chainId)]?.paymaster
  const current = recorded ? await readPaymaster(client, recorded) : undefined
  let paymaster: Address
  if (
    recorded &&
    current &&
    isAddressEqual(current.owner, wallet.account.address) &&
    isAddressEqual(current.entryPoint, entryPoint)
  ) {
    paymaster = recorded
    if (!isAddressEqual(current.signer, options.paymasterSigner))
      await confirm(
        await wallet.writeContract({
          address: paymaster,
          abi: porticoPaymasterAbi,
          functionName: 'setSigner',
          args: [options.paymasterSigner],
        }),
        "Re-pointing the paymaster's signer",
      )
  } else {
    const hash = await wallet.deployContract({
      abi: porticoPaymasterAbi,
      bytecode: paymasterCode,
      args: [entryPoint, wallet.account.address, options.paymasterSigner],
    })
    const { contractAddress, status } = await client.waitForTransactionReceipt({ hash })
    if (status !== 'success' || !contractAddress)
      throw new Error(`Deploying PorticoPaymaster failed in ${hash}`)
    paymaster = getAddress(contractAddress)
    changed = true
    await writeRecords(recordsPath, { ...records, [chainId]: { paymaster } })
  }

  let paymasterDeposit = await readDeposit(client, paymaster)
  if (paymasterDeposit < DEPOSIT_MINIMUM) {
    await confirm(
      await wallet.writeContract({
        address: paymaster,
        abi: porticoPaymasterAbi,
        functionName: 'deposit',
        value: DEPOSIT_TARGET - paymasterDeposit,
      }),
      "Funding the paymaster's deposit",
    )
    paymasterDeposit = DEPOSIT_TARGET
  }
  for (const operator of options.operators ?? []) {
    const balance = await client.getBalance({ address: operator })
    if (balance < OPERATOR_MINIMUM)
      await confirm(
        await wallet.sendTransaction({ to: operator, value: OPERATOR_TARGET - balance }),
        `Funding ${operator}`,
      )
  }
  const status = !changed ? 'reused' : recorded && paymaster === recorded ? 'updated' : 'deployed'
  options.log?.(
    status === 'reused'
      ? `Smart accounts on chain ${chainId} are in place; reusing them`
      : `Smart accounts on chain ${chainId}: EntryPoint ${entryPoint}, factory ${factory}, paymaster ${paymaster}`,
  )
  return { chainId, entryPoint, factory, paymaster, status, paymasterDeposit }
}

/** Deploys `initCode` through the CREATE2 deployer under `salt` unless code is already there. */
async function ensureCreate2(
  wallet: Wallet,
  client: PublicClient,
  salt: Hex,
  initCode: Hex,
  confirm: (hash: Hash, what: string) => Promise<void>,
): Promise<Address> {
  const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode: initCode })
  if (await hasCode(client, address)) return address
  if (!(await hasCode(client, CREATE2_DEPLOYER)))
    throw new Error(`The chain has no CREATE2 deployer at ${CREATE2_DEPLOYER}`)
  await confirm(
    await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([salt, initCode]) }),
    `Deploying at ${address}`,
  )
  if (!(await hasCode(client, address))) throw new Error(`Nothing was deployed at ${address}`)
  return address
}

async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

/** The paymaster's settings, or undefined when something else (or nothing) is at the recorded address. */
async function readPaymaster(client: PublicClient, address: Address) {
  if (!(await hasCode(client, address))) return undefined
  const read = <const F extends 'owner' | 'signer' | 'entryPoint'>(functionName: F) =>
    client.readContract({ address, abi: porticoPaymasterAbi, functionName })
  try {
    const [owner, signer, entryPoint] = await Promise.all([read('owner'), read('signer'), read('entryPoint')])
    return { owner, signer, entryPoint }
  } catch {
    return undefined
  }
}

const readDeposit = (client: PublicClient, paymaster: Address) =>
  client.readContract({ address: paymaster, abi: porticoPaymasterAbi, functionName: 'getDeposit' })
