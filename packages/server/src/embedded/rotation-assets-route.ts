import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { watchAddress } from '../indexer/watched.ts'
import type { UserRow } from './accounts.ts'
import { RotationText } from './key-rotation-routes.ts'

interface RotationAssetsOptions {
  db: Kysely<Tables>
  chainId: number
  /** The block the services' index of this chain reads back to (`START_BLOCK`); absent, it is not indexed here. */
  indexFloor?: number | undefined
  sessionOf(request: FastifyRequest): Promise<UserRow>
}

// More would be an address sprayed with tokens: the frame moves what it can list in one card.
const MOST_TOUCHED = 500

const Touched = z.object({
  standard: z.enum(['erc20', 'erc721', 'erc1155']),
  contract: z.string(),
  /** The NFT's id, decimal; null for an ERC-20. */
  tokenId: z.string().nullable(),
})
const Answer = z.object({
  /** False while the services have not read the address's past: the list would be incomplete. */
  indexed: z.boolean(),
  touched: z.array(Touched),
})

/**
 * What an EOA rotation may have to move: every token contract (and NFT) the session's own address
 * ever received, from the services' index of it, so the frame never asks a node for logs from block 0.
 * The frame reads each amount from the chain itself; this only says where to look.
 */
export const rotationAssetsRoutePlugin: FastifyPluginAsync<RotationAssetsOptions> = async (
  scope,
  options,
) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  const { db, chainId, indexFloor } = options

  app.post('/key/rotation/assets', { schema: { response: { 200: Answer } } }, async (request) => {
    const user = await options.sessionOf(request)
    if (!user.address) throw new HttpError(409, RotationText.NOT_SET_UP)
    const address = user.address.toLowerCase()
    // Every embedded user is watched without expiry; its backfill row is done once its past is read.
    const backfill = await db
      .selectFrom('chain_backfills')
      .select('done')
      .where('chain_id', '=', chainId)
      .where('address', '=', address)
      .executeTakeFirst()
    if (!backfill && indexFloor !== undefined) {
      // The index adds embedded users in rounds; the user waiting at the card should not wait for one.
      await watchAddress(db, {
        chainId,
        address,
        reason: 'embedded',
        projectId: null,
        expiresAt: null,
        maxPerProject: Number.POSITIVE_INFINITY,
        floor: indexFloor,
      })
    }
    if (!backfill?.done) return { indexed: false, touched: [] }
    const rows = await db
      .selectFrom('chain_events')
      .select(['kind', 'contract', 'token_id'])
      .distinct()
      .where('chain_id', '=', chainId)
      .where('to_address', '=', address)
      .where('kind', 'in', ['erc20', 'erc721', 'erc1155'])
      .where('contract', 'is not', null)
      .limit(MOST_TOUCHED)
      .execute()
    return {
      indexed: true,
      touched: rows.map((row) => ({
        standard: row.kind as z.output<typeof Touched>['standard'],
        contract: row.contract ?? '',
        tokenId: row.kind === 'erc20' ? null : row.token_id,
      })),
    }
  })
}
