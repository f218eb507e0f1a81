import fc from 'fast-check'
import { deviceProof } from '../../test-support/device-key.ts'
import type { Guard } from '../mutate.ts'
import type { Body, RequestShape } from '../request.ts'
import { type FuzzTarget, PAGE, SERVICES } from '../target.ts'

export const CORS_GUARD: Guard = { project: { in: 'query', name: 'projectId' }, callers: ['origin'] }
export const FRAME_GUARD: Guard = {
  project: { in: 'header', name: 'x-portico-project' },
  callers: ['origin', 'host', 'x-portico-parent-origin', 'dpop', 'authorization'],
}
export const OPEN: Guard = { callers: ['origin'] }

const hexDigit = fc.constantFrom(...'0123456789abcdef')
export const hex = (length: number) => fc.string({ unit: hexDigit, minLength: length, maxLength: length })
/** A fresh address each time, so no cooldown or earlier user stands in the way. */
export const freshEmail = hex(12).map((id) => `u${id}@fuzz.example`)
export const visitor = fc.ipV4()

/** A call from the project's page, as the SDK makes it. */
export function fromPage(
  target: FuzzTarget,
  method: string,
  path: string,
  parts: { params?: Record<string, string>; query?: Array<[string, string]>; body?: Body; ip?: string } = {},
): RequestShape {
  return {
    method,
    path,
    params: parts.params ?? {},
    query: [...(parts.query ?? []), ['projectId', target.project.id]],
    headers: { origin: PAGE },
    body: parts.body,
    remoteAddress: parts.ip,
  }
}

/** A call from the secure frame on the services' origin, for the holder's device unless told otherwise. */
export function fromFrame(
  target: FuzzTarget,
  path: string,
  body: unknown,
  caller: { ip?: string; token?: string | undefined; device?: string } = {},
): RequestShape {
  const token = 'token' in caller ? caller.token : target.wallet.token
  return {
    method: 'POST',
    path: `/v1/auth${path}`,
    params: {},
    query: [],
    headers: {
      host: SERVICES.host,
      origin: SERVICES.origin,
      'x-portico-project': target.project.id,
      'x-portico-parent-origin': PAGE,
      dpop: deviceProof(caller.device ?? target.wallet.device, {
        url: new URL(`/v1/auth${path}`, SERVICES).href,
        token,
      }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: { json: body },
    remoteAddress: caller.ip,
  }
}

/** Optional query entries: each present or not. */
export function optionalQuery(
  entries: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<Array<[string, string]>> {
  return fc
    .record(
      Object.fromEntries(
        Object.entries(entries).map(([key, value]) => [key, fc.option(value, { nil: undefined })]),
      ),
    )
    .map((record) =>
      Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
    )
}
