import { z } from 'zod/mini'
import { buildSiweMessage } from './message.ts'
import { type SIWXSession, siwxSessionSchema } from './session.ts'
import type { PageSiwxOptions, SIWXConfig } from './types.ts'

const DEFAULT_VALID_FOR_MS = 24 * 60 * 60_000
const NonceAnswer = z.object({ nonce: z.string() })
const SessionAnswer = z.object({ session: z.nullable(siwxSessionSchema) })
const StoredAnswer = z.object({ session: siwxSessionSchema })

/** The storage calls of `createPageSiwx`, loaded on first use. */
export function pageStorage(options: PageSiwxOptions): Omit<SIWXConfig, 'getRequired'> {
  const request = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sessionPath = options.sessionPath ?? '/api/siwx/session'
  const validForMs = options.validForMs ?? DEFAULT_VALID_FOR_MS

  async function json<T>(schema: z.ZodMiniType<T>, input: string, init?: RequestInit): Promise<T> {
    const response = await request(input, { credentials: 'same-origin', ...init })
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
      throw new Error(typeof message === 'string' ? message : `HTTP status code: ${response.status}`)
    }
    return schema.parse(body)
  }

  async function current(): Promise<SIWXSession | null> {
    return (await json(SessionAnswer, sessionPath)).session
  }

  return {
    async createMessage({ accountAddress, chainId }) {
      const query = new URLSearchParams({ projectId: options.projectId })
      const { nonce } = await json(NonceAnswer, `${options.servicesUrl}/v1/siwx/nonce?${query}`, {
        method: 'POST',
        credentials: 'omit',
      })
      const now = Date.now()
      const fields = {
        domain: location.host,
        address: accountAddress,
        statement: options.statement,
        uri: location.origin,
        version: '1' as const,
        chainId: Number(chainId.split(':')[1]),
        nonce,
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + validForMs).toISOString(),
      }
      return {
        message: buildSiweMessage(fields),
        data: {
          accountAddress,
          chainId,
          domain: fields.domain,
          uri: fields.uri,
          version: fields.version,
          nonce,
          statement: fields.statement,
          issuedAt: fields.issuedAt,
          expirationTime: fields.expirationTime,
        },
      }
    },
    async addSession(session) {
      const stored = await json(StoredAnswer, sessionPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: session.message, signature: session.signature }),
      })
      return stored.session
    },
    async getSessions(chainId, address) {
      const session = await current()
      const matches =
        session?.data.chainId === chainId &&
        session.data.accountAddress.toLowerCase() === address.toLowerCase()
      return session && matches ? [session] : []
    },
    async setSessions(sessions) {
      // The page holds one session: keep it only when it is among the new ones.
      const session = sessions.length > 0 ? await current() : undefined
      if (sessions.length === 0 || (session && !sessions.some((s) => s.signature === session.signature))) {
        await json(z.object({ ok: z.boolean() }), sessionPath, { method: 'DELETE' })
      }
    },
  }
}
