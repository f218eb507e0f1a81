import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS, demoTokenAbi, startAnvil } from '@portico/contracts'
import { compileContracts, demoCollectionAbi, freePort } from '@portico/contracts/testing'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  pad,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export const FOREIGN_CHAIN_ID = 8453

/**
 * Forwards the value it is sent to the address in its calldata, emitting no log: the transfer
 * only a trace shows. Runtime `CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0); STOP` behind
 * the usual copy-and-return constructor.
 */
const FORWARDER_CODE: Hex = '0x6010600c60003960106000f36000600060006000346000355af15000'

/** An anvil that is not Portico's: its own chain id, with contracts and history the test made. */
export interface ForeignChain {
  rpcUrl: string
  client: PublicClient
  token: Address
  collection: Address
  forwarder: Address
  /** The account whose past the services must find. */
  target: Address
  friend: Address
  /** Every transaction that moved value or tokens for the target (or was its approval), oldest first. */
  targetHashes: Hash[]
  /** The transaction whose ETH reached the target through the forwarder (no log, a trace only). */
  internalHash: Hash
  /** The target's NFTs now. */
  heldNfts: string[]
  sendToken(from: number, to: Address, amount: string): Promise<Hash>
  mine(blocks: number): Promise<void>
  /** The chain as it is now, to go back to: a test that adds to the target's past undoes it for the next backend's run. */
  snapshot(): Promise<Hex>
  revert(id: Hex): Promise<void>
  stop(): Promise<void>
}

export async function startForeignChain(): Promise<ForeignChain> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'portico-foreign-'))
  const anvil = await startAnvil({ port: await freePort(), chainId: FOREIGN_CHAIN_ID })
  try {
    const chain = defineChain({
      id: FOREIGN_CHAIN_ID,
      name: 'Foreign',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    const transport = http(anvil.rpcUrl)
    const client = createPublicClient({ chain, transport, pollingInterval: 20 }) as PublicClient
    const test = createTestClient({ mode: 'anvil', chain, transport })
    const wallet = (index: number) =>
      createWalletClient({
        account: privateKeyToAccount((DEV_ACCOUNTS[index] as { privateKey: Hex }).privateKey),
        chain,
        transport,
      })
    const mined = async (hash: Promise<Hash>) => {
      const receipt = await client.waitForTransactionReceipt({ hash: await hash })
      if (receipt.status !== 'success') throw new Error(`${receipt.transactionHash} reverted`)
      return receipt
    }
    const compiled = await compileContracts({ cacheDir })
    const deployer = wallet(0)
    const token = (
      await mined(
        deployer.deployContract({
          abi: demoTokenAbi,
          bytecode: compiled.DemoToken?.bytecode ?? '0x',
          args: ['Base Dollar', 'BUSD', 6],
        }),
      )
    ).contractAddress as Address
    const collection = (
      await mined(
        deployer.deployContract({
          abi: demoCollectionAbi,
          bytecode: compiled.DemoCollection?.bytecode ?? '0x',
          args: ['Base Birds', 'BIRD', 'Birds of a foreign chain'],
        }),
      )
    ).contractAddress as Address
    const forwarder = (await mined(deployer.sendTransaction({ data: FORWARDER_CODE })))
      .contractAddress as Address

    const targetIndex = 3
    const friendIndex = 4
    const target = DEV_ACCOUNTS[targetIndex].address
    const friend = DEV_ACCOUNTS[friendIndex].address
    const sendToken = async (from: number, to: Address, amount: string) =>
      (
        await mined(
          wallet(from).writeContract({
            address: token,
            abi: demoTokenAbi,
            functionName: 'transfer',
            args: [to, parseUnits(amount, 6)],
          }),
        )
      ).transactionHash
    const mine = (blocks: number) => test.mine({ blocks })

    // History spread over many blocks, so ranges and trace spans are crossed.
    const hashes: Hash[] = []
    const record = async (hash: Promise<Hash>) => {
      hashes.push(await hash)
      await mine(120)
    }
    await record(
      mined(
        deployer.writeContract({
          address: token,
          abi: demoTokenAbi,
          functionName: 'mint',
          args: [target, parseUnits('1000', 6)],
        }),
      ).then((r) => r.transactionHash),
    )
    await mined(
      deployer.writeContract({
        address: token,
        abi: demoTokenAbi,
        functionName: 'mint',
        args: [friend, parseUnits('500', 6)],
      }),
    )
    await record(sendToken(targetIndex, friend, '250'))
    await record(sendToken(friendIndex, target, '40'))
    await record(
      mined(
        wallet(targetIndex).writeContract({
          address: token,
          abi: demoTokenAbi,
          functionName: 'approve',
          args: [friend, 10n],
        }),
      ).then((r) => r.transactionHash),
    )
    for (let minted = 0; minted < 3; minted++) {
      await record(
        mined(
          deployer.writeContract({
            address: collection,
            abi: demoCollectionAbi,
            functionName: 'mint',
            args: [target],
          }),
        ).then((r) => r.transactionHash),
      )
    }
    await record(
      mined(
        wallet(targetIndex).writeContract({
          address: collection,
          abi: demoCollectionAbi,
          functionName: 'transferFrom',
          args: [target, friend, 1n],
        }),
      ).then((r) => r.transactionHash),
    )
    await record(
      mined(wallet(friendIndex).sendTransaction({ to: target, value: parseEther('1') })).then(
        (r) => r.transactionHash,
      ),
    )
    const internalHash = (
      await mined(
        wallet(friendIndex).sendTransaction({ to: forwarder, value: parseEther('0.5'), data: pad(target) }),
      )
    ).transactionHash
    hashes.push(internalHash)
    await mine(120)
    await record(
      mined(wallet(targetIndex).sendTransaction({ to: friend, value: parseEther('0.25') })).then(
        (r) => r.transactionHash,
      ),
    )

    return {
      rpcUrl: anvil.rpcUrl,
      client,
      token,
      collection,
      forwarder,
      target: target.toLowerCase() as Address,
      friend: friend.toLowerCase() as Address,
      targetHashes: hashes,
      internalHash,
      heldNfts: ['2', '3'],
      sendToken,
      mine,
      snapshot: () => test.snapshot(),
      revert: (id) => test.revert({ id }),
      async stop() {
        await anvil.stop()
        await rm(cacheDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await anvil.stop()
    await rm(cacheDir, { recursive: true, force: true })
    throw error
  }
}
