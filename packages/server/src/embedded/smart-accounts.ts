import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'
import { BundlerError, BundlerErrorCode } from '../bundler/errors.ts'
import type { Bundler } from '../bundler/service.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { callerOf } from './guard.ts'

/**
 * What the secure frame needs to give each user a smart account: published in the frame
 * page's config, so the frame knows before its first message whether smart accounts exist here.
 * The frame reaches the bundler through `/v1/auth/bundler`, below.
 */
export interface FrameSmartAccounts {
  entryPoint: string
  factory: string
  /** The services' paymaster may pay for the user's operations (within the project's limits). */
  sponsored: boolean
}

const BUNDLER_PATH = '/bundler'

/**
 * The bundler's settings for the embedded wallet's chain, when the bundler serves that chain and
 * knows a factory to make accounts with; otherwise the wallet stays EOA-only.
 */
export function frameSmartAccounts(
  bundler: Bundler | undefined,
  chainId: number,
): FrameSmartAccounts | undefined {
  const info = bundler?.info
  if (!info || info.chainId !== chainId || !info.accountFactory) return undefined
  return {
    entryPoint: info.entryPoint,
    factory: info.accountFactory,
    sponsored: info.paymaster !== undefined,
  }
}

const BundlerBody = z.object({
  method: z.string().min(1).max(100),
  params: z.array(z.unknown()).max(8).optional(),
})
const BundlerOutcome = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }) }),
])

interface SmartAccountRoutesOptions {
  bundler: Bundler
  /** The session's user (the key owning their smart account, once set up); throws 401 unless the session is live. */
  sessionOf(
    request: FastifyRequest,
  ): Promise<{ address: string | null; smart_account: string | null; tokenHash: string }>
}

/**
 * `POST /v1/auth/bundler`: the frame's way to the services' bundler and paymaster. `/v1/bundler`
 * answers pages of a project's allowed origins, and the frame runs on the services' own origin;
 * here the frame guard checks the parent page's origin instead, a live session is required, and
 * sponsorship counts against the project of that session — for the session user's own smart
 * account only. The answer is JSON-RPC's result or error
 * without the envelope, like `/v1/auth/rpc`.
 */
export const smartAccountRoutesPlugin: FastifyPluginAsync<SmartAccountRoutesOptions> = async (
  scope,
  { bundler, sessionOf },
) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  app.post(
    BUNDLER_PATH,
    { schema: { body: BundlerBody, response: { 200: BundlerOutcome } } },
    async (request) => {
      const user = await sessionOf(request)
      const { method, params } = request.body
      const owner: Address | undefined = user.address ? getAddress(user.address) : undefined
      const account = user.smart_account ? getAddress(user.smart_account) : undefined
      const caller = { kind: 'session', session: user.tokenHash, owner, account } as const
      try {
        return {
          result: (await bundler.call(method, params ?? [], callerOf(request).projectId, caller)) ?? null,
        }
      } catch (error) {
        if (!(error instanceof BundlerError)) {
          request.log.error(error, `Bundler: ${method} failed`)
          return {
            error: {
              code: BundlerErrorCode.INTERNAL,
              message: 'The bundler could not answer: try again shortly',
            },
          }
        }
        const { code, message, data } = error
        return { error: { code, message, ...(data === undefined ? {} : { data }) } }
      }
    },
  )
}
