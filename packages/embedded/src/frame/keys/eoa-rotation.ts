import type { Address } from 'viem'
import type { KeyCall } from './custody.ts'
import { ETH_TRANSFER_GAS, feeReserve, type Holding, planTokenTransfers } from './eoa-assets.ts'
import { chainClient, findHoldings, touchedTokens } from './eoa-holdings.ts'
import { type EoaMove, type Moved, moveEth, moveTokens } from './eoa-move.ts'
import { fillTransaction } from './transaction.ts'

/** What the card lists before the user approves: every asset found, and the ETH after fees. */
export interface EoaMovePlan {
  holdings: Holding[]
  ethBalance: bigint
  /** The most all the move's transactions can cost. */
  feeReserve: bigint
}

/** What an EOA's move reads and signs with: the old address, its chain, the old key. */
export type EoaSource = Omit<EoaMove, 'to'> & { call: KeyCall }

/**
 * What the old address holds now: the tokens the services' index saw it receive, each amount read
 * from the chain, and its ETH. Undefined while the services have not read the address's past.
 */
export async function planEoaMove(source: EoaSource): Promise<EoaMovePlan | undefined> {
  const { from, read } = source
  const touched = await touchedTokens(source.call)
  if (!touched) return undefined
  const [holdings, ethBalance, fees] = await Promise.all([
    findHoldings(read, from, touched),
    chainClient(read).getBalance({ address: from }),
    fillTransaction(
      { to: from, value: 0n, gas: ETH_TRANSFER_GAS },
      { address: from, chainId: source.chainId },
      read,
    ),
  ])
  const transfers = planTokenTransfers(from, from, holdings)
  return { holdings, ethBalance, feeReserve: feeReserve(transfers, fees.maxFeePerGas ?? 0n) }
}

/** Whether the old address holds anything worth a transaction: a token, or ETH beyond the fees. */
export const holdsSomething = (plan: EoaMovePlan) =>
  plan.holdings.length > 0 || plan.ethBalance > plan.feeReserve

/**
 * Sends the tokens, then the ETH, to `to`; while some token fails, the user says whether to try
 * those again or go on without them (they stay at the old address). Answers what became of each.
 */
export async function moveEoaAssets(
  source: EoaSource,
  to: Address,
  holdings: Holding[],
  decide: (report: Moved[]) => Promise<'retry' | 'switch'>,
): Promise<Moved[]> {
  const move: EoaMove = {
    from: source.from,
    to,
    chainId: source.chainId,
    read: source.read,
    withOldKey: source.withOldKey,
  }
  const moved: Moved[] = []
  let left = holdings
  for (;;) {
    const report = await moveTokens(move, left)
    moved.push(...report.filter((line) => line.moved))
    const failed = report.filter((line) => !line.moved)
    if (failed.length === 0 || (await decide([...moved, ...failed])) === 'switch')
      return [...moved, ...failed, await moveEth(move)]
    left = failed.map((line) => line.asset as Holding)
  }
}
