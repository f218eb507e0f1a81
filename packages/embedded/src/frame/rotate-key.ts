import type { Address } from 'viem'
import type { KeyCall, ShareStore } from './keys/custody.ts'
import { createRecoveryPasskey } from './keys/passkey.ts'
import { finishPendingRotation, rotateKey } from './keys/rotation.ts'
import type { WithKey } from './keys/sign-request.ts'
import { askRotation } from './rotation-scene.ts'
import { setOwnerCall } from './smart-account/accounts.ts'
import type { Tasks } from './tasks.ts'

/** What the frame's ROTATE_KEY hands over, so the rotation's code stays out of the first load. */
export interface SmartAccountRotation {
  tasks: Tasks
  request: { messageId: string; origin: string }
  call: KeyCall
  store: ShareStore
  recordOf(address: Address): string
  email: string
  /** The current key's address, and the smart account it owns. */
  owner: Address
  account: Address
  withOldKey: WithKey
  /** Sends calls from the smart account, signed by the old key, and waits until they are mined. */
  sendFromAccount(call: { to: Address; value: bigint; data: `0x${string}` }): Promise<void>
}

/**
 * Moves a smart account to a new key: finishes a rotation a closed tab left half-done, or asks the
 * user in the frame's card and rotates. Answers the new key's address, or undefined when the user
 * chose Cancel.
 */
export async function rotateSmartAccountKey(steps: SmartAccountRotation): Promise<Address | undefined> {
  const { call, store, recordOf, owner, account } = steps
  const resumed = await finishPendingRotation(call, store, recordOf, owner)
  if (resumed) return resumed.address
  let rotatedTo: Address | undefined
  await askRotation(steps.tasks, { ...steps.request, account }, async () => {
    const next = await rotateKey({
      call,
      store,
      recordOf,
      email: steps.email,
      kind: 'smartAccount',
      oldAddress: owner,
      withOldKey: steps.withOldKey,
      makePasskey: (newAddress) => createRecoveryPasskey(steps.email, newAddress),
      move: (newAddress) => steps.sendFromAccount({ to: account, value: 0n, data: setOwnerCall(newAddress) }),
    })
    rotatedTo = next.address
  })
  return rotatedTo
}
