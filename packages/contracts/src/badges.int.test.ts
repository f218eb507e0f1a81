import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abiShape } from './abi-shape.ts'
import type { DevAccount } from './accounts.ts'
import { compileContracts } from './compile.ts'
import { type AnvilHandle, DEV_ACCOUNTS, demoBadgesAbi, deployDemoBadges, startAnvil } from './index.ts'
import { freePort } from './testing.ts'

let anvil: AnvilHandle
let client: PublicClient
let badges: Address
const [issuer, alice, bob] = DEV_ACCOUNTS

const wallet = (account: DevAccount) =>
  createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: anvilChain,
    transport: http(anvil.rpcUrl),
  })
const mined = async (hash: Promise<Hash>) => {
  const receipt = await client.waitForTransactionReceipt({ hash: await hash })
  expect(receipt.status).toBe('success')
}
const balance = (account: Address, id: bigint) =>
  client.readContract({ address: badges, abi: demoBadgesAbi, functionName: 'balanceOf', args: [account, id] })

// A contract whose every call returns its own selector, left-aligned: the answer ERC-1155 asks of
// a receiver. Init code copies the 17-byte runtime (PUSH1 0 CALLDATALOAD, keep the top 4 bytes,
// MSTORE, RETURN 32 bytes) and returns it.
const ECHO_RECEIVER: Hex = '0x6011600c60003960116000f360003560e01c60e01b60005260206000f3'

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
  client = createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl), pollingInterval: 20 })
  badges = await deployDemoBadges(wallet(issuer), client)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('DemoBadges', () => {
  it('has an ABI that matches the compiled one', async () => {
    const { DemoBadges } = await compileContracts()
    expect(abiShape(demoBadgesAbi)).toEqual(abiShape(DemoBadges?.abi ?? []))
  })

  it('announces ERC-165, ERC-1155 and its metadata URI extension, and not ERC-721', async () => {
    const supports = (interfaceId: Hex) =>
      client.readContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'supportsInterface',
        args: [interfaceId],
      })
    expect(
      await Promise.all(
        ['0x01ffc9a7', '0xd9b67a26', '0x0e89341c', '0x80ac58cd'].map((id) => supports(id as Hex)),
      ),
    ).toEqual([true, true, true, false])
  })

  it('lets only its owner mint, one id or several', async () => {
    await expect(
      wallet(alice).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'mint',
        args: [alice.address, 1n, 5n],
      }),
    ).rejects.toThrow(/Unauthorized/)
    await mined(
      wallet(issuer).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'mint',
        args: [alice.address, 1n, 5n],
      }),
    )
    await mined(
      wallet(issuer).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'mintBatch',
        args: [alice.address, [2n, 3n], [1n, 10n]],
      }),
    )
    expect(
      await client.readContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'balanceOfBatch',
        args: [
          [alice.address, alice.address, alice.address, bob.address],
          [1n, 2n, 3n, 1n],
        ],
      }),
    ).toEqual([5n, 1n, 10n, 0n])
  })

  it('moves tokens for their holder, or an operator only while approved for all', async () => {
    const pull = () =>
      wallet(bob).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'safeTransferFrom',
        args: [alice.address, bob.address, 1n, 1n, '0x'],
      })
    const approve = (approved: boolean) =>
      wallet(alice).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'setApprovalForAll',
        args: [bob.address, approved],
      })
    await expect(pull()).rejects.toThrow(/ERC1155MissingApprovalForAll/)
    await mined(approve(true))
    await mined(pull())
    await mined(approve(false))
    await expect(pull()).rejects.toThrow(/ERC1155MissingApprovalForAll/)
    expect([await balance(alice.address, 1n), await balance(bob.address, 1n)]).toEqual([4n, 1n])

    await expect(
      wallet(alice).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'safeBatchTransferFrom',
        args: [alice.address, bob.address, [1n, 3n], [1n, 11n], '0x'],
      }),
    ).rejects.toThrow(/ERC1155InsufficientBalance/)
    await mined(
      wallet(alice).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'safeBatchTransferFrom',
        args: [alice.address, bob.address, [1n, 3n], [1n, 10n], '0x'],
      }),
    )
    expect([await balance(alice.address, 3n), await balance(bob.address, 3n)]).toEqual([0n, 10n])
  })

  it('sends to a contract only when it answers as an ERC-1155 receiver', async () => {
    const deployed = await client.waitForTransactionReceipt({
      hash: await wallet(issuer).sendTransaction({ data: ECHO_RECEIVER }),
    })
    const receiver = deployed.contractAddress as Address
    await mined(
      wallet(issuer).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'mint',
        args: [receiver, 4n, 2n],
      }),
    )
    await mined(
      wallet(alice).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'safeBatchTransferFrom',
        args: [alice.address, receiver, [1n], [1n], '0x'],
      }),
    )
    expect([await balance(receiver, 4n), await balance(receiver, 1n)]).toEqual([2n, 1n])

    // The collection itself is a contract without the receiver functions.
    await expect(
      wallet(alice).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'safeTransferFrom',
        args: [alice.address, badges, 1n, 1n, '0x'],
      }),
    ).rejects.toThrow(/ERC1155InvalidReceiver/)
    await expect(
      wallet(issuer).writeContract({
        address: badges,
        abi: demoBadgesAbi,
        functionName: 'mintBatch',
        args: [badges, [5n], [1n]],
      }),
    ).rejects.toThrow(/ERC1155InvalidReceiver/)
  })

  it('describes every id with on-chain JSON: a name and an SVG image', async () => {
    const uri = await client.readContract({
      address: badges,
      abi: demoBadgesAbi,
      functionName: 'uri',
      args: [42n],
    })
    const prefix = 'data:application/json;base64,'
    expect(uri.startsWith(prefix)).toBe(true)
    const metadata = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8'))
    expect(metadata.name).toBe('Portico Badges #42')
    const imagePrefix = 'data:image/svg+xml;base64,'
    expect(metadata.image.startsWith(imagePrefix)).toBe(true)
    const svg = Buffer.from(metadata.image.slice(imagePrefix.length), 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg .*>42<\/text><\/svg>$/)
  })
})
