import type { EmbeddedErrorCode } from '@portico/core'
import { ErrorText } from '@portico/core/shared'
import { errorReason } from '../protocol.ts'
import type { DeviceKey } from './keys/device-key.ts'

/**
 * A refusal from the services, carrying their message, for RPC errors the provider code, and the
 * services' own code when the page acts on it.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly reason?: EmbeddedErrorCode,
  ) {
    super(message)
  }
}

export interface FrameIdentity {
  projectId: string
  /** This browser's device key, which signs every call's proof. */
  device(): Promise<DeviceKey>
  token(): string | undefined
}

/**
 * Calls the services' /v1/auth routes from the frame's own origin. The parent page's origin (as
 * the frame saw it on the message) goes along, so the services check it against the allow-list too;
 * the device key's proof says which device asks, and that it holds the key its session is bound to.
 */
export async function callAuth<T>(
  identity: FrameIdentity,
  parentOrigin: string,
  path: string,
  body: object = {},
): Promise<T> {
  const token = identity.token()
  const url = `/v1/auth${path}`
  const proof = await (await identity.device()).prove(url, token)
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-portico-project': identity.projectId,
      'x-portico-parent-origin': parentOrigin,
      dpop: proof,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    credentials: 'omit',
  })
  const json = (await response.json().catch(() => undefined)) as
    | { error?: { message?: unknown; code?: unknown } }
    | undefined
  if (!response.ok) {
    const message = typeof json?.error?.message === 'string' ? json.error.message : ErrorText.FRAME_ERROR
    const reason = errorReason.safeParse(json?.error?.code)
    throw new ApiError(message, response.status, undefined, reason.success ? reason.data : undefined)
  }
  return json as T
}
