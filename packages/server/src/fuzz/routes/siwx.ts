import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import { send } from '../request.ts'
import { type FuzzTarget, PAGE, signIn, siweMessage } from '../target.ts'
import { badText } from '../values.ts'
import { CORS_GUARD, fromPage, hex } from './common.ts'

const SIWX_GUARD = { ...CORS_GUARD, callers: ['origin', 'authorization'] }

const withToken = (target: FuzzTarget, method: string, path: string, token: string, id = '') => ({
  ...fromPage(target, method, path, id ? { params: { id } } : {}),
  headers: { origin: PAGE, authorization: `Bearer ${token}` },
})

/**
 * Fields a page may vary in its sign-in message; the nonce is fresh and the signature real. An odd
 * line is signed too, so odd text gets past the signature check to the parser and the database.
 */
const messageParts = (target: FuzzTarget) =>
  fc.record(
    {
      statement: fc.string({ unit: fc.constantFrom(...'abc XYZ.,!?09'), maxLength: 60 }),
      expiresInMinutes: fc.integer({ min: -5, max: 60 * 24 * 30 }),
      notBeforeMinutes: fc.integer({ min: -60, max: 5 }),
      requestId: fc.string({ unit: fc.constantFrom(...'abcXYZ09-._~'), maxLength: 20 }),
      resources: fc.array(fc.webUrl(), { maxLength: 2 }),
      byStranger: fc.boolean(),
      oddLine: fc.record({ line: fc.nat(), text: badText(target) }),
    },
    { requiredKeys: ['byStranger'] },
  )

/** One line of the message given odd text: after the field's name where it has one. */
function withOddLine(message: string, odd: { line: number; text: string }): string {
  const lines = message.split('\n')
  const at = odd.line % lines.length
  const line = lines[at] ?? ''
  const name = line.indexOf(': ')
  lines[at] = name > 0 ? `${line.slice(0, name + 2)}${odd.text}` : odd.text
  return lines.join('\n')
}

export const siwxRoutes: Route[] = [
  {
    name: 'POST /v1/siwx/nonce',
    guard: CORS_GUARD,
    valid: (target) => fc.constant(fromPage(target, 'POST', '/v1/siwx/nonce')),
  },
  {
    name: 'POST /v1/siwx/sessions',
    guard: CORS_GUARD,
    valid: (target) =>
      messageParts(target).map((parts) => async () => {
        const nonce = JSON.parse((await send(target, fromPage(target, 'POST', '/v1/siwx/nonce'))).body)
        const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
        const built = siweMessage(nonce.nonce, target.signer.address, {
          ...(parts.statement === undefined ? {} : { statement: parts.statement }),
          ...(parts.expiresInMinutes === undefined ? {} : { expirationTime: at(parts.expiresInMinutes) }),
          ...(parts.notBeforeMinutes === undefined ? {} : { notBefore: at(parts.notBeforeMinutes) }),
          ...(parts.requestId === undefined ? {} : { requestId: parts.requestId }),
          ...(parts.resources === undefined ? {} : { resources: parts.resources }),
        })
        const message = parts.oddLine ? withOddLine(built, parts.oddLine) : built
        const key = parts.byStranger ? target.stranger : target.signer
        const signature = await key.signMessage({ message })
        return fromPage(target, 'POST', '/v1/siwx/sessions', { body: { json: { message, signature } } })
      }),
  },
  {
    name: 'GET /v1/siwx/sessions/current',
    guard: SIWX_GUARD,
    valid: (target) => fc.constant(withToken(target, 'GET', '/v1/siwx/sessions/current', target.siwxToken)),
  },
  {
    name: 'GET /v1/siwx/sessions',
    guard: SIWX_GUARD,
    valid: (target) => fc.constant(withToken(target, 'GET', '/v1/siwx/sessions', target.siwxToken)),
  },
  {
    name: 'DELETE /v1/siwx/sessions/:id',
    guard: SIWX_GUARD,
    // Its own session each time (the shared one must live on), or an id that was never issued.
    valid: (target) =>
      fc.oneof(
        fc.constant(async () => {
          const token = await signIn(target)
          const current = await send(target, withToken(target, 'GET', '/v1/siwx/sessions/current', token))
          return withToken(
            target,
            'DELETE',
            '/v1/siwx/sessions/:id',
            token,
            JSON.parse(current.body).session.id,
          )
        }),
        hex(32).map((id) => withToken(target, 'DELETE', '/v1/siwx/sessions/:id', target.siwxToken, id)),
      ),
  },
]
