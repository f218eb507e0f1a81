import { keyRotationProof, porticoAccountAbi, porticoAccountFactoryAbi } from '@portico/core/shared'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import {
  type Address,
  createPublicClient,
  getAddress,
  http,
  isAddress,
  isAddressEqual,
  verifyMessage,
} from 'viem'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import type { SessionSocial, UserRow } from './accounts.ts'
import { beginRotation, finishRotation, type PendingRotation, pendingRotation } from './key-rotation.ts'
import { KEY_CHANGE_WINDOW_MS, PasskeyRecovery, Proof, Share } from './key-routes.ts'
import { storedShares, vacuumReplaced } from './key-shares.ts'
import type { KeyVault } from './keys.ts'
import { PublicUser, publicUser } from './public-user.ts'

/** The smart account of a key, at the factory's salt the frame uses. */
const ACCOUNT_SALT = 0n

interface KeyRotationOptions {
  db: Kysely<Tables>
  databaseKind: 'pglite' | 'postgres'
  vault: KeyVault
  chainId: number
  /** The wallet's chain, read here for the smart account's owner: the frame's word is never taken. */
  rpcUrl: string
  /** The bundler's account factory; absent, only EOA rotations exist. */
  accountFactory?: Address | undefined
  sessionOf(request: FastifyRequest): Promise<UserRow & { tokenHash: string; social: SessionSocial | null }>
}

export const RotationText = {
  NOT_SET_UP: "This wallet's key is not set up",
  OTHER_ADDRESS: "The key is not this wallet's key",
  PROOF_MISMATCH: 'The key proofs do not match the old and the new address',
  OUT_OF_DATE: 'This key change is out of date. Try again.',
  NO_SMART_ACCOUNTS: 'Smart accounts are not available on this chain',
  NONE_WAITING: 'No key change is waiting to be finished',
  OWNER_NOT_CHANGED:
    'The smart account is not owned by the new key yet: approve the change in the Portico secure window, or try again',
  WAITING: 'A key change is waiting to be finished: finish it first',
} as const

const AddressText = z
  .string()
  .refine((value) => isAddress(value), 'expected an address')
  .transform((value) => getAddress(value))
const StartBody = z.object({
  kind: z.enum(['smartAccount', 'eoa']),
  oldAddress: AddressText,
  newAddress: AddressText,
  issuedAt: z.int().positive(),
  serverShare: Share,
  // Passkey-first: the new key never has a share the operator can open.
  recovery: PasskeyRecovery,
  oldProof: Proof,
  newProof: Proof,
})
const Pending = z.object({
  kind: z.enum(['smartAccount', 'eoa']),
  address: z.string(),
  account: z.string().nullable(),
})

/**
 * Key rotation: the user's wallet moves to a new key split passkey-first, so recovery shares issued
 * before (an operator's, or the shares a re-split replaced, kept in the WAL and backups) combine into
 * a key that no longer holds anything. A smart account keeps its address: the old key signs
 * `setOwner(new key)`, and the services switch to the new shares only once the chain shows the new
 * owner. An EOA user gets a new address: the frame moves the assets with the old key, then finishes.
 * Until then the old key keeps working; a rotation not finished can be started again.
 */
export const keyRotationRoutesPlugin: FastifyPluginAsync<KeyRotationOptions> = async (scope, options) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, databaseKind, vault, chainId, sessionOf, accountFactory } = options
  const chain = createPublicClient({ transport: http(options.rpcUrl) })

  const accountOf = async (user: UserRow): Promise<Address> => {
    if (user.smart_account) return getAddress(user.smart_account)
    if (!accountFactory || !user.address) throw new HttpError(409, RotationText.NO_SMART_ACCOUNTS)
    return chain.readContract({
      address: accountFactory,
      abi: porticoAccountFactoryAbi,
      functionName: 'getAddress',
      args: [getAddress(user.address), ACCOUNT_SALT],
    })
  }
  // An undeployed account has no owner yet, which is never the new key.
  const ownedByNewKey = async (rotation: PendingRotation): Promise<boolean> => {
    if (!rotation.account) return false
    const account = getAddress(rotation.account)
    if ((await chain.getCode({ address: account })) === undefined) return false
    const owner = await chain.readContract({
      address: account,
      abi: porticoAccountAbi,
      functionName: 'owner',
    })
    return isAddressEqual(owner, getAddress(rotation.new_address))
  }

  app.post(
    '/key/rotation/status',
    { schema: { response: { 200: z.object({ pending: Pending.nullable() }) } } },
    async (request) => {
      const user = await sessionOf(request)
      const rotation = await pendingRotation(db, user.id)
      const current = rotation && rotation.old_address === user.address
      return {
        pending: current
          ? { kind: rotation.kind, address: rotation.new_address, account: rotation.account }
          : null,
      }
    },
  )

  app.post(
    '/key/rotation/start',
    { schema: { body: StartBody, response: { 200: z.object({ account: z.string().nullable() }) } } },
    async (request) => {
      const { body } = request
      const user = await sessionOf(request)
      if (!user.address || !(await storedShares(db, user.id)))
        throw new HttpError(409, RotationText.NOT_SET_UP)
      if (!isAddressEqual(getAddress(user.address), body.oldAddress))
        throw new HttpError(400, RotationText.OTHER_ADDRESS)
      if (Math.abs(Date.now() - body.issuedAt) > KEY_CHANGE_WINDOW_MS)
        throw new HttpError(400, RotationText.OUT_OF_DATE)
      const message = keyRotationProof(user.email ?? '', body)
      const proven = await Promise.all([
        verifyMessage({ address: body.oldAddress, message, signature: body.oldProof }),
        verifyMessage({ address: body.newAddress, message, signature: body.newProof }),
      ]).catch(() => [false])
      if (!proven.every(Boolean)) throw new HttpError(400, RotationText.PROOF_MISMATCH)
      // A rotation whose owner change is on chain already must be finished, not replaced: its shares
      // are the only ones that open the account now.
      const earlier = await pendingRotation(db, user.id)
      if (earlier && earlier.old_address === user.address && (await ownedByNewKey(earlier)))
        throw new HttpError(409, RotationText.WAITING)
      const account = body.kind === 'smartAccount' ? await accountOf(user) : null
      await beginRotation(db, {
        userId: user.id,
        kind: body.kind,
        oldAddress: user.address,
        newAddress: body.newAddress,
        account,
        serverShare: vault.sealShare('server', user.id, Buffer.from(body.serverShare, 'base64url')),
        // Sealed twice: under the passkey in the frame, under RECOVERY_KEY here.
        recoveryShare: vault.sealShare('recovery', user.id, Buffer.from(body.recovery.share, 'base64url')),
        credentialId: body.recovery.credentialId,
        salt: body.recovery.salt,
      })
      return { account }
    },
  )

  app.post(
    '/key/rotation/finish',
    { schema: { response: { 200: z.object({ user: PublicUser }) } } },
    async (request) => {
      const user = await sessionOf(request)
      const rotation = await pendingRotation(db, user.id)
      if (!rotation || rotation.old_address !== user.address)
        throw new HttpError(409, RotationText.NONE_WAITING)
      // The old key signed the request at the start; for a smart account the chain must agree too,
      // or the account would be left to a key the services no longer serve.
      if (rotation.kind === 'smartAccount' && !(await ownedByNewKey(rotation)))
        throw new HttpError(409, RotationText.OWNER_NOT_CHANGED)
      if (!(await finishRotation(db, rotation))) throw new HttpError(409, RotationText.NONE_WAITING)
      // The old shares' pages, and the rotation row's copy of the new ones, are rewritten.
      await vacuumReplaced(db, databaseKind, 'embedded_key_shares')
      await vacuumReplaced(db, databaseKind, 'embedded_key_rotations')
      const smartAccount = rotation.kind === 'smartAccount' ? rotation.account : null
      return {
        user: publicUser(
          {
            ...user,
            address: rotation.new_address,
            smart_account: smartAccount,
            recovery: 'passkey',
            rotationAdvised: false,
          },
          chainId,
        ),
      }
    },
  )
}
