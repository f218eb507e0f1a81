import { type Address, getAddress, type Hex } from 'viem'
import type { ChainRead } from '../chain-read.ts'
import type { WithKey } from '../keys/sign-request.ts'
import { type BundlerCall, SALT, type SmartAccountSettings } from './settings.ts'
import type { SmartAccountState } from './user.ts'
import type { Call, OperationReceipt } from './wallet-calls.ts'

/**
 * The call of PorticoAccountFactory's `getAddress(owner, salt)`, written out: every login needs the
 * counterfactual address, and viem's ABI coder and the account-abstraction code stay out of the
 * frame's first load. accounts.test.ts holds it to the factory's ABI.
 */
export function getAddressCall(owner: Address): Hex {
  const word = (hex: string) => hex.padStart(64, '0')
  return `0x8cb84e18${word(owner.slice(2).toLowerCase())}${word(SALT.toString(16))}`
}

/** PorticoAccount's `setOwner(newOwner)`, written out as `getAddressCall` is: the key rotation's one call. */
export function setOwnerCall(newOwner: Address): Hex {
  return `0x13af4035${newOwner.slice(2).toLowerCase().padStart(64, '0')}`
}

/** The address `getAddress` answers, as one ABI word. */
export function addressOfWord(result: unknown): Address {
  if (typeof result !== 'string' || !/^0x0{24}[0-9a-fA-F]{40}$/.test(result))
    throw new Error('The factory answered no address')
  return getAddress(`0x${result.slice(26)}`)
}

/**
 * Each user's smart account (a PorticoAccount its key owns, at salt 0): its counterfactual address
 * and deployment, read at every login with two plain calls; its signatures and user operations
 * (operations.ts, with viem's account abstraction) are loaded on the first one the user makes.
 */
export function createSmartAccounts(
  settings: SmartAccountSettings,
  chainId: number,
  read: ChainRead,
  bundlerCall: BundlerCall,
) {
  const addresses = new Map<string, Address>()

  async function addressOf(owner: Address): Promise<Address> {
    const known = addresses.get(owner.toLowerCase())
    if (known) return known
    const data = getAddressCall(owner)
    const address = addressOfWord(await read('eth_call', [{ to: settings.factory, data }, 'latest']))
    addresses.set(owner.toLowerCase(), address)
    return address
  }

  async function stateOf(owner: Address): Promise<SmartAccountState> {
    const address = await addressOf(owner)
    const code = await read('eth_getCode', [address, 'latest'])
    return { address, deployed: typeof code === 'string' && code !== '0x' }
  }

  let loading: ReturnType<typeof loadOperations> | undefined
  const loadOperations = () =>
    import('./operations.ts').then(({ createOperations }) =>
      createOperations(settings, chainId, read, bundlerCall, stateOf),
    )
  // Loaded once; a failed load (the network) is tried again by the next request.
  const operations = () => {
    loading ??= loadOperations().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }

  /**
   * Whether the paymaster still sponsors an operation of `owner`'s account today (the project's
   * limits), asked as a paymaster stub: what the approval and the page say about the fee.
   */
  async function sponsoredNow(owner: Address): Promise<boolean> {
    if (!settings.sponsored) return false
    const sender = await addressOf(owner)
    const probe = { sender, nonce: '0x0', callData: '0x', signature: '0x' }
    try {
      await bundlerCall('pm_getPaymasterStubData', [
        probe,
        settings.entryPoint,
        `0x${chainId.toString(16)}`,
        {},
      ])
      return true
    } catch {
      return false
    }
  }

  return {
    addressOf,
    stateOf,
    /**
     * The account a rotated key owns (the services remember it): the factory derives an account's
     * address from its first owner only, so after `setOwner` it is known, not computed.
     */
    remember(owner: Address, account: Address) {
      addresses.set(owner.toLowerCase(), account)
    },
    sponsoredNow,
    /** ERC-1271 over `hash` (PorticoAccount's account-bound EIP-712 message), ERC-6492-wrapped while undeployed. */
    sign: async (owner: Address, hash: Hex, withKey: WithKey): Promise<Hex> =>
      (await operations()).sign(owner, hash, withKey),
    /** `calls` as one user operation, sponsored when the project's limits allow; answers its hash. */
    send: async (owner: Address, calls: Call[], withKey: WithKey): Promise<Hex> =>
      (await operations()).send(owner, calls, withKey),
    /** The bundler's receipt of an operation, or null while it is not mined. */
    receipt: (hash: Hex) =>
      bundlerCall('eth_getUserOperationReceipt', [hash]) as Promise<OperationReceipt | null>,
    /** Waits for the operation to be mined; its transaction hash, or the chain's refusal. */
    mined: async (hash: Hex): Promise<Hex> => (await operations()).mined(hash),
  }
}
export type SmartAccounts = ReturnType<typeof createSmartAccounts>
