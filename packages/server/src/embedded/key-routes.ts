import { keySetupProof, passkeyResplitProof } from '@portico/core/shared'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { getAddress, type Hex, isAddress, verifyMessage } from 'viem'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import type { TokenHasher } from '../hash-secret.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { SessionSocial, UserRow } from './accounts.ts'
import { callerOf } from './guard.ts'
import {
  keyState,
  markCodeVerified,
  recoveryAvailable,
  releaseUnspent,
  rotationAdvised,
  type StoredShares,
  storedShares,
  storePasskeyResplit,
  storeShares,
  takeRecoveryRelease,
  vacuumReplaced,
} from './key-shares.ts'
import type { KeyVault } from './keys.ts'
import type { CodeKind } from './mail.ts'
import { consumeOtp } from './otps.ts'
import { PublicUser, publicUser } from './public-user.ts'

interface KeyRoutesOptions {
  db: Kysely<Tables>
  /** Which engine: what a replaced share's pages are rewritten with (key-shares.ts `vacuumReplaced`). */
  databaseKind: 'pglite' | 'postgres'
  vault: KeyVault
  chainId: number
  hashToken: TokenHasher
  /** The user behind the request's live session, or a 401. */
  sessionOf(request: FastifyRequest): Promise<UserRow & { tokenHash: string; social: SessionSocial | null }>
  /** Mails a code for `purpose`, bound to the asking device (routes.ts). */
  sendCode(request: FastifyRequest, email: string, purpose: string, kind: CodeKind): Promise<void>
}

export const KeyText = {
  PROOF_MISMATCH: 'The key proof does not match the address',
  OTHER_ADDRESS: "The key is not this wallet's key",
  ALREADY_SET_UP: "This wallet's key is already set up",
  NOT_SET_UP: "This wallet's key is not set up",
  LEGACY_AFTER_LOGIN: 'The key can only be moved right after a login',
  RECOVERY_AFTER_LOGIN: 'Recovery needs a fresh login: sign in again with your e-mail',
  RECOVERY_NEEDS_CODE: 'Enter the code we e-mailed you to open your wallet on this device',
  NO_CODE_RECOVERY:
    'This wallet can be opened on a new device only with its passkey, or on a device that already holds it',
  KEY_CHANGE_OUT_OF_DATE: 'This key change is out of date. Try again.',
} as const

/** How far a re-split's (or a rotation's) proof time may be from the services' clock, either way. */
export const KEY_CHANGE_WINDOW_MS = 5 * 60_000

/**
 * Bytes as base64url without padding, `min` to `max` characters, in the one spelling that encodes
 * them: the services hand back exactly the text the frame sent.
 */
const base64url = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), `expected ${what}`)
    .refine((value) => Buffer.from(value, 'base64url').toString('base64url') === value, `expected ${what}`)

/** A Shamir share of a 32-byte key: 33 bytes. */
export const Share = base64url(44, 44, 'a key share (33 bytes, base64url)')
/** A recovery share sealed in the frame under the user's passkey: iv ‖ AES-GCM ciphertext. */
const PasskeySealedShare = base64url(80, 120, 'a sealed recovery share (base64url)')
const CredentialId = base64url(16, 1400, 'a passkey credential id (base64url)')
const PrfSalt = base64url(43, 43, 'a salt (32 bytes, base64url)')
export const Proof = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'expected a signature')
  .transform((value) => value as Hex)
const AnyAddress = z.string().refine((value) => isAddress(value, { strict: false }), 'expected an address')

const SetupBody = z.object({
  address: z
    .string()
    .refine((value) => isAddress(value), 'expected an address')
    .transform((value) => getAddress(value)),
  proof: Proof,
  serverShare: Share,
  // A user who made a passkey before the first setup is never split with an operator share.
  recovery: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('operator'), share: Share }),
    z.object({
      kind: z.literal('passkey'),
      share: PasskeySealedShare,
      credentialId: CredentialId,
      salt: PrfSalt,
    }),
  ]),
})
/** A recovery share sealed under the user's passkey in the frame, and the passkey to ask for. */
export const PasskeyRecovery = z.object({
  share: PasskeySealedShare,
  credentialId: CredentialId,
  salt: PrfSalt,
})
const PasskeyBody = z.object({
  address: AnyAddress,
  issuedAt: z.int().positive(),
  proof: Proof,
  serverShare: Share,
  recovery: PasskeyRecovery,
})
const Passkey = z.object({ credentialId: z.string(), salt: z.string() })
const KeyStatus = z.object({
  state: z.enum(['none', 'legacy', 'shares']),
  address: z.string().nullable(),
  recovery: z.enum(['operator', 'passkey']).nullable(),
  recoveryAvailable: z.boolean(),
  /** A code mailed to the user and typed in the frame would make the recovery share available. */
  codeUnlocks: z.boolean(),
  passkey: Passkey.nullable(),
  /** Recovery shares issued before still open this key, until it is rotated (key-rotation-routes.ts). */
  rotationAdvised: z.boolean(),
})
const RecoveryShare = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('operator'), share: Share }),
  z.object({ kind: z.literal('passkey'), share: PasskeySealedShare, ...Passkey.shape }),
])

/** The passkey a passkey user's new device asks for; null for operator recovery. */
const passkeyOf = (shares: StoredShares | undefined) =>
  shares?.passkey_credential_id && shares.passkey_salt
    ? { credentialId: shares.passkey_credential_id, salt: shares.passkey_salt }
    : null

/**
 * The secure frame's key routes: it sets a key up once, as shares; takes the server
 * share back for each signature; may re-split the key so that only the user's passkey opens the
 * recovery share; and, right after a login only, takes the recovery share on a new device or, once,
 * a legacy user's whole key to reshare it. The services never combine shares.
 */
export const keyRoutesPlugin: FastifyPluginAsync<KeyRoutesOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, databaseKind, vault, chainId, sessionOf, sendCode, hashToken } = options
  const keyOf = async (request: FastifyRequest) => {
    const user = await sessionOf(request)
    const shares = await storedShares(db, user.id)
    return { user, shares, state: keyState(user, shares) }
  }

  app.post('/key/status', { schema: { response: { 200: KeyStatus } } }, async (request) => {
    const { user, shares, state } = await keyOf(request)
    const kind = shares?.recovery_kind ?? 'operator'
    const available = state !== 'none' && (await recoveryAvailable(db, user.tokenHash, kind))
    return {
      state,
      address: user.address,
      recovery: shares?.recovery_kind ?? null,
      recoveryAvailable: available,
      codeUnlocks:
        state !== 'none' &&
        kind === 'operator' &&
        user.email !== null &&
        !available &&
        (await releaseUnspent(db, user.tokenHash)),
      passkey: passkeyOf(shares),
      rotationAdvised: shares ? rotationAdvised(shares) : state === 'legacy',
    }
  })

  // A device that logged in without a code (a social provider, Farcaster) and holds no share: the
  // frame mails a code and the user types it in the frame, on this device, before operator recovery
  // releases anything.
  const unlockPurpose = (user: UserRow) => `unlock:${user.id}`
  app.post('/key/recovery/code', { schema: { response: { 200: z.object({}) } } }, async (request) => {
    const { user, state } = await keyOf(request)
    if (state === 'none') throw new HttpError(409, KeyText.NOT_SET_UP)
    if (user.email === null) throw new HttpError(409, KeyText.NO_CODE_RECOVERY)
    await sendCode(request, user.email, unlockPurpose(user), { kind: 'unlock' })
    return {}
  })
  app.post(
    '/key/recovery/verify',
    { schema: { body: z.object({ otp: z.string().max(16) }), response: { 200: z.object({}) } } },
    async (request) => {
      const { user } = await keyOf(request)
      if (user.email === null) throw new HttpError(409, KeyText.NO_CODE_RECOVERY)
      await consumeOtp(db, hashToken, {
        email: user.email,
        purpose: unlockPurpose(user),
        deviceId: callerOf(request).deviceId,
        code: request.body.otp,
      })
      await markCodeVerified(db, user.tokenHash)
      return {}
    },
  )

  app.post(
    '/key/setup',
    { schema: { body: SetupBody, response: { 200: z.object({ user: PublicUser }) } } },
    async (request) => {
      const { address, proof, serverShare, recovery } = request.body
      const { user, state } = await keyOf(request)
      if (state === 'shares') throw new HttpError(409, KeyText.ALREADY_SET_UP)
      const proven = await verifyMessage({
        address,
        message: keySetupProof(user.email ?? '', address),
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
        passkey:
          recovery.kind === 'passkey'
            ? { credentialId: recovery.credentialId, salt: recovery.salt }
            : undefined,
        sessionTokenHash: user.tokenHash,
      })
      if (!stored) throw new HttpError(409, KeyText.ALREADY_SET_UP)
      if (state === 'legacy') await vacuumReplaced(db, databaseKind, 'embedded_users')
      const rotationAdvised = recovery.kind === 'operator' || state === 'legacy'
      return { user: publicUser({ ...user, address, recovery: recovery.kind, rotationAdvised }, chainId) }
    },
  )

  // Needs no fresh login: the proof shows the caller holds the key, and the shares it replaces
  // give nothing the key does not.
  app.post(
    '/key/passkey',
    { schema: { body: PasskeyBody, response: { 200: z.object({ user: PublicUser }) } } },
    async (request) => {
      const { body } = request
      const { user, shares } = await keyOf(request)
      if (!shares) throw new HttpError(409, KeyText.NOT_SET_UP)
      if (user.address?.toLowerCase() !== body.address.toLowerCase())
        throw new HttpError(400, KeyText.OTHER_ADDRESS)
      const proven = await verifyMessage({
        address: getAddress(body.address),
        message: passkeyResplitProof(user.email ?? '', body),
        signature: body.proof,
      }).catch(() => false)
      if (!proven) throw new HttpError(400, KeyText.PROOF_MISMATCH)
      // A body replayed after a later re-split would bring back shares the user replaced.
      const previous = shares.resplit_at
      if (
        Math.abs(Date.now() - body.issuedAt) > KEY_CHANGE_WINDOW_MS ||
        (previous && body.issuedAt <= previous.getTime())
      )
        throw new HttpError(400, KeyText.KEY_CHANGE_OUT_OF_DATE)
      const stored = await storePasskeyResplit(db, {
        userId: user.id,
        serverShare: vault.sealShare('server', user.id, Buffer.from(body.serverShare, 'base64url')),
        // Sealed twice: under the passkey in the frame, under RECOVERY_KEY here.
        recoveryShare: vault.sealShare('recovery', user.id, Buffer.from(body.recovery.share, 'base64url')),
        credentialId: body.recovery.credentialId,
        salt: body.recovery.salt,
        issuedAt: new Date(body.issuedAt),
        previous,
      })
      if (!stored) throw new HttpError(409, KeyText.KEY_CHANGE_OUT_OF_DATE)
      await vacuumReplaced(db, databaseKind, 'embedded_key_shares')
      return { user: publicUser({ ...user, recovery: 'passkey', rotationAdvised: true }, chainId) }
    },
  )

  app.post(
    '/key/legacy',
    { schema: { response: { 200: z.object({ privateKey: z.string().regex(/^0x[0-9a-f]{64}$/) }) } } },
    async (request) => {
      const { user, state } = await keyOf(request)
      const sealed = state === 'legacy' ? user.encrypted_key : null
      if (!sealed || !(await takeRecoveryRelease(db, user.tokenHash, 'operator')))
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

  app.post('/key/recovery', { schema: { response: { 200: RecoveryShare } } }, async (request) => {
    const { user, shares } = await keyOf(request)
    if (!shares || !(await takeRecoveryRelease(db, user.tokenHash, shares.recovery_kind)))
      throw new HttpError(403, KeyText.RECOVERY_AFTER_LOGIN)
    const share = vault.openShare('recovery', user.id, shares.recovery_share).toString('base64url')
    const passkey = passkeyOf(shares)
    // A passkey user's share is still sealed under their passkey: only the frame, with it, opens it.
    return passkey ? { kind: 'passkey' as const, share, ...passkey } : { kind: 'operator' as const, share }
  })
}
