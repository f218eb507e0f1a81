import type { Address } from 'viem'
import type { ChainRead } from './chain-read.ts'
import { askEoaRotation } from './eoa-rotation-scene.ts'
import type { KeyCall, ShareStore } from './keys/custody.ts'
import { ETH_TRANSFER_GAS, feeReserve, type Holding, planTokenTransfers } from './keys/eoa-assets.ts'
import { chainClient, findHoldings } from './keys/eoa-holdings.ts'
import { type EoaMove, type Moved, moveEth, moveTokens } from './keys/eoa-move.ts'
import { createRecoveryPasskey } from './keys/passkey.ts'
import { finishPendingRotation, rotateKey } from './keys/rotation.ts'
import type { WithKey } from './keys/sign-request.ts'
import { fillTransaction } from './keys/transaction.ts'
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

/** What the frame's ROTATE_KEY hands over for an EOA user. */
export interface EoaRotation {
  tasks: Tasks
  request: { messageId: string; origin: string }
  call: KeyCall
  store: ShareStore
  recordOf(address: Address): string
  email: string
  owner: Address
  chainId: number
  read: ChainRead
  withOldKey: WithKey
}

/**
 * Moves an EOA user to a new key and address: finds what the old address holds on chain, lists it
 * in the frame's card, and on the user's one Approve sends each token, then the ETH, to the new
 * address with the old key; the services switch after. Answers the new address, or undefined on Cancel.
 */
export async function rotateEoaKey(steps: EoaRotation): Promise<Address | undefined> {
  const { call, store, recordOf, owner, read } = steps
  const resumed = await finishPendingRotation(call, store, recordOf, owner)
  if (resumed) return resumed.address
  const [holdings, ethBalance, fees] = await Promise.all([
    findHoldings(read, owner),
    chainClient(read).getBalance({ address: owner }),
    fillTransaction(
      { to: owner, value: 0n, gas: ETH_TRANSFER_GAS },
      { address: owner, chainId: steps.chainId },
      read,
    ),
  ])
  const transfers = planTokenTransfers(owner, owner, holdings)
  const plan = { holdings, ethBalance, feeReserve: feeReserve(transfers, fees.maxFeePerGas ?? 0n) }
  let rotatedTo: Address | undefined
  await askEoaRotation(steps.tasks, { ...steps.request, oldAddress: owner }, plan, async (decide) => {
    let report: Moved[] = []
    const user = await rotateKey({
      call,
      store,
      recordOf,
      email: steps.email,
      kind: 'eoa',
      oldAddress: owner,
      withOldKey: steps.withOldKey,
      makePasskey: (newAddress) => createRecoveryPasskey(steps.email, newAddress),
      move: async (newAddress) => {
        const move = {
          from: owner,
          to: newAddress,
          chainId: steps.chainId,
          read,
          withOldKey: steps.withOldKey,
        }
        report = await moveUntilDecided(move, holdings, decide)
        report.push(await moveEth(move))
      },
    })
    rotatedTo = user.address
    return { address: user.address, report }
  })
  return rotatedTo
}

/** Sends the tokens; while some fail, the user says whether to try those again or switch without them. */
async function moveUntilDecided(
  move: EoaMove,
  holdings: Holding[],
  decide: (report: Moved[]) => Promise<'retry' | 'switch'>,
): Promise<Moved[]> {
  const moved: Moved[] = []
  let left = holdings
  for (;;) {
    const report = await moveTokens(move, left)
    moved.push(...report.filter((line) => line.moved))
    const failed = report.filter((line) => !line.moved)
    if (failed.length === 0 || (await decide([...moved, ...failed])) === 'switch')
      return [...moved, ...failed]
    left = failed.map((line) => line.asset as Holding)
  }
}
