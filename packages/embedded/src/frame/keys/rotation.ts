import { type KeyRotation, keyRotationProof } from '@portico/core/shared'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { SuccessOf } from '../../protocol.ts'
import { decodeBytes } from './base64url.ts'
import type { KeyCall, ShareStore } from './custody.ts'
import type { PasskeyRef } from './passkey.ts'
import { sealRecoveryShare } from './passkey-seal.ts'
import { decodeShare, splitKey } from './shares.ts'
import type { WithKey } from './sign-request.ts'

type User = SuccessOf<'GET_USER'>

export interface RotationSteps {
  call: KeyCall
  store: ShareStore
  /** The device-share record of a key's address (custody.ts keeps one per project and address). */
  recordOf(address: Address): string
  email: string
  kind: KeyRotation['kind']
  oldAddress: Address
  /** The current key, for its proof and for what `move` signs. */
  withOldKey: WithKey
  /** A passkey made for the new key's address, with its PRF output. */
  makePasskey(address: Address): Promise<PasskeyRef & { prfOutput: BufferSource }>
  /**
   * Hands the wallet to the new key with the old one: the smart account's `setOwner` operation, mined
   * (or an EOA's assets sent). Until it is done and the services have finished, the old key works.
   */
  move(newAddress: Address): Promise<void>
}

/**
 * A key rotation as the frame runs it, after the user's click in the frame: a new key split
 * passkey-first (no share the operator can open), its device share kept beside the old one, its
 * other shares handed to the services with proofs by both keys, the wallet moved on chain by the old
 * key, then the services switch — which for a smart account they do only once the chain shows the
 * new owner. The old device share is dropped last.
 */
export async function rotateKey(steps: RotationSteps): Promise<User> {
  const { call, store, recordOf } = steps
  const privateKey = generatePrivateKey()
  const next = privateKeyToAccount(privateKey)
  const passkey = await steps.makePasskey(next.address)
  const shares = await splitKey(privateKey)
  const recovery = decodeShare(shares.recovery)
  const sealed = await sealRecoveryShare(recovery, passkey.prfOutput, decodeBytes(passkey.salt), next.address)
  recovery.fill(0)
  const body = {
    kind: steps.kind,
    oldAddress: steps.oldAddress,
    newAddress: next.address,
    issuedAt: Date.now(),
    serverShare: shares.server,
    recovery: { share: sealed, credentialId: passkey.credentialId, salt: passkey.salt },
  }
  const message = keyRotationProof(steps.email, body)
  const oldProof = await steps.withOldKey((key) => key.signMessage({ message }))
  const newProof = await next.signMessage({ message })
  // Kept before the services hear of the key: a tab closed after the move can still finish with it.
  await store.write(recordOf(next.address), shares.device).finally(() => shares.device.fill(0))
  await call('/key/rotation/start', { ...body, oldProof, newProof })
  return completeRotation(steps, next.address, steps.move)
}

/** A rotation the services hold, started for the session's current address and not finished. */
export interface PendingRotation {
  kind: KeyRotation['kind']
  /** The new key's address. */
  address: Address
}

export async function pendingRotationOf(call: KeyCall): Promise<PendingRotation | undefined> {
  const { pending } = await call<{ pending: PendingRotation | null }>('/key/rotation/status')
  return pending ?? undefined
}

/**
 * A rotation's end, in its one order: the wallet moved by the old key (when `move` is given), then
 * the services switch, then the old device share goes — so until the switch the old key still works.
 */
export async function completeRotation(
  steps: Pick<RotationSteps, 'call' | 'store' | 'recordOf' | 'oldAddress'>,
  newAddress: Address,
  move?: (newAddress: Address) => Promise<void>,
): Promise<User> {
  await move?.(newAddress)
  const { user } = await steps.call<{ user: User }>('/key/rotation/finish')
  await steps.store.delete(steps.recordOf(steps.oldAddress)).catch(() => undefined)
  return user
}

/**
 * A smart account's rotation left unfinished (the tab closed after the owner change): finished now if
 * the services agree, as the chain shows the new owner. Answers the user, or undefined when there is
 * none to finish or it cannot be finished yet (then a new rotation starts over; the old key works).
 */
export async function finishPendingRotation(
  steps: Pick<RotationSteps, 'call' | 'store' | 'recordOf' | 'oldAddress'>,
): Promise<User | undefined> {
  const pending = await pendingRotationOf(steps.call)
  // An EOA's is resumed only with the user (eoa-rotation.ts): its move may have stopped halfway.
  if (pending?.kind !== 'smartAccount') return undefined
  return completeRotation(steps, pending.address).catch(() => undefined)
}
