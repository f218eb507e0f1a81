import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoTokenAbi, startAnvil } from '@portico/contracts'
import { compileContracts, demoCollectionAbi, freePort } from '@portico/contracts/testing'
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  type Hash,
  type Hex,
  numberToHex,
  pad,
  parseEther,
} from 'viem'

/**
 * Forwards the value it is sent to the address in its calldata, emitting no log: ETH that only a
 * trace shows. Runtime `CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0); STOP`.
 */
const FORWARDER_CODE: Hex = '0x6010600c60003960106000f36000600060006000346000355af15000'
const WHALES = 16
// Under anvil's 30M block gas limit at the gas limits below.
const PER_BLOCK = 350
const TOKEN_GAS = numberToHex(65_000)
const MINT_GAS = numberToHex(250_000)
const ETH_GAS = numberToHex(30_000)

export interface BusyChainSize {
  /** Addresses the background transfers go to. */
  addresses: number
  /** Background transfers (one in ten moves ETH, the rest the token). */
  transfers: number
  /** Blocks the history is spread over. */
  blocks: number
  /** The target's token transfers, in and out. */
  targetTransfers: number
  /** Busy addresses watched besides the target. */
  watched: number
}

interface Tx {
  from: Address
  to: Address
  value?: bigint
  data?: Hex
  gas?: Hex
}

/**
 * An anvil with its own chain id and contracts only this bench deployed (a token, an NFT
 * collection, a forwarder), made busy: background transfers among many addresses spread over many
 * blocks, and a target account with token, ETH (plain and through the forwarder) and NFT history.
 * Every sender is impersonated, so no keys are needed and nothing waits for signatures.
 */
export class BusyChain {
  readonly token: Address
  readonly collection: Address
  readonly target: Address = address(0xa11ce)
  /** The busy addresses watched besides the target. */
  readonly watched: Address[]
  /** The target's transactions that move the token or an NFT. */
  readonly targetTokenHashes = new Set<Hash>()
  /** The target's transactions that move ETH only (plain, or through the forwarder). */
  readonly targetNativeHashes = new Set<Hash>()
  /** The NFTs the target holds. */
  readonly heldNfts = new Set<string>()
  /** Transfers with a watched account on either side, the target's included. */
  ownTransfers = 0
  private readonly whales = Array.from({ length: WHALES }, (_, index) => address(0xfeed00 + index))
  private readonly nonces = new Map<Address, number>()
  private readonly watchedSet: Set<Address>
  private readonly forwarder: Address
  private nextNft = 1n
  /** An NFT minted to the target in an earlier block, to send away in a later one. */
  private leaving: bigint | undefined
  private sent = 0

  private constructor(
    readonly rpcUrl: string,
    readonly chainId: number,
    private readonly stopAnvil: () => Promise<void>,
    private readonly minter: Address,
    contracts: { token: Address; collection: Address; forwarder: Address },
    readonly size: BusyChainSize,
  ) {
    this.token = contracts.token
    this.collection = contracts.collection
    this.forwarder = contracts.forwarder
    this.watched = Array.from({ length: size.watched }, (_, index) => this.busy(index))
    this.watchedSet = new Set(this.watched)
  }

  static async start(chainId: number, size: BusyChainSize): Promise<BusyChain> {
    const cacheDir = await mkdtemp(join(tmpdir(), 'portico-bench-busy-'))
    const anvil = await startAnvil({ port: await freePort(), chainId })
    const stop = async () => {
      await anvil.stop()
      await rm(cacheDir, { recursive: true, force: true })
    }
    try {
      await call(anvil.rpcUrl, 'anvil_autoImpersonateAccount', [true])
      const compiled = await compileContracts({ cacheDir })
      const deployer = address(0xde9107)
      await call(anvil.rpcUrl, 'anvil_setBalance', [deployer, numberToHex(parseEther('1000'))])
      const deploy = async (data: Hex) => {
        const hash = (await call(anvil.rpcUrl, 'eth_sendTransaction', [{ from: deployer, data }])) as Hash
        // Automine answers the send before the block is in on a loaded machine.
        for (;;) {
          const receipt = (await call(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash])) as {
            contractAddress: Address
          } | null
          if (receipt) return receipt.contractAddress
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      }
      const token = await deploy(
        encodeDeployData({
          abi: demoTokenAbi,
          bytecode: compiled.DemoToken?.bytecode ?? '0x',
          args: ['Bench Dollar', 'BUSD', 6],
        }),
      )
      const collection = await deploy(
        encodeDeployData({
          abi: demoCollectionAbi,
          bytecode: compiled.DemoCollection?.bytecode ?? '0x',
          args: ['Bench Birds', 'BIRD', 'Birds of a busy chain'],
        }),
      )
      const forwarder = await deploy(FORWARDER_CODE)
      return new BusyChain(anvil.rpcUrl, chainId, stop, deployer, { token, collection, forwarder }, size)
    } catch (error) {
      await stop()
      throw error
    }
  }

  rpc(method: string, params: unknown[]): Promise<unknown> {
    return call(this.rpcUrl, method, params)
  }

  async head(): Promise<number> {
    return Number(BigInt((await this.rpc('eth_blockNumber', [])) as string))
  }

  /** The background and the target's past, spread over `size.blocks` blocks two seconds apart. */
  async prefill(): Promise<void> {
    const { transfers, blocks, targetTransfers } = this.size
    const funded = [...this.whales, this.target]
    await Promise.all(
      funded.map((who) => this.rpc('anvil_setBalance', [who, numberToHex(parseEther('1000000'))])),
    )
    // The minter deployed the contracts; everyone else starts at nonce 0.
    const deployed = (await this.rpc('eth_getTransactionCount', [this.minter, 'latest'])) as Hex
    this.nonces.set(this.minter, Number(BigInt(deployed)))
    await this.rpc('evm_setAutomine', [false])
    await this.mineBlock([
      ...this.whales.map((to) => this.tokenCall(this.minter, to, 10n ** 15n, 'mint')),
      this.targetTx(this.tokenCall(this.minter, this.target, 10n ** 12n, 'mint'), 'token'),
    ])
    const episodes = Math.max(1, Math.ceil(transfers / PER_BLOCK))
    const gap = Math.max(0, Math.floor(blocks / episodes) - 1)
    for (let episode = 0; episode < episodes; episode++) {
      const background = Math.min(PER_BLOCK, transfers - episode * PER_BLOCK)
      const txs = this.background(background)
      const share =
        Math.floor(((episode + 1) * targetTransfers) / episodes) -
        Math.floor((episode * targetTransfers) / episodes)
      txs.push(...this.targetPast(episode, share))
      await this.mineBlock(txs)
      // In slices: thousands of blocks in one call outlast fetch's header timeout on a loaded machine.
      for (let mined = 0; mined < gap; mined += 200)
        await this.rpc('anvil_mine', [numberToHex(Math.min(200, gap - mined)), numberToHex(2)])
    }
  }

  /** One block of `count` background transfers, `toTarget` of them to the target; its number. */
  async loadBlock(count: number, toTarget: number): Promise<void> {
    const txs = this.background(count - toTarget)
    for (let index = 0; index < toTarget; index++) txs.push(this.targetToken(index % 2 === 0))
    await this.mineBlock(txs)
  }

  /** A plain ETH transfer to the target in a block of its own. */
  async sendEthToTarget(): Promise<Hash> {
    const tx = this.targetTx(
      { from: this.whales[1] as Address, to: this.target, value: parseEther('0.01') },
      'native',
    )
    const [hash] = await this.mineBlock([tx])
    return hash as Hash
  }

  async stop(): Promise<void> {
    await this.stopAnvil()
  }

  private busy(index: number): Address {
    return address(0x1000000 + index)
  }

  private background(count: number): Tx[] {
    const txs: Tx[] = []
    for (let index = 0; index < count; index++) {
      const n = this.sent++
      const from = this.whales[n % WHALES] as Address
      const to = this.busy((n * 7919) % this.size.addresses)
      if (this.watchedSet.has(to)) this.ownTransfers++
      txs.push(
        n % 10 === 0
          ? { from, to, value: 1_000_000_000n + BigInt(n) }
          : this.tokenCall(from, to, 1_000n + BigInt(n), 'transfer'),
      )
    }
    return txs
  }

  /** The target's share of one prefill block: token in and out, now and then ETH and NFTs. */
  private targetPast(episode: number, tokenTransfers: number): Tx[] {
    const txs: Tx[] = []
    for (let index = 0; index < tokenTransfers; index++)
      txs.push(this.targetToken((episode + index) % 2 === 0))
    const whale = this.whales[episode % WHALES] as Address
    if (episode % 5 === 0)
      txs.push(this.targetTx({ from: whale, to: this.target, value: parseEther('1') }, 'native'))
    if (episode % 5 === 1)
      txs.push(
        this.targetTx({ from: this.target, to: this.busy(episode), value: parseEther('0.1') }, 'native'),
      )
    if (episode % 5 === 2)
      txs.push(
        this.targetTx(
          { from: whale, to: this.forwarder, value: parseEther('0.5'), data: pad(this.target) },
          'native',
        ),
      )
    if (episode % 4 === 0) {
      const id = this.nextNft++
      this.heldNfts.add(String(id))
      txs.push(this.targetTx(this.nftCall(this.minter, 'mint', [this.target]), 'token'))
      // Every third NFT leaves again, in a later block than its mint.
      if (this.leaving !== undefined) {
        this.heldNfts.delete(String(this.leaving))
        txs.push(
          this.targetTx(
            this.nftCall(this.target, 'transferFrom', [this.target, whale, this.leaving]),
            'token',
          ),
        )
      }
      this.leaving = id % 3n === 0n ? id : undefined
    }
    return txs
  }

  private targetToken(incoming: boolean): Tx {
    const whale = this.whales[this.sent % WHALES] as Address
    return this.targetTx(
      incoming
        ? this.tokenCall(whale, this.target, 5_000_000n, 'transfer')
        : this.tokenCall(this.target, whale, 1_000_000n, 'transfer'),
      'token',
    )
  }

  private pendingKinds = new Map<Tx, 'token' | 'native'>()

  private targetTx(tx: Tx, kind: 'token' | 'native'): Tx {
    this.ownTransfers++
    this.pendingKinds.set(tx, kind)
    return tx
  }

  private tokenCall(from: Address, to: Address, amount: bigint, functionName: 'transfer' | 'mint'): Tx {
    return {
      from,
      to: this.token,
      data: encodeFunctionData({ abi: demoTokenAbi, functionName, args: [to, amount] }),
      ...(functionName === 'mint' ? { gas: MINT_GAS } : {}),
    }
  }

  private nftCall(from: Address, functionName: 'mint' | 'transferFrom', args: unknown[]): Tx {
    return {
      from,
      to: this.collection,
      data: encodeFunctionData({ abi: demoCollectionAbi, functionName, args } as never),
      gas: MINT_GAS,
    }
  }

  /** Sends `txs` as one JSON-RPC batch with explicit nonces, mines them into one block, returns their hashes. */
  private async mineBlock(txs: Tx[]): Promise<Hash[]> {
    const calls = txs.map((tx) => {
      const nonce = this.nonces.get(tx.from) ?? 0
      this.nonces.set(tx.from, nonce + 1)
      return {
        method: 'eth_sendTransaction',
        params: [
          {
            from: tx.from,
            to: tx.to,
            nonce: numberToHex(nonce),
            gas: tx.gas ?? (tx.data ? TOKEN_GAS : ETH_GAS),
            value: numberToHex(tx.value ?? 0n),
            ...(tx.data ? { data: tx.data } : {}),
          },
        ],
      }
    })
    const hashes = (await batch(this.rpcUrl, calls)) as Hash[]
    txs.forEach((tx, index) => {
      const kind = this.pendingKinds.get(tx)
      if (!kind) return
      this.pendingKinds.delete(tx)
      ;(kind === 'token' ? this.targetTokenHashes : this.targetNativeHashes).add(hashes[index] as Hash)
    })
    await this.rpc('evm_mine', [])
    return hashes
  }
}

function address(n: number): Address {
  return pad(numberToHex(n), { size: 20 })
}

async function call(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const [result] = await batch(rpcUrl, [{ method, params }])
  return result
}

/** One HTTP request with every call; throws on the first error. */
async function batch(
  rpcUrl: string,
  calls: Array<{ method: string; params: unknown[] }>,
): Promise<unknown[]> {
  const results: unknown[] = []
  // Anvil answers big batches, but one of tens of thousands would hold a single request for long.
  for (let start = 0; start < calls.length; start += 500) {
    const slice = calls.slice(start, start + 500)
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(slice.map((c, index) => ({ jsonrpc: '2.0', id: index, ...c }))),
    })
    const answers = (await response.json()) as Array<{
      id: number
      result?: unknown
      error?: { message: string }
    }>
    for (const answer of answers.sort((a, b) => a.id - b.id)) {
      if (answer.error) throw new Error(`${slice[answer.id]?.method}: ${answer.error.message}`)
      results.push(answer.result)
    }
  }
  return results
}
