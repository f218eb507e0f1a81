import { z } from 'zod/mini'
import type { SiweFields } from './message.ts'

/** The message fields of behaviour §3 "Sign-in session", with the chain as a CAIP-2 id. */
export interface SIWXMessageData {
  accountAddress: string
  chainId: `eip155:${number}`
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/** behaviour §3: data, message, signature and an optional CACAO; plus our session id and end. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  cacao?: unknown
  id?: string | undefined
  expiresAt?: string | undefined
}

export function messageDataOf(fields: SiweFields): SIWXMessageData {
  return {
    accountAddress: fields.address,
    chainId: `eip155:${fields.chainId}`,
    domain: fields.domain,
    uri: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    statement: fields.statement,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
    requestId: fields.requestId,
    resources: fields.resources,
  }
}

const optionalText = z.optional(z.string())

/** For sessions arriving over HTTP (services, page endpoint): checked before the modal trusts them. */
export const siwxSessionSchema = z.object({
  id: optionalText,
  expiresAt: optionalText,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(z.unknown()),
  data: z.object({
    accountAddress: z.string(),
    chainId: z.custom<`eip155:${number}`>((value) => typeof value === 'string' && /^eip155:\d+$/.test(value)),
    domain: z.string(),
    uri: z.string(),
    version: z.string(),
    nonce: z.string(),
    statement: optionalText,
    issuedAt: optionalText,
    expirationTime: optionalText,
    notBefore: optionalText,
    requestId: optionalText,
    resources: z.optional(z.array(z.string())),
  }),
})

/** A signed sign-in message on its way to be verified (page endpoint and services alike). */
export const siwxSignedMessageSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(8192)),
  // ERC-6492 wraps deployment calldata around the signature, so allow well beyond 65 bytes.
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(32_768)),
})
