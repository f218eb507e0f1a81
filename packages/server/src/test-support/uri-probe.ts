import {
  type Address,
  createTestClient,
  encodeAbiParameters,
  type Hex,
  http,
  numberToHex,
  parseAbi,
  size,
  toFunctionSelector,
} from 'viem'
import { TRANSFER } from '../indexer/decode.ts'
import type { TestChain } from './chain.ts'

const probeAbi = parseAbi(['function mint(address to, uint256 id)'])

/**
 * Puts at `address` a minimal ERC-721 whose `tokenURI` answers `uri` for every id and whose
 * `name()` and `symbol()` answer `name`, then mints token `id` to `to` from dev account `from`.
 * Tests point token URIs wherever they like this way, which no demo contract allows.
 */
export async function mintFromUriProbe(
  chain: TestChain,
  options: { address: Address; name: string; uri: string; from: number; to: Address; id: bigint },
): Promise<void> {
  const test = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
  await test.setCode({ address: options.address, bytecode: uriProbeCode(options.name, options.uri) })
  const hash = await chain.wallet(options.from).writeContract({
    address: options.address,
    abi: probeAbi,
    functionName: 'mint',
    args: [options.to, options.id],
  })
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`Minting from the probe failed in ${hash}`)
}

/** Where the code ends and the two answers, ABI-encoded strings, begin. */
const CODE_BYTES = 0x80

/**
 * Runtime code assembled by hand, so the tests need no Solidity compiler: a selector switch, `mint`
 * emitting Transfer(0, to, id) and storing nothing, and the two answers copied out of the code.
 * The offsets in the comments are the jump targets.
 */
function uriProbeCode(name: string, uri: string): Hex {
  const uriAnswer = encodeAbiParameters([{ type: 'string' }], [uri])
  const nameAnswer = encodeAbiParameters([{ type: 'string' }], [name])
  const selector = (signature: string) => toFunctionSelector(signature).slice(2)
  const hex = (value: number, bytes: number) => numberToHex(value, { size: bytes }).slice(2)
  // JUMPDEST; CODECOPY(0, offset, length); RETURN(0, length)
  const answer = (offset: number, data: Hex) =>
    `5b 61${hex(size(data), 2)} 61${hex(offset, 2)} 6000 39 61${hex(size(data), 2)} 6000 f3`
  const code = [
    '6000 35 60e0 1c', // 0x00: the selector
    `80 63${selector('tokenURI(uint256)')} 14 6060 57`, // 0x06
    `80 63${selector('name()')} 14 6070 57`, // 0x10
    `80 63${selector('symbol()')} 14 6070 57`, // 0x1a
    `63${selector('mint(address,uint256)')} 14 6031 57`, // 0x24
    '6000 80 fd', // 0x2d: anything else reverts
    `5b 602435 600435 6000 7f${TRANSFER.slice(2)} 6000 80 a4 00`, // 0x31: LOG4 Transfer(0, to, id)
    answer(CODE_BYTES, uriAnswer), // 0x60
    answer(CODE_BYTES + size(uriAnswer), nameAnswer), // 0x70
  ]
    .join('')
    .replaceAll(' ', '')
  if (code.length !== CODE_BYTES * 2) throw new Error('The probe code no longer matches its jump targets')
  return `0x${code}${uriAnswer.slice(2)}${nameAnswer.slice(2)}`
}
