import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { secret } from '../module-settings.ts'
import { defineModule } from '../server-module.ts'
import { GATEWAY_PATH, gatewayUrlOf, nameGatewayPlugin } from './gateway-routes.ts'
import type { NamesOptions, NamesSettings } from './routes.ts'
import { namesPlugin } from './routes.ts'

/** A DNS name such as `portico.id`: names registered under it are `alice.portico.id`. */
const DNS_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/

const isPrivateKey = (key: Hex) => {
  try {
    privateKeyToAccount(key)
    return true
  } catch {
    return false
  }
}

const NamesEnvironment = z.object({
  NAMES_SUFFIX: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.string().max(200).regex(DNS_NAME, 'must be a domain name such as portico.id'))
    .optional(),
  NAMES_GATEWAY_KEY: secret('it signs the answers of the names gateway')
    .transform((value) => `0x${value.replace(/^0x/, '')}` as Hex)
    .refine(isPrivateKey, 'must be a private key (not zero, below the secp256k1 order)')
    .optional(),
})

/** Account names under the operator's suffix, and the gateway standard ENS calls resolve them through. */
export const namesModule = defineModule({
  name: 'names',
  settings: NamesEnvironment,
  requirements(given) {
    if (!given.NAMES_GATEWAY_KEY) return []
    const problems: string[] = []
    if (!given.NAMES_SUFFIX)
      problems.push(
        'NAMES_SUFFIX is required with NAMES_GATEWAY_KEY: the gateway answers for the names under it',
      )
    if (!given.PUBLIC_URL)
      problems.push(
        'PUBLIC_URL is required with the names gateway (NAMES_GATEWAY_KEY): the name resolver sends ENS clients there',
      )
    return problems
  },
  configure: (vars, { chain }) =>
    vars.NAMES_SUFFIX
      ? { names: { ...chain, suffix: vars.NAMES_SUFFIX, gatewayKey: vars.NAMES_GATEWAY_KEY } }
      : {},
  // The gateway answers ENS calls for the names with the key the stack keeps.
  development: ({ chain, namesGatewayKey }) => ({
    names: { suffix: 'portico.id', ...chain, gatewayKey: namesGatewayKey },
  }),
  setUp: ({ options }) => {
    if (!options.names) return undefined
    // Checked before anything opens: a key that is no private key stops the start here.
    if (options.names.gatewayKey) privateKeyToAccount(options.names.gatewayKey)
    return { resources: { names: options.names } }
  },
  async projectRoutes(v1, { options, database }) {
    const { names } = options
    if (names) await v1.register(namesPlugin(database.db, names))
  },
  async routes(app, { options, database }) {
    const { names } = options
    // The names gateway (EIP-3668) is called by any ENS-aware app or server, which has no project of
    // ours and no Origin on an allow-list: it stays outside /v1's guard, open and limited per IP.
    if (names?.gatewayKey)
      await app.register(nameGatewayPlugin(database.db, { ...names, gatewayKey: names.gatewayKey }), {
        prefix: GATEWAY_PATH,
      })
  },
  describe: ({ names }, publicOrigin) =>
    names?.gatewayKey
      ? {
          namesGateway: {
            url: gatewayUrlOf(publicOrigin),
            signer: privateKeyToAccount(names.gatewayKey).address,
          },
        }
      : {},
})

// This domain's options of `startServer` and `buildServer`, declared beside it (declaration merging).
declare module '../server-options.ts' {
  interface StartServerOptions {
    /**
     * Turns on account names (register, look up, reverse, suggest, identity) under a suffix, and with
     * `gatewayKey` the gateway through which standard ENS calls resolve them (`namesGateway` below).
     */
    names?: NamesSettings
  }
  interface BuildServerOptions {
    /**
     * Account names under the operator's suffix; absent, the /v1/profile and /v1/identity routes do not
     * exist. With its `gatewayKey`, also the names gateway that PorticoNameResolver sends ENS clients to.
     */
    names?: NamesOptions | undefined
  }
}
