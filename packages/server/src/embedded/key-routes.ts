import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { getAddress, type Hex, isAddress, verifyMessage } from 'viem'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { UserRow } from './accounts.ts'
import { keyState, recoveryAvailable, storedShares, storeShares, takeRecoveryRelease } from './key-shares.ts'
import type { KeyVault } from './keys.ts'
import { PublicUser, publicUser } from './public-user.ts'

interface KeyRoutesOptions {
  db: Kysely<Tables>
  vault: KeyVault
  chainId: number
  /** The user behind the request's live session, or a 401. */
  sessionOf(request: FastifyRequest): Promise<UserRow & { tokenHash: string }>
}

export const KeyText = {
  PROOF_MISMATCH: 'The key proof does not match the address',
  OTHER_ADDRESS: "The key is not this wallet's key",
  ALREADY_SET_UP: "This wallet's key is already set up",
  NOT_SET_UP: "This wallet's key is not set up",
  LEGACY_AFTER_LOGIN: 'The key can only be moved right after a login',
  RECOVERY_AFTER_LOGIN: 'Recovery needs a fresh login: sign in again with your e-mail',
} as const

/** A Shamir share of a 32-byte key: 33 bytes, base64url without padding. */
const Share = z.string().regex(/^[A-Za-z0-9_-]{44}$/, 'expected a key share (33 bytes, base64url)')
const SetupBody = z.object({
  address: z
    .string()
    .refine((value) => isAddress(value), 'expected an address')
    .transform((value) => getAddress(value)),
  proof: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, 'expected a signature')
    .transform((value) => value as Hex),
  serverShare: Share,
  recovery: z.object({ kind: z.literal('operator'), share: Share }),
})
const KeyStatus = z.object({
  state: z.enum(['none', 'legacy', 'shares']),
  address: z.string().nullable(),
  recovery: z.enum(['operator', 'passkey']).nullable(),
  recoveryAvailable: z.boolean(),
})

/** What the key's owner signs at setup, so the services store shares only for the address they will answer with. */
const setupProof = (email: string, address: string) =>
  `Portico key setup\nemail: ${email}\naddress: ${address}`

/**
 * The secure frame's key routes (issue 22): it sets a key up once, as shares; takes the server
 * share back for each signature; and, right after a login only, takes the recovery share on a new
 * device or, once, a legacy user's whole key to reshare it. The services never combine shares.
 */
export const keyRoutesPlugin: FastifyPluginAsync<KeyRoutesOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, vault, chainId, sessionOf } = options
  const keyOf = async (request: FastifyRequest) => {
    const user = await sessionOf(request)
    const shares = await storedShares(db, user.id)
    return { user, shares, state: keyState(user, shares) }
  }

  app.post('/key/status', { schema: { response: { 200: KeyStatus } } }, async (request) => {
    const { user, shares, state } = await keyOf(request)
    return {
      state,
      address: user.address,
      recovery: shares?.recovery_kind ?? null,
      recoveryAvailable: await recoveryAvailable(db, user.tokenHash),
    }
  })

  app.post(
    '/key/setup',
    { schema: { body: SetupBody, response: { 200: z.object({ user: PublicUser }) } } },
    async (request) => {
      const { address, proof, serverShare, recovery } = request.body
      const { user, state } = await keyOf(request)
      if (state === 'shares') throw new HttpError(409, KeyText.ALREADY_SET_UP)
      const proven = await verifyMessage({
        address,
        message: setupProof(user.email, address),
        signature: proof,
      }).catch(() => false)
      if (!proven) throw new HttpError(400, KeyText.PROOF_MISMATCH)
      // A legacy user's address never changes: the frame reshares the very key it was handed.
      if (state === 'legacy' && user.address?.toLowerCase() !== address.toLowerCase())
        throw new HttpError(400, KeyText.OTHER_ADDRESS)
      const stored = await storeShares(db, state, {
        userId: user.id,
        address,
        serverShare: vault.sealShare('server', user.id, Buffer.from(serverShare, 'base64url')),
        recoveryShare: vault.sealShare('recovery', user.id, Buffer.from(recovery.share, 'base64url')),
        recoveryKind: recovery.kind,
        sessionTokenHash: user.tokenHash,
      })
      if (!stored) throw new HttpError(409, KeyText.ALREADY_SET_UP)
      return { user: publicUser({ email: user.email, address }, chainId) }
    },
  )

  app.post(
    '/key/legacy',
    { schema: { response: { 200: z.object({ privateKey: z.string().regex(/^0x[0-9a-f]{64}$/) }) } } },
    async (request) => {
      const { user, state } = await keyOf(request)
      const sealed = state === 'legacy' ? user.encrypted_key : null
      if (!sealed || !(await takeRecoveryRelease(db, user.tokenHash)))
        throw new HttpError(403, KeyText.LEGACY_AFTER_LOGIN)
      return { privateKey: vault.openLegacyKey(user.id, sealed) }
    },
  )

  app.post(
    '/key/share',
    { schema: { response: { 200: z.object({ serverShare: Share }) } } },
    async (request) => {
      const { user, shares } = await keyOf(request)
      if (!shares) throw new HttpError(409, KeyText.NOT_SET_UP)
      return { serverShare: vault.openShare('server', user.id, shares.server_share).toString('base64url') }
    },
  )

  app.post(
    '/key/recovery',
    { schema: { response: { 200: z.object({ kind: z.literal('operator'), share: Share }) } } },
    async (request) => {
      const { user, shares } = await keyOf(request)
      // A passkey's share is sealed in the frame: not the services' to hand out.
      if (shares?.recovery_kind !== 'operator' || !(await takeRecoveryRelease(db, user.tokenHash)))
        throw new HttpError(403, KeyText.RECOVERY_AFTER_LOGIN)
      return {
        kind: 'operator' as const,
        share: vault.openShare('recovery', user.id, shares.recovery_share).toString('base64url'),
      }
    },
  )
}
