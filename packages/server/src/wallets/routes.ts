import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { listWallets } from './list.ts'
import { WalletsQuery } from './query.ts'
import type { WalletRegistry } from './registry.ts'

const link = z.string().nullable()
const WalletEntry = z.object({
  id: z.string(),
  name: z.string(),
  image_id: link,
  image_url: link,
  rdns: link,
  homepage: link,
  mobile_link: link,
  desktop_link: link,
  webapp_link: link,
  app_store: link,
  play_store: link,
  chrome_store: link,
  chains: z.array(z.string()),
  badge_type: z.enum(['certified', 'none']),
})
const WalletsAnswer = z.object({ data: z.array(WalletEntry), count: z.number().int().nonnegative() })

/**
 * The wallet list of behaviour §7 (`GET /v1/wallets`) from the operator's registry, read once at
 * start: no vendor is asked, so the explorer works offline. Registered inside `/v1`'s guard.
 */
export const walletsPlugin: FastifyPluginAsync<{ registry: WalletRegistry }> = async (
  scope,
  { registry },
) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/wallets',
    { schema: { querystring: WalletsQuery, response: { 200: WalletsAnswer } } },
    async ({ query }, reply) => {
      // The registry changes only with a restart; a visitor scrolling back need not ask again.
      reply.header('cache-control', 'private, max-age=300')
      return listWallets(registry, query)
    },
  )
}
