/**
 * Account names on the services (behaviour §7 profile and identity): look a name up,
 * list an address's names, suggest free ones, register one with a signed statement, and answer
 * an address's identity. Names are eip155 only and live under the operator's suffix.
 */
import { coinTypeOf, nameLabelProblem } from '@portico/core/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { type Client, createPublicClient, type Hex, http } from 'viem'
import { verifyMessage } from 'viem/actions'
import { z } from 'zod'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import type { ZodTypeProvider } from '../http/route-schema.ts'
import { generatedAvatar } from './avatar.ts'
import {
  claimRegistrationSlot,
  findName,
  type NameRecord,
  namesOf,
  registerName,
  takenLabels,
} from './repository.ts'
import { candidateLabels, isFresh, labelOf, NameText, parseStatement } from './rules.ts'

/** What `startServer` takes to offer account names. */
export interface NamesSettings {
  /** The suffix names live under, e.g. `portico.id`: `alice` is `alice.portico.id`. */
  suffix: string
  /** The chain the named addresses are on; contract-account signatures are checked on it. */
  chainId: number
  rpcUrl: string
  /**
   * The operator's gateway key (0x and 64 hex digits): it signs the name gateway's answers, and
   * PorticoNameResolver takes answers from its address only. Absent, there is no gateway.
   */
  gatewayKey?: Hex | undefined
}

export interface NamesOptions extends NamesSettings {
  now?: () => number
}

const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x and 40 hex digits')
const NameParams = z.object({ name: z.string().min(1).max(300) })
const AddressParams = z.object({ address: Address })
const Registration = z.object({
  coin_type: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  address: Address,
  message: z.string().min(1).max(8192),
  // ERC-6492 wraps deployment calldata around the signature.
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex')
    .max(32_768),
})

const Profile = z.object({
  name: z.string(),
  registered_at: z.string(),
  updated_at: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
  attributes: z.record(z.string(), z.string()),
})
const Suggestions = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
const Settings = z.object({ suffix: z.string(), coin_type: z.number() })
const Identity = z.object({ name: z.string().nullable(), avatar: z.string() })

/** How many free alternatives a taken name gets. */
const SUGGESTION_COUNT = 5

export function namesPlugin(db: Kysely<Tables>, options: NamesOptions): FastifyPluginAsync {
  const client: Client = createPublicClient({ transport: http(options.rpcUrl) })
  const coinType = coinTypeOf(options.chainId)
  const now = options.now ?? Date.now
  const fullName = (label: string) => `${label}.${options.suffix}`
  const profileOf = (record: NameRecord) => ({
    name: fullName(record.label),
    registered_at: record.registeredAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    addresses: {
      [String(record.coinType)]: { address: record.address, created: record.registeredAt.toISOString() },
    },
    attributes: record.attributes,
  })

  /** The label of a name as asked for, or a 400 naming the rule it breaks. */
  function validLabel(name: string): string {
    const label = labelOf(name, options.suffix)
    if (label === undefined) throw new HttpError(400, NameText.OTHER_SUFFIX)
    const problem = nameLabelProblem(label)
    if (problem) throw new HttpError(400, problem)
    return label
  }

  return async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>()

    // What the modal needs before the visitor types: the suffix to show, the coin type to sign for.
    app.get('/profile/settings', { schema: { response: { 200: Settings } } }, async () => ({
      suffix: options.suffix,
      coin_type: coinType,
    }))

    app.get(
      '/profile/account/:name',
      { schema: { params: NameParams, response: { 200: Profile } } },
      async (request) => {
        const record = await findName(db, validLabel(request.params.name))
        if (!record) throw new HttpError(404, NameText.NOT_FOUND)
        return profileOf(record)
      },
    )

    app.get(
      '/profile/reverse/:address',
      { schema: { params: AddressParams, response: { 200: z.array(Profile) } } },
      async (request) => (await namesOf(db, request.params.address)).map(profileOf),
    )

    app.get(
      '/profile/suggestions/:name',
      { schema: { params: NameParams, response: { 200: Suggestions } } },
      async (request) => {
        const label = validLabel(request.params.name)
        const candidates = candidateLabels(label)
        const taken = await takenLabels(db, [label, ...candidates])
        const free = candidates.filter((candidate) => !taken.has(candidate.toLowerCase()))
        return {
          suggestions: [
            { name: fullName(label), registered: taken.has(label.toLowerCase()) },
            ...free
              .slice(0, SUGGESTION_COUNT)
              .map((candidate) => ({ name: fullName(candidate), registered: false })),
          ],
        }
      },
    )

    app.post(
      '/profile/account',
      { schema: { body: Registration, response: { 201: Profile } } },
      async (request, reply) => {
        const { address, message, signature } = request.body
        if (request.body.coin_type !== coinType) throw new HttpError(400, NameText.OTHER_COIN)
        const statement = parseStatement(message)
        if (!statement) throw new HttpError(400, NameText.BAD_MESSAGE)
        const label = validLabel(statement.name)
        const avatar = statement.attributes.avatar
        // Shown as an image by any app that reads it: an https or image data URL, never a script scheme.
        if (avatar !== undefined && !/^(https:\/\/|data:image\/)/.test(avatar))
          throw new HttpError(400, NameText.BAD_AVATAR)
        if (!isFresh(statement.timestamp, now())) throw new HttpError(401, NameText.OLD_TIMESTAMP)
        if (!(await claimRegistrationSlot(db, request.ip))) throw new HttpError(429, NameText.TOO_MANY)
        // EOAs, deployed contract accounts (ERC-1271) and ones not deployed yet (ERC-6492) alike.
        const valid = await verifyMessage(client, {
          address: address as Hex,
          message,
          signature: signature as Hex,
        }).catch(() => false)
        if (!valid) throw new HttpError(401, NameText.BAD_SIGNATURE)
        const record = await registerName(db, { label, address, coinType, attributes: statement.attributes })
        return reply.code(201).send(profileOf(record))
      },
    )

    app.get(
      '/identity/:address',
      { schema: { params: AddressParams, response: { 200: Identity } } },
      async (request) => {
        const [primary] = await namesOf(db, request.params.address)
        const chosen = primary?.primary ? primary : undefined
        return {
          name: chosen ? fullName(chosen.label) : null,
          avatar: chosen?.attributes.avatar ?? generatedAvatar(request.params.address),
        }
      },
    )
  }
}
