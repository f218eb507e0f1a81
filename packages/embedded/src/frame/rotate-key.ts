import type { Address } from 'viem'
import type { ChainRead } from './chain-read.ts'
import { askEoaRotation } from './eoa-rotation-scene.ts'
import type { KeyCall, ShareStore } from './keys/custody.ts'
import type { Moved } from './keys/eoa-move.ts'
import { type EoaSource, holdsSomething, moveEoaAssets, planEoaMove } from './keys/eoa-rotation.ts'
import { createRecoveryPasskey } from './keys/passkey.ts'
import {
  completeRotation,
  finishPendingRotation,
  pendingRotationOf,
  type RotationSteps,
  rotateKey,
} from './keys/rotation.ts'
import type { WithKey } from './keys/sign-request.ts'
import { askRotation } from './rotation-scene.ts'
import { setOwnerCall } from './smart-account/accounts.ts'
import type { Tasks } from './tasks.ts'

/** What the frame's ROTATE_KEY hands over, so the rotation's code stays out of the first load. */
export interface Rotation {
  tasks: Tasks
  request: { messageId: string; origin: string }
  call: KeyCall
  store: ShareStore
  recordOf(address: Address): string
  email: string
  /** The current key's address. */
  owner: Address
  withOldKey: WithKey
}

/**
 * How the wallet reaches the new key, the one thing the two kinds differ in: a smart account keeps
 * its address and the old key hands it over (`setOwner`); an EOA's assets move to the new address.
 */
export type RotatedWallet =
  | {
      kind: 'smartAccount'
      account: Address
      /** Sends calls from the smart account, signed by the old key, and waits until they are mined. */
      sendFromAccount(call: { to: Address; value: bigint; data: `0x${string}` }): Promise<void>
    }
  | { kind: 'eoa'; chainId: number; read: ChainRead }

/**
 * Moves the user's wallet to a new key, asked in the frame's card. Answers the new key's address, or
 * undefined when the user chose Cancel.
 */
export function rotateWalletKey(rotation: Rotation, wallet: RotatedWallet): Promise<Address | undefined> {
  return wallet.kind === 'smartAccount' ? rotateSmartAccount(rotation, wallet) : rotateEoa(rotation, wallet)
}

const stepsOf = (
  rotation: Rotation,
  kind: RotationSteps['kind'],
  move: RotationSteps['move'],
): RotationSteps => ({
  call: rotation.call,
  store: rotation.store,
  recordOf: rotation.recordOf,
  email: rotation.email,
  kind,
  oldAddress: rotation.owner,
  withOldKey: rotation.withOldKey,
  makePasskey: (newAddress) => createRecoveryPasskey(rotation.email, newAddress),
  move,
})

/** A closed tab's rotation whose owner change is on chain is finished; else the card asks. */
async function rotateSmartAccount(
  rotation: Rotation,
  wallet: Extract<RotatedWallet, { kind: 'smartAccount' }>,
): Promise<Address | undefined> {
  const resumed = await finishPendingRotation(stepsOf(rotation, 'smartAccount', async () => {}))
  if (resumed) return resumed.address
  let rotatedTo: Address | undefined
  await askRotation(rotation.tasks, { ...rotation.request, account: wallet.account }, async () => {
    const handOver = (newAddress: Address) =>
      wallet.sendFromAccount({ to: wallet.account, value: 0n, data: setOwnerCall(newAddress) })
    rotatedTo = (await rotateKey(stepsOf(rotation, 'smartAccount', handOver))).address
  })
  return rotatedTo
}

/**
 * An EOA user gets a new address: the card lists what the old one holds and, on the one Approve,
 * each token then the ETH is sent there with the old key; the services switch after. A rotation a
 * closed tab left after its start is resumed, never replaced (its new address may hold part of the
 * assets already): what is still at the old address moves there first, unless the user switches
 * without it; with nothing left, it just finishes.
 */
async function rotateEoa(
  rotation: Rotation,
  wallet: Extract<RotatedWallet, { kind: 'eoa' }>,
): Promise<Address | undefined> {
  const source: EoaSource = {
    ...wallet,
    call: rotation.call,
    from: rotation.owner,
    withOldKey: rotation.withOldKey,
  }
  const pending = await pendingRotationOf(rotation.call)
  const resumingTo = pending?.kind === 'eoa' ? pending.address : undefined
  const steps = stepsOf(rotation, 'eoa', async () => {})
  if (resumingTo) {
    const left = await planEoaMove(source)
    if (left && !holdsSomething(left)) return (await completeRotation(steps, resumingTo)).address
  }
  let rotatedTo: Address | undefined
  const finished = (address: Address, report: Moved[]) => {
    rotatedTo = address
    return { address, report }
  }
  await askEoaRotation(rotation.tasks, rotation.request, {
    oldAddress: rotation.owner,
    resumingTo,
    loadPlan: () => planEoaMove(source),
    async rotate(plan, decide) {
      let report: Moved[] = []
      const move = async (to: Address) => {
        report = await moveEoaAssets(source, to, plan.holdings, decide)
      }
      const user = resumingTo
        ? await completeRotation(steps, resumingTo, move)
        : await rotateKey({ ...steps, move })
      return finished(user.address, report)
    },
    async switchWithout() {
      if (!resumingTo) throw new Error('No key change is waiting to be finished')
      return finished((await completeRotation(steps, resumingTo)).address, [])
    },
  })
  return rotatedTo
}
