import { hexToBigInt, isHex } from 'viem'

/** A JSON-RPC read of the chain, through the services' `/rpc` (the frame never talks to a node itself). */
export type ChainRead = (method: string, params: unknown[]) => Promise<unknown>

export function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !isHex(value)) throw new Error('The node answered no quantity')
  return hexToBigInt(value)
}
