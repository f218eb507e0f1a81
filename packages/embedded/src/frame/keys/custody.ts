import { type Address, type Hex, isAddressEqual } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { SuccessOf } from '../../protocol.ts'
import { combineShares, decodeShare, splitKey } from './shares.ts'
import type { WithKey } from './sign-request.ts'

type User = SuccessOf<'GET_USER'>

/** A call to the services' /v1/auth routes for the page being answered. */
export type KeyCall = <T>(path: string, body?: object) => Promise<T>

/** Where the device share lives (IndexedDB in the browser). */
export interface ShareStore {
  read(id: string): Promise<Uint8Array | undefined>
  write(id: string, share: Uint8Array): Promise<void>
  delete(id: string): Promise<void>
}

interface KeyStatus {
  state: 'none' | 'legacy' | 'shares'
  address: Address | null
  recoveryAvailable: boolean
}

/** A session that cannot sign on this device: the page offers a login again, which restores the share. */
export class MissingKeyError extends Error {
  constructor() {
    super('This device does not hold your wallet key yet. Sign in again with your e-mail to restore it.')
  }
}

/** What the key signs at setup, so the services know the shares they keep belong to that address. */
export const setupProof = (email: string, address: Address) =>
  `Portico key setup\nemail: ${email}\naddress: ${address}`

/**
 * The user's key as the frame keeps it: split 2-of-3 at setup, the device share in `store` (one
 * record per project and address), the others sealed by the services. It is whole only inside
 * `withKey`, for one signature.
 */
export function createKeyCustody(projectId: string, store: ShareStore) {
  const recordOf = (address: Address) => `${projectId}/${address.toLowerCase()}`

  const holdsKey = async (address: Address | null): Promise<boolean> => {
    if (!address) return false
    const share = await store.read(recordOf(address))
    share?.fill(0)
    return share !== undefined
  }

  // Both shares at once, the signature waiting on the slower; one fetched in vain is overwritten too.
  async function bothShares(id: string, call: KeyCall): Promise<[Uint8Array, Uint8Array]> {
    const [device, server] = await Promise.allSettled([
      store.read(id),
      call<{ serverShare: string }>('/key/share').then(({ serverShare }) => decodeShare(serverShare)),
    ])
    if (device.status === 'fulfilled' && device.value && server.status === 'fulfilled')
      return [device.value, server.value]
    for (const share of [device, server]) if (share.status === 'fulfilled') share.value?.fill(0)
    if (device.status === 'rejected') throw device.reason
    if (server.status === 'rejected') throw server.reason
    throw new MissingKeyError()
  }

  async function setUp(call: KeyCall, email: string, privateKey: Hex): Promise<User> {
    const account = privateKeyToAccount(privateKey)
    const proof = await account.signMessage({ message: setupProof(email, account.address) })
    const shares = await splitKey(privateKey)
    const id = recordOf(account.address)
    await store.write(id, shares.device).finally(() => shares.device.fill(0))
    try {
      const { user } = await call<{ user: User }>('/key/setup', {
        address: account.address,
        proof,
        serverShare: shares.server,
        recovery: { kind: 'operator', share: shares.recovery },
      })
      return user
    } catch (error) {
      // Shares the services did not take would never combine with theirs.
      await store.delete(id).catch(() => undefined)
      throw error
    }
  }

  return {
    holdsKey,
    /**
     * Right after a login, before the page hears of it: makes and splits the key of a new user,
     * reshares a legacy user's whole key, or restores this device's share from the recovery share.
     * Answers the user, address included.
     */
    async ensureKey(call: KeyCall): Promise<User> {
      const [status, user] = await Promise.all([
        call<KeyStatus>('/key/status'),
        call<Omit<User, 'address'> & { address: Address | null }>('/user'),
      ])
      const email = user.email ?? ''
      if (status.state === 'none') return setUp(call, email, generatePrivateKey())
      if (status.state === 'legacy') {
        if (!status.recoveryAvailable) throw new MissingKeyError()
        const { privateKey } = await call<{ privateKey: Hex }>('/key/legacy')
        return setUp(call, email, privateKey)
      }
      const address = status.address ?? user.address
      if (!address) throw new MissingKeyError()
      const known = { ...user, address }
      if (await holdsKey(address)) return known
      if (!status.recoveryAvailable) throw new MissingKeyError()
      // Two shares of the same split: this device keeps the recovery share as its own, and the
      // device share of any other device keeps working.
      const { share } = await call<{ share: string }>('/key/recovery')
      const bytes = decodeShare(share)
      await store.write(recordOf(address), bytes).finally(() => bytes.fill(0))
      return known
    },
    /** The key of `address`, put together from this device's share and the services' for one use. */
    withKey(call: KeyCall, address: Address): WithKey {
      return async (use) => {
        const id = recordOf(address)
        const [device, server] = await bothShares(id, call)
        // Shares of two splits (a restored database) give another key, or none when their x happen to
        // coincide: this device's share is useless then, and dropping it lets the next login restore.
        const privateKey = await combineShares(device, server).catch(() => undefined)
        const account = privateKey && privateKeyToAccount(privateKey)
        if (!account || !isAddressEqual(account.address, address)) {
          await store.delete(id)
          throw new MissingKeyError()
        }
        return use(account)
      }
    },
  }
}
