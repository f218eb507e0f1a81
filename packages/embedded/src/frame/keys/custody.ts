import { keySetupProof, passkeyResplitProof } from '@portico/core/shared'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { SuccessOf } from '../../protocol.ts'
import { decodeBytes } from './base64url.ts'
import { PasskeyError, type PasskeyRef } from './passkey.ts'
import { openRecoveryShare, sealRecoveryShare } from './passkey-seal.ts'
import { combineShares, decodeShare, splitKey } from './shares.ts'
import type { WithKey } from './sign-request.ts'

type User = SuccessOf<'GET_USER'>
/** A passkey just made, with its PRF output, to seal a recovery share under. */
type NewPasskey = PasskeyRef & { prfOutput: BufferSource }

/** A call to the services' /v1/auth routes for the page being answered. */
export type KeyCall = <T>(path: string, body?: object) => Promise<T>

/** The services' release of the server share: for a signature, or for the export after a code. */
type ServerShare = () => Promise<{ serverShare: string }>

/** Where the device share lives (IndexedDB in the browser). */
export interface ShareStore {
  read(id: string): Promise<Uint8Array | undefined>
  write(id: string, share: Uint8Array): Promise<void>
  delete(id: string): Promise<void>
}

interface KeyStatus {
  state: 'none' | 'legacy' | 'shares'
  address: Address | null
  recovery: 'operator' | 'passkey' | null
  passkey: PasskeyRef | null
  recoveryAvailable: boolean
  /** A code mailed to the user and typed in the frame would let this session take the recovery share. */
  codeUnlocks: boolean
}

/** The recovery share as the services hand it to a fresh login on a new device. */
type RecoveryRelease = { kind: 'operator'; share: string } | ({ kind: 'passkey'; share: string } & PasskeyRef)

/** A session that cannot sign on this device: the page offers a login again, which restores the share. */
export class MissingKeyError extends Error {
  constructor() {
    super('This device does not hold your wallet key yet. Sign in again with your e-mail to restore it.')
  }
}

const UNLOCK_TEXT = {
  passkey: 'Use your passkey to unlock your wallet on this device.',
  code: 'Enter the code we e-mailed you to open your wallet on this device.',
  setup: 'Finish making your wallet in the Portico secure window.',
} as const

/**
 * A new device whose login cannot open the wallet by itself (or a new user, whose wallet is made
 * once they answered the passkey offer): the page asks the frame to unlock it
 * (UNLOCK_WALLET), with the user's passkey or with a code mailed to them and typed in the frame.
 */
export class UnlockNeededError extends Error {
  constructor(readonly by: 'passkey' | 'code' | 'setup') {
    super(UNLOCK_TEXT[by])
  }
}

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
  async function bothShares(id: string, serverShare: ServerShare): Promise<[Uint8Array, Uint8Array]> {
    const [device, server] = await Promise.allSettled([
      store.read(id),
      serverShare().then(({ serverShare }) => decodeShare(serverShare)),
    ])
    if (device.status === 'fulfilled' && device.value && server.status === 'fulfilled')
      return [device.value, server.value]
    for (const share of [device, server]) if (share.status === 'fulfilled') share.value?.fill(0)
    if (device.status === 'rejected') throw device.reason
    if (server.status === 'rejected') throw server.reason
    throw new MissingKeyError()
  }

  const signingShare =
    (call: KeyCall): ServerShare =>
    () =>
      call('/key/share')

  async function accountOf(id: string, address: Address, serverShare: ServerShare) {
    const [device, server] = await bothShares(id, serverShare)
    // Shares of two splits (a restored database, or recovery moved to a passkey from another device)
    // give another key, or none when their x happen to coincide: this device's share is useless then,
    // and dropping it lets the next login restore.
    const privateKey = await combineShares(device, server).catch(() => undefined)
    const signer = privateKey && privateKeyToAccount(privateKey)
    if (!privateKey || !signer || !isAddressEqual(signer.address, address)) {
      await store.delete(id)
      throw new MissingKeyError()
    }
    return { privateKey, signer }
  }

  /** The recovery share as `/key/setup` takes it: for the operator, or sealed under the passkey. */
  async function recoveryOf(share: string, address: Address, passkey: NewPasskey | undefined) {
    if (!passkey) return { kind: 'operator', share }
    const bytes = decodeShare(share)
    const sealed = await sealRecoveryShare(bytes, passkey.prfOutput, decodeBytes(passkey.salt), address)
    bytes.fill(0)
    return { kind: 'passkey', share: sealed, credentialId: passkey.credentialId, salt: passkey.salt }
  }

  async function setUp(call: KeyCall, email: string, privateKey: Hex, passkey?: NewPasskey): Promise<User> {
    const account = privateKeyToAccount(privateKey)
    const proof = await account.signMessage({ message: keySetupProof(email, account.address) })
    const shares = await splitKey(privateKey)
    const id = recordOf(account.address)
    const recovery = await recoveryOf(shares.recovery, account.address, passkey)
    await store.write(id, shares.device).finally(() => shares.device.fill(0))
    try {
      const { user } = await call<{ user: User }>('/key/setup', {
        address: account.address,
        proof,
        serverShare: shares.server,
        recovery,
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
    recordOf,
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
      // A new user's key is made once they answered the passkey offer, in the frame (`setUpNew`).
      if (status.state === 'none') throw new UnlockNeededError('setup')
      // A key reshared in this login is recoverable by the operator: the page offers a passkey.
      if (status.state === 'legacy') {
        if (!status.recoveryAvailable)
          throw status.codeUnlocks ? new UnlockNeededError('code') : new MissingKeyError()
        const { privateKey } = await call<{ privateKey: Hex }>('/key/legacy')
        return { ...(await setUp(call, email, privateKey)), offerPasskey: true }
      }
      const address = status.address ?? user.address
      if (!address) throw new MissingKeyError()
      const known = { ...user, address }
      if (await holdsKey(address)) return known
      if (!status.recoveryAvailable)
        throw status.codeUnlocks ? new UnlockNeededError('code') : new MissingKeyError()
      // The passkey's share opens only with the user's passkey: a step the user takes in the frame.
      if (status.recovery === 'passkey') throw new UnlockNeededError('passkey')
      // Two shares of the same split: this device keeps the recovery share as its own, and the
      // device share of any other device keeps working.
      const release = await call<RecoveryRelease>('/key/recovery')
      const bytes = decodeShare(release.share)
      await store.write(recordOf(address), bytes).finally(() => bytes.fill(0))
      return known
    },
    /**
     * A new user's wallet, made here: its address is known first, so a passkey can be made for it;
     * `setUp` then splits the key so that the recovery share is sealed under that passkey (no operator
     * share is ever written for such a user), or, without one, held by the operator.
     */
    newWallet(email: string) {
      const privateKey = generatePrivateKey()
      return {
        address: privateKeyToAccount(privateKey).address,
        setUp: (call: KeyCall, passkey?: NewPasskey) => setUp(call, email, privateKey, passkey),
      }
    },
    /**
     * A new device that logged in without a code: the services mail one, `ask` has the user type it in
     * the frame and hands each try to `redeem`; once one is accepted the login's key step runs again,
     * now allowed to take the recovery share (or a legacy key).
     */
    async restoreWithCode(
      call: KeyCall,
      ask: (redeem: (otp: string) => Promise<void>) => Promise<void>,
    ): Promise<User> {
      await call('/key/recovery/code').catch((error: unknown) => {
        // A code mailed moments ago (the resend cooldown) is still the one to type.
        if ((error as { reason?: unknown }).reason !== 'EMAIL_COOLDOWN') throw error
      })
      await ask(async (otp) => {
        await call('/key/recovery/verify', { otp })
      })
      return this.ensureKey(call)
    },
    /**
     * A new device of a passkey user: `unlock` has the user pick their passkey and answers its PRF
     * output, which opens the recovery share this device then keeps as its own. The passkey comes
     * first: the services release the share once per login, and a cancelled prompt must not spend it.
     */
    async restoreWithPasskey(
      call: KeyCall,
      unlock: (passkey: PasskeyRef) => Promise<BufferSource>,
    ): Promise<void> {
      const status = await call<KeyStatus>('/key/status')
      if (!status.address || !status.passkey || !status.recoveryAvailable) throw new MissingKeyError()
      const prfOutput = await unlock(status.passkey)
      const release = await call<RecoveryRelease>('/key/recovery')
      if (release.kind !== 'passkey') throw new MissingKeyError()
      const share = await openRecoveryShare(
        release.share,
        prfOutput,
        decodeBytes(release.salt),
        status.address,
      )
      if (!share) throw new PasskeyError('other-account')
      await store.write(recordOf(status.address), share).finally(() => share.fill(0))
    },
    /**
     * Moves recovery from the operator to the user's passkey. The key is split anew, so the old
     * recovery share — which the operator can open, and may have kept — combines with nothing the
     * services hold from now on. The device's new share is written once the services hold its partner.
     */
    async protectWithPasskey(
      call: KeyCall,
      email: string,
      address: Address,
      passkey: NewPasskey,
    ): Promise<User> {
      const id = recordOf(address)
      const account = await accountOf(id, address, signingShare(call))
      const shares = await splitKey(account.privateKey)
      const recovery = decodeShare(shares.recovery)
      const sealed = await sealRecoveryShare(recovery, passkey.prfOutput, decodeBytes(passkey.salt), address)
      recovery.fill(0)
      const body = {
        address,
        issuedAt: Date.now(),
        serverShare: shares.server,
        recovery: { share: sealed, credentialId: passkey.credentialId, salt: passkey.salt },
      }
      const proof = await account.signer.signMessage({ message: passkeyResplitProof(email, body) })
      try {
        const { user } = await call<{ user: User }>('/key/passkey', { ...body, proof })
        await store.write(id, shares.device)
        return user
      } finally {
        shares.device.fill(0)
      }
    },
    /** The whole key, for the export screen only, once the services accepted a fresh e-mail code. */
    async exportKey(call: KeyCall, address: Address, otp: string): Promise<Hex> {
      // Checked first: a device without its share must not spend the mailed code.
      if (!(await holdsKey(address))) throw new MissingKeyError()
      const exported = await accountOf(recordOf(address), address, () => call('/key/export', { otp }))
      return exported.privateKey
    },
    /** The key of `address`, put together from this device's share and the services' for one use. */
    withKey(call: KeyCall, address: Address): WithKey {
      return async (use) => use((await accountOf(recordOf(address), address, signingShare(call))).signer)
    },
  }
}
