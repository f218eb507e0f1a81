import { formatEther, formatUnits } from 'viem'
import { h } from './dom.ts'
import type { Moved } from './keys/eoa-move.ts'
import type { EoaMovePlan } from './keys/eoa-rotation.ts'
import { failureText } from './rotation-scene.ts'
import { type TaskCard, taskCard } from './task-card.ts'
import type { Tasks } from './tasks.ts'

/** What the card lists or does; see `askEoaRotation`. */
export interface EoaRotationCard {
  oldAddress: string
  /** Read when the card opens: undefined while the services have not read the address's past. */
  loadPlan(): Promise<EoaMovePlan | undefined>
  /**
   * The new address of a rotation a closed tab left after its start: what is left moves there, or
   * the user switches without it.
   */
  resumingTo?: string | undefined
  /**
   * Rotates (or, resuming, moves what is left and switches), calling `decide` when some token did not
   * move: 'retry' sends those again, 'switch' moves the ETH and switches without them. Answers the
   * new address and the whole report.
   */
  rotate(plan: EoaMovePlan, decide: (report: Moved[]) => Promise<'retry' | 'switch'>): Promise<RotationResult>
  /** Resuming only: switches to the new address, leaving what is at the old one there. */
  switchWithout(): Promise<RotationResult>
}

type RotationResult = { address: string; report: Moved[] }

function assetLabel(asset: Moved['asset']): string {
  switch (asset.kind) {
    case 'eth':
      return `${formatEther(asset.amount)} ETH`
    case 'erc20':
      return asset.decimals === undefined
        ? `${asset.amount} (smallest units) of ${asset.name}`
        : `${formatUnits(asset.amount, asset.decimals)} ${asset.name}`
    case 'erc721':
      return `${asset.name} #${asset.tokenId}`
    case 'erc1155':
      return `${asset.amount} × ${asset.name} #${asset.tokenId}`
  }
}

const reportList = (report: Moved[]) =>
  h(
    'ul',
    { 'aria-label': 'What moved' },
    ...report.map((line) =>
      h(
        'li',
        {},
        line.moved
          ? `Moved: ${assetLabel(line.asset)}`
          : `Not moved: ${assetLabel(line.asset)} — ${line.reason} It stays at your old address.`,
      ),
    ),
  )

const INDEXING =
  'The services are still reading the history of your current address, so the list of what it holds would be incomplete. It shows here as soon as they are done.'
/** How soon the card asks again while the services' index of the address is incomplete. */
const READ_AGAIN_MS = 2_000

/**
 * "Make recovery yours alone" for an EOA: the card first reads what the old address holds (waiting
 * while the services' index of it is incomplete), then lists what moves to the new address (each
 * token, each NFT, then the ETH less the fees); the click on Approve is the user's one approval of all
 * the transfers. A transfer that fails is shown, and the user tries again or switches without it; the
 * card ends with what moved and the new address. Resuming a move a closed tab stopped, it lists what
 * is still at the old address and moves it, or switches without it at the user's word. Answers true
 * once done, false on Cancel.
 */
export function askEoaRotation(
  tasks: Tasks,
  request: { messageId: string; origin: string },
  rotation: EoaRotationCard,
): Promise<boolean> {
  return tasks.run<boolean>(request.messageId, request.origin, (finish) => (root) => {
    let stop = () => {}
    const showCard = (card: { show(root: HTMLElement): () => void }) => {
      stop()
      stop = card.show(root)
    }
    const cancel = { label: 'Cancel', run: () => finish({ value: false }) }
    const done = (outcome: { ok: true; value: RotationResult } | { ok: false }) => {
      if (outcome.ok) showCard(doneCard(outcome.value, () => finish({ value: true })))
    }
    let readAgain: ReturnType<typeof setTimeout> | undefined
    // Only the latest read may show its answer: a click on Try again overtakes a read on its own.
    let latest = 0
    let closed = false
    const answered = (read: number, plan: EoaMovePlan | undefined) => {
      if (closed || read !== latest) return
      if (plan) {
        showCard(planCard(plan))
        return
      }
      reading.say(INDEXING)
      // Quietly, so the status line does not flicker while the services finish.
      readAgain = setTimeout(() => {
        const read = ++latest
        rotation.loadPlan().then(
          (plan) => answered(read, plan),
          (error: unknown) => !closed && read === latest && reading.say(failureText(error)),
        )
      }, READ_AGAIN_MS)
    }
    const load = () => {
      clearTimeout(readAgain)
      const read = ++latest
      void reading
        .attempt('Reading what your current address holds…', rotation.loadPlan, failureText)
        .then((outcome) => outcome.ok && answered(read, outcome.value))
    }
    const reading = taskCard(
      'rotation-title',
      'Make recovery yours alone',
      [h('p', {}, 'Your current address:'), h('p', { class: 'address' }, rotation.oldAddress)],
      [cancel, { label: 'Try again', primary: true, run: load }],
    )
    const planCard = (plan: EoaMovePlan): TaskCard => {
      const decide = (report: Moved[]) =>
        new Promise<'retry' | 'switch'>((answer) => {
          showCard(
            taskCard(
              'rotation-partial-title',
              'Some assets did not move',
              [reportList(report)],
              [
                { label: 'Switch without them', run: () => answer('switch') },
                { label: 'Try again', primary: true, run: () => answer('retry') },
              ],
            ),
          )
        }).finally(() => showCard(view))
      const approve = {
        label: 'Approve',
        primary: true,
        run: () =>
          void view
            .attempt('Moving your assets…', () => rotation.rotate(plan, decide), failureText)
            .then(done),
      }
      const switchWithout = {
        label: 'Switch without them',
        run: () => void view.attempt('Switching…', rotation.switchWithout, failureText).then(done),
      }
      const view = rotation.resumingTo
        ? taskCard(
            'rotation-title',
            'Finish moving to your new address',
            resumeText(plan, rotation.resumingTo),
            [cancel, switchWithout, approve],
          )
        : taskCard('rotation-title', 'Make recovery yours alone', planText(plan, rotation.oldAddress), [
            cancel,
            approve,
          ])
      return view
    }
    showCard(reading)
    load()
    return () => {
      closed = true
      clearTimeout(readAgain)
      stop()
    }
  })
}

const whatMoves = (plan: EoaMovePlan) => {
  const ethLeft = plan.ethBalance > plan.feeReserve ? plan.ethBalance - plan.feeReserve : 0n
  return h(
    'ul',
    { 'aria-label': 'What will move' },
    ...plan.holdings.map((holding) => h('li', {}, assetLabel(holding))),
    h('li', {}, `About ${formatEther(ethLeft)} ETH, after fees`),
  )
}

const planText = (plan: EoaMovePlan, oldAddress: string) => [
  h(
    'p',
    {},
    'Your wallet moves to a new address whose key only your passkey can recover. Recovery shares issued before, including the one this app held, stop working.',
  ),
  h('p', {}, 'Approving makes a passkey, then sends these from your current address to the new one:'),
  whatMoves(plan),
  h('p', {}, 'Your current address:'),
  h('p', { class: 'address' }, oldAddress),
]

const resumeText = (plan: EoaMovePlan, newAddress: string) => [
  h(
    'p',
    {},
    'Your key change stopped before everything moved. Approving sends what is still at your current address to your new one, then switches:',
  ),
  whatMoves(plan),
  h('p', {}, 'Your new address:'),
  h('p', { class: 'address' }, newAddress),
]

function doneCard(result: { address: string; report: Moved[] }, done: () => void) {
  return taskCard(
    'rotation-done-title',
    'Your wallet has a new address',
    [
      reportList(result.report),
      h('p', {}, 'Your new address:'),
      h('p', { class: 'address' }, result.address),
    ],
    [{ label: 'Done', primary: true, run: done }],
  )
}
