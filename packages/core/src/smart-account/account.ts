import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationTypedData,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { porticoAccountAbi, porticoAccountFactoryAbi } from './abis.ts'

type PorticoSmartAccountImplementation = SmartAccountImplementation<
  typeof entryPoint08Abi,
  '0.8',
  { owner: LocalAccount; factory: Address; salt: bigint }
>
export type PorticoSmartAccount = SmartAccount<PorticoSmartAccountImplementation>

export interface PorticoSmartAccountOptions {
  /** Reads the chain: the counterfactual address, the nonce, whether the account is deployed. */
  client: PorticoSmartAccountImplementation['client']
  /** The services' PorticoAccountFactory on this chain. */
  factory: Address
  /** Defaults to EntryPoint v0.8's canonical address. */
  entryPoint?: Address
  /** One owner may have several accounts; the default is 0. */
  salt?: bigint
  /**
   * An account handed to `owner` by `setOwner` (a key rotation): its address, which the factory
   * derives from the account's first owner only. Such an account is deployed already.
   */
  address?: Address | undefined
}

/**
 * A 65-byte signature no key made, the length a real one has: gas estimates run the account's
 * check on it, which answers "signature failed" rather than reverting.
 */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * The PorticoAccount `owner` controls (packages/contracts/contracts/PorticoAccount.sol), as a viem
 * smart account for `createBundlerClient`: its address is known before deployment, its first user
 * operation deploys it through the factory, several calls go as one atomic `executeBatch`, user
 * operations are signed as EntryPoint v0.8's EIP-712 hash, and messages and typed data as ERC-1271
 * signatures over the account-bound hash (wrapped in ERC-6492 by viem while undeployed).
 */
export async function toPorticoSmartAccount(
  owner: LocalAccount,
  options: PorticoSmartAccountOptions,
): Promise<PorticoSmartAccount> {
  const { client, factory } = options
  const salt = options.salt ?? 0n
  const entryPoint = {
    abi: entryPoint08Abi,
    address: options.entryPoint ?? entryPoint08Address,
    version: '0.8',
  } as const
  const chainId = client.chain?.id
  if (chainId === undefined) throw new Error('toPorticoSmartAccount needs a client with a chain')
  const address =
    options.address ??
    (await readContract(client, {
      address: factory,
      abi: porticoAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner.address, salt],
    }))
  // ERC-1271: the owner signs the verifier's hash inside this account's own EIP-712 domain.
  const signReplaySafe = (hash: Hex) => owner.signTypedData(replaySafeTypedData(address, chainId, hash))

  return toSmartAccount({
    client,
    entryPoint,
    extend: { owner, factory, salt },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return {
        factory,
        factoryData: encodeFunctionData({
          abi: porticoAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner.address, salt],
        }),
      }
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only)
        return encodeFunctionData({
          abi: porticoAccountAbi,
          functionName: 'execute',
          args: [only.to, only.value ?? 0n, only.data ?? '0x'],
        })
      return encodeFunctionData({
        abi: porticoAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: porticoAccountAbi, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      if (decoded.functionName === 'executeBatch')
        return decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }))
      throw new Error(`Not a PorticoAccount call: ${decoded.functionName}`)
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return signReplaySafe(hashMessage(message))
    },
    async signTypedData(typedData) {
      return signReplaySafe(hashTypedData(typedData as TypedDataDefinition))
    },
    async signUserOperation(parameters) {
      const { chainId: opChainId = chainId, ...userOperation } = parameters
      return owner.signTypedData(
        getUserOperationTypedData({
          chainId: opChainId,
          entryPointAddress: entryPoint.address,
          userOperation: { ...userOperation, sender: address },
        }),
      )
    },
  }) as unknown as Promise<PorticoSmartAccount>
}

/** What PorticoAccount.replaySafeHash(hash) digests, as typed data the owner's key signs. */
export function replaySafeTypedData(account: Address, chainId: number, hash: Hex) {
  return {
    domain: { name: 'PorticoAccount', version: '1', chainId, verifyingContract: account },
    types: { PorticoMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'PorticoMessage',
    message: { hash },
  } as const
}
