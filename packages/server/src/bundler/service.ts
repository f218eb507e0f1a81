import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  http,
  isAddressEqual,
  type PublicClient,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Database } from '../db/database.ts'
import type { BundlerConfig } from './config.ts'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import { estimateGas } from './gas.ts'
import { type BundlerCaller, sponsorMethods } from './paymaster-methods.ts'
import { userOperationReceipt } from './receipts.ts'
import { findOperation, insertPending } from './repository.ts'
import { Simulator } from './simulation.ts'
import { recordSponsoredCost } from './sponsorship.ts'
import { Submitter } from './submitter.ts'
import { readEntryPoint, readUserOp, toRpcUserOp, userOpHash } from './user-operation.ts'
import { validateForSubmission } from './validation.ts'

/** What the embedded wallet needs to know to make a smart account on this chain. */
interface BundlerInfo {
  chainId: number
  entryPoint: Address
  accountFactory: Address | undefined
  paymaster: Address | undefined
}

export interface Bundler {
  info: BundlerInfo
  /** One JSON-RPC call of `projectId`'s page or frame; throws BundlerError for refusals. */
  call(method: string, params: unknown, projectId: string, caller: BundlerCaller): Promise<unknown>
  stop(): Promise<void>
}

/** Node methods the bundler answers for clients that read fees through it (viem does without a client). */
const PASSED_TO_NODE = new Set(['eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_getBlockByNumber'])

/**
 * The services' own ERC-4337 bundler for one chain: accepts user operations after the EntryPoint's
 * validation, keeps them in the database and submits them from the operator's key (submitter.ts);
 * with sponsorship, also the ERC-7677 paymaster methods, signing for PorticoPaymaster within the
 * project's daily limits.
 */
export function startBundler(
  database: Database,
  config: BundlerConfig,
  options: { warn?: (line: string) => void; now?: () => Date; maxBundle?: number; idleMs?: number } = {},
): Bundler {
  const chain = defineChain({
    id: config.chainId,
    name: `Chain ${config.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  })
  const transport = http(config.rpcUrl, { timeout: 10_000 })
  const client = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient
  const operator = createWalletClient({ account: privateKeyToAccount(config.operatorKey), chain, transport })
  const simulator = new Simulator(client, config.entryPoint, config.simulationsCode)
  const sponsorship = config.sponsorship
  const submitter = new Submitter({
    db: database.db,
    client,
    operator,
    entryPoint: config.entryPoint,
    chainId: config.chainId,
    maxBundle: options.maxBundle ?? 16,
    idleMs: options.idleMs ?? 1_000,
    warn: options.warn ?? ((line) => console.warn(line)),
    onIncluded: async (inclusion) => {
      if (sponsorship && isAddressEqual(inclusion.paymaster, sponsorship.paymaster))
        await recordSponsoredCost(database.db, inclusion)
    },
  })
  submitter.start()
  const sponsor = sponsorship
    ? sponsorMethods(database.db, client, config, sponsorship, options.now ?? (() => new Date()))
    : undefined
  const { entryPoint, chainId } = config

  const methods: Record<string, (params: unknown, projectId: string) => Promise<unknown>> = {
    eth_chainId: async () => toHex(chainId),
    eth_supportedEntryPoints: async () => [entryPoint],
    async eth_estimateUserOperationGas(params) {
      readEntryPoint(params, 1, entryPoint)
      const estimate = await estimateGas(simulator, readUserOp(params, 0, true))
      return Object.fromEntries(Object.entries(estimate).map(([name, value]) => [name, toHex(value)]))
    },
    async eth_sendUserOperation(params, projectId) {
      readEntryPoint(params, 1, entryPoint)
      const op = readUserOp(params, 0)
      await validateForSubmission(client, simulator, op)
      const hash = userOpHash(op, chainId, entryPoint)
      await insertPending(database.db, { hash, chainId, entryPoint, op, projectId })
      submitter.wake()
      return hash
    },
    async eth_getUserOperationByHash(params) {
      const stored = await findOperation(database.db, readHash(params))
      if (!stored) return null
      const receipt = stored.txHash
        ? await client.getTransactionReceipt({ hash: stored.txHash }).catch(() => undefined)
        : undefined
      return {
        userOperation: toRpcUserOp(stored.op),
        entryPoint,
        transactionHash: receipt ? stored.txHash : null,
        blockHash: receipt?.blockHash ?? null,
        blockNumber: receipt ? toHex(receipt.blockNumber) : null,
      }
    },
    async eth_getUserOperationReceipt(params) {
      const stored = await findOperation(database.db, readHash(params))
      if (!stored?.txHash) return null
      return userOperationReceipt(client, entryPoint, stored.hash, stored.txHash)
    },
  }
  const paymasterMethods: Record<
    string,
    (params: unknown, projectId: string, caller: BundlerCaller) => Promise<unknown>
  > = {
    pm_getPaymasterStubData: async (params, projectId, caller) =>
      (await sponsorOrRefuse()).stub(params, projectId, caller),
    pm_getPaymasterData: async (params, projectId, caller) =>
      (await sponsorOrRefuse()).data(params, projectId, caller),
  }
  const sponsorOrRefuse = async () => {
    if (!sponsor)
      throw new BundlerError(
        BundlerErrorCode.REJECTED_BY_PAYMASTER,
        'Gas sponsorship is not offered on this chain',
      )
    return sponsor
  }

  return {
    info: {
      chainId,
      entryPoint,
      accountFactory: config.accountFactory,
      paymaster: config.sponsorship?.paymaster,
    },
    async call(method, params, projectId, caller) {
      if (PASSED_TO_NODE.has(method))
        return client.request({ method: method as 'eth_gasPrice', params: params as never })
      const paymaster = Object.hasOwn(paymasterMethods, method) ? paymasterMethods[method] : undefined
      if (paymaster) return paymaster(params, projectId, caller)
      // Own properties only: `__proto__`, `toString` and the like are names of no method.
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
      if (!handler)
        throw new BundlerError(BundlerErrorCode.METHOD_NOT_FOUND, `The bundler has no method ${method}`)
      return handler(params, projectId)
    },
    stop: () => submitter.stop(),
  }
}

function readHash(params: unknown): Hash {
  const value = Array.isArray(params) ? params[0] : undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new BundlerError(BundlerErrorCode.INVALID_FIELDS, 'userOpHash must be 0x and 64 hex digits')
  return value.toLowerCase() as Hash
}
