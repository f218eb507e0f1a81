import { ServerErrorText } from '@portico/core/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../http/errors.ts'
import { parseRequest } from '../http/validate.ts'
import type { ProjectReader } from '../projects/cache.ts'
import { normaliseOrigin } from '../projects/origin.ts'
import { PROJECT_ID_PATTERN } from '../projects/project-id.ts'
import { createDeviceProofs } from './device-proof.ts'

export interface FrameCaller {
  projectId: string
  projectName: string
  parentOrigin: string
  deviceId: string
  token: string | undefined
}

const FrameHeaders = z.looseObject({
  'x-portico-project': z.string().regex(PROJECT_ID_PATTERN, 'unknown project'),
  'x-portico-parent-origin': z.string().min(1),
  // The device key's proof (device-proof.ts): a compact JWS.
  dpop: z
    .string()
    .max(4096)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    .optional(),
  authorization: z
    .string()
    .regex(/^Bearer [A-Za-z0-9_-]+$/)
    .optional(),
})

const callers = new WeakMap<FastifyRequest, FrameCaller>()

/**
 * The auth routes are called by the secure frame only: requests from the services' configured
 * public origin (the browser sets Origin, and a foreign page cannot make it ours) and addressed to
 * it, for a known project, on behalf of a parent page whose origin the frame saw and the project
 * allows. No CORS headers are ever sent, so no other origin can read an answer. Projects come from the
 * same cache as the `/v1` project guard's, so the two origin checks read one source. The device is
 * the one whose key signed the request's proof (device-proof.ts).
 */
export function installFrameGuard(scope: FastifyInstance, projects: ProjectReader, publicUrl: URL): void {
  const verifyDeviceProof = createDeviceProofs()
  scope.addHook('onRequest', async (request) => {
    // The raw Host, never X-Forwarded-Host: a proxy in front must pass the public Host through.
    if (request.headers.origin !== publicUrl.origin || request.headers.host?.toLowerCase() !== publicUrl.host)
      throw new HttpError(403, ServerErrorText.ORIGIN_NOT_ALLOWED)
    const headers = parseRequest(FrameHeaders, request.headers, 'headers')
    const project = await projects.get(headers['x-portico-project'])
    if (!project) throw new HttpError(401, ServerErrorText.INVALID_KEY)
    const parent = normaliseOrigin(headers['x-portico-parent-origin'])
    if (!parent.ok || !project.origins.includes(parent.origin)) {
      throw new HttpError(403, ServerErrorText.ORIGIN_NOT_ALLOWED)
    }
    const token = headers.authorization?.slice('Bearer '.length)
    const { deviceId } = await verifyDeviceProof(headers.dpop, {
      method: request.method,
      url: new URL(request.url, publicUrl),
      token,
    })
    callers.set(request, {
      projectId: project.id,
      projectName: project.name,
      parentOrigin: parent.origin,
      deviceId,
      token,
    })
  })
}

export function callerOf(request: FastifyRequest): FrameCaller {
  const caller = callers.get(request)
  if (!caller) throw new Error(`No frame guard on ${request.method} ${request.url}`)
  return caller
}
