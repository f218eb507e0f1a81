import { formatEther, hexToString, isHex } from 'viem'

type RequestDetails =
  | { kind: 'message'; text: string }
  | { kind: 'typedData'; primaryType: string; domain: [string, string][]; fields: [string, string][] }
  | { kind: 'transaction'; to: string; value: string; data: string | undefined; request: TransactionFields }
  | { kind: 'other'; json: string }

export interface TransactionFields {
  from?: `0x${string}` | undefined
  to?: `0x${string}` | undefined
  value?: bigint | undefined
  data?: `0x${string}` | undefined
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/**
 * What ApproveTransaction shows for a request: the text being signed (decoded when it is UTF-8
 * without control characters, else the hex), the typed data's domain and fields, or a
 * transaction's recipient, amount and data. Pure, so it is tested without a browser.
 */
export function describeRequest(method: string, params: unknown, symbol: string): RequestDetails {
  const list = Array.isArray(params) ? params : []
  if (method === 'personal_sign' && typeof list[0] === 'string') {
    return { kind: 'message', text: readableMessage(list[0]) }
  }
  if (method === 'eth_signTypedData_v4' && typeof list[1] === 'string') {
    try {
      const typed = JSON.parse(list[1]) as { domain?: object; message?: object; primaryType?: string }
      return {
        kind: 'typedData',
        primaryType: typed.primaryType ?? '',
        domain: Object.entries(typed.domain ?? {}).map(([key, value]) => [key, show(value)]),
        fields: Object.entries(typed.message ?? {}).map(([key, value]) => [key, show(value)]),
      }
    } catch {
      return { kind: 'other', json: list[1] }
    }
  }
  if (method === 'eth_sendTransaction' && typeof list[0] === 'object' && list[0] !== null) {
    const tx = list[0] as { from?: string; to?: string; value?: string; data?: string }
    const value = tx.value && isHex(tx.value) ? BigInt(tx.value) : 0n
    const data = tx.data && tx.data !== '0x' ? tx.data : undefined
    return {
      kind: 'transaction',
      to: tx.to ?? 'New contract',
      value: `${formatEther(value)} ${symbol}`,
      data,
      request: {
        from: tx.from as `0x${string}` | undefined,
        to: tx.to as `0x${string}` | undefined,
        value,
        data: data as `0x${string}` | undefined,
      },
    }
  }
  return { kind: 'other', json: JSON.stringify(params, null, 2) ?? '' }
}

function readableMessage(hex: string): string {
  if (!isHex(hex)) return hex
  try {
    const text = hexToString(hex)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what marks binary data
    return /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text) ? hex : text
  } catch {
    return hex
  }
}
