import type { Abi } from 'viem'

/**
 * An ABI as encoding and decoding see it, sorted, for comparing ours with solc's: each member's
 * kind, name, parameter types and indexing, and whether it only reads. Parameter names, solc's
 * internalType and payable-or-not are left out: viem's standard ABIs differ from the demo contracts
 * there (ERC-721 declares transfers payable), and none of it changes a selector or a decoded value.
 */
export function abiShape(abi: Abi): string[] {
  const params = (list: readonly { type: string; indexed?: boolean }[] = []) =>
    // parseAbi leaves `indexed` out of an event's plain parameters where solc writes `false`.
    list.map(({ type, indexed }) => ({ type, indexed: indexed === true ? true : undefined }))
  return abi
    .map((item) =>
      JSON.stringify({
        type: item.type,
        name: 'name' in item ? item.name : undefined,
        reads: 'stateMutability' in item ? ['view', 'pure'].includes(item.stateMutability) : undefined,
        anonymous: item.type === 'event' ? item.anonymous === true : undefined,
        inputs: 'inputs' in item ? params(item.inputs) : undefined,
        outputs: 'outputs' in item ? params(item.outputs) : undefined,
      }),
    )
    .sort()
}
