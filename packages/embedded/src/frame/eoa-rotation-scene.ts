import { formatEther, formatUnits } from 'viem'
import { h } from './dom.ts'
import type { Holding } from './keys/eoa-assets.ts'
import type { Moved } from './keys/eoa-move.ts'
import { failureText } from './rotation-scene.ts'
import { taskCard } from './task-card.ts'
import type { Tasks } from './tasks.ts'

/** What the card lists before the user approves: every asset found, and the ETH after fees. */
export interface EoaMovePlan {
  holdings: Holding[]
  ethBalance: bigint
  /** The most all the move's transactions can cost. */
  feeReserve: bigint
}

/**
 * Rotates, calling `decide` when some token did not move: 'retry' sends those again, 'switch' moves
 * the ETH and switches without them. Answers the new address and the whole report.
 */
export type EoaRotationRun = (
  decide: (report: Moved[]) => Promise<'retry' | 'switch'>,
) => Promise<{ address: string; report: Moved[] }>

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

/**
 * "Make recovery yours alone" for an EOA: the card lists what moves to the new address (each token,
 * each NFT, then the ETH less the fees); the click on Approve is the user's one approval of all the
 * transfers. A transfer that fails is shown, and the user tries again or switches without it; the
 * card ends with what moved and the new address. Answers true once done, false on Cancel.
 */
export function askEoaRotation(
  tasks: Tasks,
  request: { messageId: string; origin: string; oldAddress: string },
  plan: EoaMovePlan,
  rotate: EoaRotationRun,
): Promise<boolean> {
  return tasks.run<boolean>(request.messageId, request.origin, (finish) => (root) => {
    let stop = () => {}
    const showCard = (card: { show(root: HTMLElement): () => void }) => {
      stop()
      stop = card.show(root)
    }
    const ethLeft = plan.ethBalance > plan.feeReserve ? plan.ethBalance - plan.feeReserve : 0n
    const items = plan.holdings.map((holding) => h('li', {}, assetLabel(holding)))
    const decide = (report: Moved[]) =>
      new Promise<'retry' | 'switch'>((answer) => {
        const card = taskCard(
          'rotation-partial-title',
          'Some assets did not move',
          [reportList(report)],
          [
            { label: 'Switch without them', run: () => answer('switch') },
            { label: 'Try again', primary: true, run: () => answer('retry') },
          ],
        )
        showCard(card)
      }).finally(() => showCard(view))
    const view = taskCard(
      'rotation-title',
      'Make recovery yours alone',
      [
        h(
          'p',
          {},
          'Your wallet moves to a new address whose key only your passkey can recover. Recovery shares issued before, including the one this app held, stop working.',
        ),
        h('p', {}, 'Approving makes a passkey, then sends these from your current address to the new one:'),
        h(
          'ul',
          { 'aria-label': 'What will move' },
          ...items,
          h('li', {}, `About ${formatEther(ethLeft)} ETH, after fees`),
        ),
        h('p', {}, 'Your current address:'),
        h('p', { class: 'address' }, request.oldAddress),
      ],
      [
        { label: 'Cancel', run: () => finish({ value: false }) },
        {
          label: 'Approve',
          primary: true,
          run: () =>
            void view
              .attempt('Moving your assets…', () => rotate(decide), failureText)
              .then((outcome) => {
                if (outcome.ok) showCard(doneCard(outcome.value, () => finish({ value: true })))
              }),
        },
      ],
    )
    showCard(view)
    return () => stop()
  })
}

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
