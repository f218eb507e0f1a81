import {
  type Address,
  type Chain,
  createWalletClient,
  formatEther,
  type Hex,
  hexToBigInt,
  hexToString,
  http,
  isHex,
  type TypedDataDefinition,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

/** The requests the dev wallet answers; anything else it refuses (4200). */
export const ANSWERED_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'] as const

interface TransactionParams {
  to?: Address
  value?: Hex
  data?: Hex
  gas?: Hex
}

/** What the person approving sees: a title and lines of plain text. */
export function describeRequest(method: string, params: unknown): { title: string; lines: string[] } {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign': {
      const message = String(list[0] ?? '')
      return { title: 'Sign message', lines: [isHex(message) ? safeText(message) : message] }
    }
    case 'eth_signTypedData_v4': {
      const typed = parseTyped(list[1])
      return {
        title: 'Sign typed data',
        lines: [
          `Primary type: ${String(typed.primaryType ?? '?')}`,
          `Domain: ${JSON.stringify(typed.domain ?? {})}`,
          `Message: ${JSON.stringify(typed.message ?? {})}`,
        ],
      }
    }
    case 'eth_sendTransaction': {
      const tx = (list[0] ?? {}) as TransactionParams
      return {
        title: 'Send transaction',
        lines: [
          `To: ${tx.to ?? '(contract creation)'}`,
          `Value: ${formatEther(tx.value ? hexToBigInt(tx.value) : 0n)} ETH`,
          `Data: ${tx.data && tx.data !== '0x' ? `${(tx.data.length - 2) / 2} bytes` : 'none'}`,
        ],
      }
    }
    default:
      return { title: method, lines: [JSON.stringify(params)] }
  }
}

/** Answers one approved request with the dev key; transactions go to the chain's RPC and return the hash. */
export async function answerRequest(
  method: string,
  params: unknown,
  context: { account: PrivateKeyAccount; chain: Chain; rpcUrl: string },
): Promise<Hex> {
  const list = Array.isArray(params) ? params : []
  const { account } = context
  switch (method) {
    case 'personal_sign': {
      const message = String(list[0] ?? '')
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const { types, ...rest } = parseTyped(list[1])
      const { EIP712Domain: _domain, ...ownTypes } = (types ?? {}) as Record<string, unknown>
      return account.signTypedData({ ...rest, types: ownTypes } as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const tx = (list[0] ?? {}) as TransactionParams
      const client = createWalletClient({ account, chain: context.chain, transport: http(context.rpcUrl) })
      return client.sendTransaction({
        to: tx.to,
        value: tx.value ? hexToBigInt(tx.value) : undefined,
        data: tx.data,
        gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
      })
    }
    default:
      throw new Error(`The dev wallet does not answer ${method}`)
  }
}

function parseTyped(value: unknown): Partial<TypedDataDefinition> {
  try {
    return (typeof value === 'string' ? JSON.parse(value) : value) as Partial<TypedDataDefinition>
  } catch {
    return {}
  }
}

/** A hex message as text when it is text, else as it came. */
function safeText(message: Hex): string {
  try {
    const text = hexToString(message)
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}
