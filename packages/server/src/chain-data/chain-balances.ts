import { type Address, erc20Abi, type PublicClient, parseAbi } from 'viem'
import { askNode, batchingNodeClient, ChainUnavailableError, nodeUnreachable } from './node.ts'

/** Where Multicall3 lives on every chain it was deployed to with its keyless transaction. */
const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

// Multicall3's own getEthBalance and an ERC-20's balanceOf, so both kinds of call share one ABI.
const balanceAbi = parseAbi([
  'function getEthBalance(address addr) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
])

// A balanceOf call is 36 bytes of calldata: about 300 per aggregate3, far inside the gas a node
// allows an eth_call; more tokens go in further aggregate3 calls of the same JSON-RPC batch.
const MULTICALL_CHUNK_BYTES = 300 * 36
// Providers cap how many calls one JSON-RPC batch may hold; 100 is under every common cap.
const JSON_RPC_BATCH_SIZE = 100

/** An account's balances as the chain says them: the native coin's, and each token's that answered. */
export interface ChainBalances {
  native: bigint
  /** By token address as asked; a token whose call reverted or answered garbage is absent. */
  tokens: Map<string, bigint>
}

/**
 * Reads an account's native balance and its `balanceOf` at many ERC-20s in one round trip to the
 * node: one `aggregate3` through Multicall3 where the chain has it (asked once per reader), else a
 * JSON-RPC batch of `eth_getBalance` and one `eth_call` per token. A token that reverts or answers
 * something other than a uint256 is left out; a node that cannot be reached is ChainUnavailableError.
 */
export class ChainBalanceReader {
  private readonly client: PublicClient
  private multicall3: Promise<boolean> | undefined

  constructor(rpcUrl: string) {
    this.client = batchingNodeClient(rpcUrl, JSON_RPC_BATCH_SIZE)
  }

  async read(holder: string, tokens: readonly string[]): Promise<ChainBalances> {
    return (await this.hasMulticall3())
      ? this.readThroughMulticall3(holder as Address, tokens)
      : this.readInBatch(holder as Address, tokens)
  }

  /** Whether the chain has code at Multicall3's address; an unanswered question is asked again. */
  private hasMulticall3(): Promise<boolean> {
    if (!this.multicall3) {
      const asked = askNode(this.client.getCode({ address: MULTICALL3_ADDRESS })).then(
        (code) => code !== undefined && code !== '0x',
      )
      asked.catch(() => {
        if (this.multicall3 === asked) this.multicall3 = undefined
      })
      this.multicall3 = asked
    }
    return this.multicall3
  }

  private async readThroughMulticall3(holder: Address, tokens: readonly string[]): Promise<ChainBalances> {
    const [native, ...held] = await askNode(
      this.client.multicall({
        multicallAddress: MULTICALL3_ADDRESS,
        batchSize: MULTICALL_CHUNK_BYTES,
        allowFailure: true,
        contracts: [
          {
            address: MULTICALL3_ADDRESS,
            abi: balanceAbi,
            functionName: 'getEthBalance' as const,
            args: [holder],
          },
          ...tokens.map((token) => ({
            address: token as Address,
            abi: balanceAbi,
            functionName: 'balanceOf' as 'balanceOf' | 'getEthBalance',
            args: [holder] as const,
          })),
        ],
      }),
    )
    // With failures allowed, a lost node shows as every call failing rather than as a throw.
    for (const outcome of [native, ...held]) {
      if (outcome?.status === 'failure' && nodeUnreachable(outcome.error))
        throw new ChainUnavailableError(outcome.error)
    }
    if (native?.status !== 'success')
      throw native?.error ?? new Error('Multicall3 answered no native balance')
    return { native: native.result, tokens: answered(tokens, held) }
  }

  private async readInBatch(holder: Address, tokens: readonly string[]): Promise<ChainBalances> {
    // Started in the same tick, so the transport sends them as one batch.
    const [native, ...held] = await Promise.allSettled([
      askNode(this.client.getBalance({ address: holder })),
      ...tokens.map((token) =>
        askNode(
          this.client.readContract({
            address: token as Address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [holder],
          }),
        ),
      ),
    ])
    for (const outcome of [native, ...held]) {
      if (outcome?.status === 'rejected' && outcome.reason instanceof ChainUnavailableError)
        throw outcome.reason
    }
    if (native?.status !== 'fulfilled') throw native?.reason
    return {
      native: native.value,
      tokens: answered(
        tokens,
        held.map((outcome) =>
          outcome.status === 'fulfilled'
            ? { status: 'success', result: outcome.value }
            : { status: 'failure' },
        ),
      ),
    }
  }
}

function answered(
  tokens: readonly string[],
  outcomes: readonly ({ status: 'success'; result: bigint } | { status: 'failure' })[],
): Map<string, bigint> {
  const balances = new Map<string, bigint>()
  tokens.forEach((token, index) => {
    const outcome = outcomes[index]
    if (outcome?.status === 'success') balances.set(token, outcome.result)
  })
  return balances
}
