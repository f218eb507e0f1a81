// Pieces the hand-written ABIs share; `as const` throughout so viem types every call from them.

export const address = <const N extends string>(name: N) => ({ name, type: 'address' }) as const
export const uint256 = <const N extends string>(name: N) => ({ name, type: 'uint256' }) as const
export const uint256s = <const N extends string>(name: N) => ({ name, type: 'uint256[]' }) as const

/** A view without arguments that answers one string: name, symbol, description. */
export const stringView = <const N extends string>(name: N) =>
  ({
    type: 'function',
    name,
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  }) as const

/** ERC-165, as both demo collections declare it. */
export const supportsInterface = {
  type: 'function',
  name: 'supportsInterface',
  stateMutability: 'pure',
  inputs: [{ name: 'interfaceId', type: 'bytes4' }],
  outputs: [{ name: '', type: 'bool' }],
} as const
