import { formatEther, hexToString, isHex, maxUint256 } from 'viem'
import { readTokenCall, type TokenCall } from './token-call.ts'

type RequestDetails =
  | { kind: 'message'; text: string }
  | { kind: 'typedData'; primaryType: string; domain: [string, string][]; fields: [string, string][] }
  | {
      kind: 'transaction'
      to: string
      value: string
      /** An ERC-20 transfer or approve in words (recipient or spender, amount); empty for anything else. */
      token: [string, string][]
      data: string | undefined
      request: TransactionFields
    }
  | { kind: 'calls'; calls: CallDetails[] }
  | { kind: 'other'; json: string }

/** One call of a batch, in words: what kind of call it is and its rows (label, value). */
interface CallDetails {
  title: string
  rows: [string, string][]
}

export interface TransactionFields {
  from?: `0x${string}` | undefined
  to?: `0x${string}` | undefined
  value?: bigint | undefined
  data?: `0x${string}` | undefined
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/**
 * What ApproveTransaction shows for a request: the text being signed (decoded when it is UTF-8
 * without control characters, else the hex), the typed data's domain and fields, a transaction's
 * recipient, amount and data, or each call of a batch. Pure, so it is tested without a browser.
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
      token: tokenRows(readTokenCall(data)),
      data,
      request: {
        from: tx.from as `0x${string}` | undefined,
        to: tx.to as `0x${string}` | undefined,
        value,
        data: data as `0x${string}` | undefined,
      },
    }
  }
  if (method === 'wallet_sendCalls' && typeof list[0] === 'object' && list[0] !== null) {
    const { calls } = list[0] as { calls?: unknown }
    if (Array.isArray(calls))
      return { kind: 'calls', calls: calls.map((call) => describeCall(call as SentCall, symbol)) }
  }
  return { kind: 'other', json: JSON.stringify(params, null, 2) ?? '' }
}

interface SentCall {
  to?: string
  value?: string
  data?: string
}

/**
 * An ERC-20 transfer's recipient and amount, an approval's spender and allowance, in the token's base
 * units: the frame knows no token's symbol or decimals.
 */
function tokenRows(token: TokenCall | undefined): [string, string][] {
  if (!token) return []
  const amount = `${token.amount} base units`
  if (token.method === 'transfer')
    return [
      ['Recipient', token.party],
      ['Tokens', amount],
    ]
  return [
    ['Spender', token.party],
    ['Allowance', token.amount === maxUint256 ? 'Unlimited' : amount],
  ]
}

/**
 * A call of wallet_sendCalls (checked by wallet-calls.ts before it is shown), a token call in words.
 */
function describeCall(call: SentCall, symbol: string): CallDetails {
  const to = call.to ?? ''
  const value = call.value && isHex(call.value) ? BigInt(call.value) : 0n
  const valueRow: [string, string][] = value > 0n ? [['Amount', `${formatEther(value)} ${symbol}`]] : []
  const token = readTokenCall(call.data)
  if (token)
    return {
      title: token.method === 'transfer' ? 'Token transfer' : 'Token approval',
      rows: [['Token', to], ...tokenRows(token), ...valueRow],
    }
  const data = call.data && call.data !== '0x' ? call.data : undefined
  return {
    title: 'Call',
    rows: [
      ['To', to],
      ['Amount', `${formatEther(value)} ${symbol}`],
      ...(data ? [['Data', data] as [string, string]] : []),
    ],
  }
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
