/**
 * EIP-4361 (Sign-In with Ethereum) messages: our own parser and builder. viem's parser loses the
 * userinfo and IPv6 authorities the shared vectors use, and re-serialising a timestamp would change
 * the signed text, so every field is kept exactly as written.
 */
import { checksumAddress } from 'viem'
import { dateTimeProblem } from './datetime.ts'
import { isAuthority, isScheme, isUri, matchesRule } from './uri.ts'

export interface SiweFields {
  /** Only when the message names one before the domain (`https://example.com wants you…`). */
  scheme?: string | undefined
  domain: string
  address: `0x${string}`
  statement?: string | undefined
  uri: string
  version: '1'
  chainId: number
  nonce: string
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/** Why a message or message object was refused; `reason` names the rule that failed. */
export class SiweMessageError extends Error {
  override name = 'SiweMessageError'
  constructor(readonly reason: string) {
    super(`Invalid sign-in message: ${reason}`)
  }
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:'
const NONCE = /^[A-Za-z0-9]{8,}$/
const CHAIN_ID = /^[0-9]+$/

const TIME_FIELDS = [
  ['issuedAt', 'issued-at'],
  ['expirationTime', 'expiration-time'],
  ['notBefore', 'not-before'],
] as const

/** Checks a message object against every EIP-4361 rule; throws SiweMessageError naming the first broken one. */
export function validateSiweFields(input: unknown): SiweFields {
  if (typeof input !== 'object' || input === null) throw new SiweMessageError('not an object')
  const fields = input as Record<string, unknown>
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : undefined)
  const optionalText = (key: string) => {
    if (fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== 'string')
      throw new SiweMessageError(`invalid ${key}`)
    return (fields[key] ?? undefined) as string | undefined
  }

  const scheme = optionalText('scheme')
  if (scheme !== undefined && !isScheme(scheme)) throw new SiweMessageError('invalid scheme')
  const domain = text('domain')
  if (domain === undefined || !isAuthority(domain)) throw new SiweMessageError('invalid domain')
  const address = text('address')
  if (
    address === undefined ||
    !/^0x[0-9a-fA-F]{40}$/.test(address) ||
    checksumAddress(address as `0x${string}`) !== address
  )
    throw new SiweMessageError('invalid EIP-55 address')
  const statement = optionalText('statement')
  if (statement !== undefined && !matchesRule('statement', statement))
    throw new SiweMessageError('invalid statement')
  const uri = text('uri')
  if (uri === undefined || !isUri(uri)) throw new SiweMessageError('invalid URI')
  if (fields.version !== '1') throw new SiweMessageError('invalid version')
  const chainId = fields.chainId
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 0)
    throw new SiweMessageError('invalid chain ID')
  const nonce = text('nonce')
  if (nonce === undefined || !NONCE.test(nonce)) throw new SiweMessageError('invalid nonce')
  for (const [key, name] of TIME_FIELDS) {
    const value = key === 'issuedAt' ? text(key) : optionalText(key)
    if (value === undefined && key !== 'issuedAt') continue
    const problem = value === undefined ? 'syntax' : dateTimeProblem(value)
    if (problem) throw new SiweMessageError(`invalid ${name} date time ${problem}`)
  }
  const requestId = optionalText('requestId')
  if (requestId !== undefined && !matchesRule('segment-nz', requestId) && requestId !== '')
    throw new SiweMessageError('invalid request ID')
  const resources = fields.resources
  if (resources !== undefined && resources !== null) {
    if (
      !Array.isArray(resources) ||
      resources.some((resource) => typeof resource !== 'string' || !isUri(resource))
    )
      throw new SiweMessageError('invalid resource URI')
  }
  return {
    ...(scheme !== undefined ? { scheme } : {}),
    domain,
    address: address as `0x${string}`,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt: fields.issuedAt as string,
    ...(fields.expirationTime != null ? { expirationTime: fields.expirationTime as string } : {}),
    ...(fields.notBefore != null ? { notBefore: fields.notBefore as string } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(Array.isArray(resources) ? { resources: [...resources] as string[] } : {}),
  }
}

/** The exact text to sign. Validates first, so an invalid object never becomes a message. */
export function buildSiweMessage(input: SiweFields): string {
  const fields = validateSiweFields(input)
  const lines = [
    `${fields.scheme ? `${fields.scheme}://` : ''}${fields.domain}${HEADER_SUFFIX}`,
    fields.address,
    '',
    ...(fields.statement !== undefined ? [fields.statement, ''] : ['']),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ]
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources !== undefined) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/** Reads a message line by line in the order EIP-4361 fixes; throws SiweMessageError on any deviation. */
export function parseSiweMessage(message: string): SiweFields {
  const lines = message.split('\n')
  let at = 0
  const next = () => lines[at++]

  const header = next() ?? ''
  if (!header.endsWith(HEADER_SUFFIX)) throw new SiweMessageError('invalid header')
  const origin = header.slice(0, -HEADER_SUFFIX.length)
  const schemeEnd = origin.indexOf('://')
  const scheme = schemeEnd > 0 ? origin.slice(0, schemeEnd) : undefined
  const domain = scheme === undefined ? origin : origin.slice(schemeEnd + 3)
  const address = next()
  if (next() !== '') throw new SiweMessageError('invalid address line')

  let statement: string | undefined
  if (lines[at] === '' && lines[at + 1]?.startsWith('URI: ')) at++
  else {
    statement = next()
    if (next() !== '') throw new SiweMessageError('invalid statement')
  }

  const required = (prefix: string, name: string) => {
    const line = next()
    if (line === undefined || !line.startsWith(prefix)) throw new SiweMessageError(`missing ${name}`)
    return line.slice(prefix.length)
  }
  const optional = (prefix: string) => {
    const line = lines[at]
    if (line === undefined || !line.startsWith(prefix)) return undefined
    at++
    return line.slice(prefix.length)
  }

  const uri = required('URI: ', 'URI')
  const version = required('Version: ', 'version')
  const chainId = required('Chain ID: ', 'chain ID')
  const nonce = required('Nonce: ', 'nonce')
  const issuedAt = required('Issued At: ', 'issued-at')
  const expirationTime = optional('Expiration Time: ')
  const notBefore = optional('Not Before: ')
  const requestId = optional('Request ID: ')
  let resources: string[] | undefined
  if (lines[at] === 'Resources:') {
    at++
    resources = []
    while (lines[at]?.startsWith('- ')) resources.push((next() as string).slice(2))
  }
  if (at !== lines.length) throw new SiweMessageError('unexpected content')
  if (!CHAIN_ID.test(chainId)) throw new SiweMessageError('invalid chain ID')

  return validateSiweFields({
    scheme,
    domain,
    address,
    statement,
    uri,
    version,
    chainId: Number(chainId),
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId,
    resources,
  })
}
