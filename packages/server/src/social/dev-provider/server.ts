import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose'
import Provider, { interactionPolicy } from 'oidc-provider'
import type { SocialSettings } from '../config.ts'
import { PROVIDERS, SOCIAL_LOGIN_PROVIDERS, type SocialLoginProvider } from '../providers.ts'
import { DEV_USERS, providerIdOf } from './dev-users.ts'
import { memoryStore } from './memory-store.ts'
import { pickerPage } from './picker.ts'
import { answerProviderApi } from './provider-apis.ts'
import { devTelegram } from './telegram.ts'

export interface DevIdentityProvider {
  issuer: string
  /** All six OAuth providers pointed here, one client each, and Telegram: what `startServer`'s `social` takes. */
  social: SocialSettings
  close(): Promise<void>
}

const APPLE_TEAM = 'DEVTEAM001'
const APPLE_KEY_ID = 'DEVKEY0001'
const clientIdOf = (provider: SocialLoginProvider) => `portico-dev-${provider}`
const providerOfClient = (clientId: string) =>
  SOCIAL_LOGIN_PROVIDERS.find((provider) => clientIdOf(provider) === clientId)

/**
 * A real OpenID provider (`oidc-provider`) on loopback that stands in for all six OAuth social
 * providers, with Telegram's authorisation page beside it (telegram.ts), for `npm start` and the
 * tests only (it is not part of the built package). Google and Apple discover it and get
 * id_tokens; X, Discord, GitHub and Facebook use its authorization and token endpoints by
 * configuration and read its copies of their user APIs (provider-apis.ts).
 * Its login page is an account picker of dev users; PKCE is required of every client, Apple's
 * client authenticates with an ES256 JWT as Apple's does.
 */
export async function startDevIdentityProvider(options: {
  host?: string
  port?: number
  /** Where the services take the answers: PUBLIC_URL + /v1/auth/social/callback. */
  redirectUri: string
}): Promise<DevIdentityProvider> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`
  const signing = await generateKeyPair('RS256', { extractable: true })
  const apple = await generateKeyPair('ES256', { extractable: true })
  const secrets = new Map(
    SOCIAL_LOGIN_PROVIDERS.map((provider) => [provider, randomBytes(24).toString('base64url')]),
  )
  const policy = interactionPolicy.base()
  // A dev picks a user every time, as a provider's account chooser lets them, not the last one.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'pick_account',
        'the development provider asks every time',
        (ctx) => !ctx.oidc.result?.login,
      ),
    )
  const provider = new Provider(issuer, {
    clients: SOCIAL_LOGIN_PROVIDERS.map((name) => ({
      client_id: clientIdOf(name),
      client_secret: secrets.get(name),
      redirect_uris: [options.redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method:
        PROVIDERS[name].clientAuth === 'basic' ? 'client_secret_basic' : 'client_secret_post',
    })),
    adapter: memoryStore(),
    jwks: {
      keys: [{ ...(await exportJWK(signing.privateKey)), kid: 'dev-signing', alg: 'RS256', use: 'sig' }],
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    scopes: [
      ...new Set([
        'openid',
        'offline_access',
        ...SOCIAL_LOGIN_PROVIDERS.flatMap((name) => PROVIDERS[name].scope.split(' ')),
      ]),
    ],
    conformIdTokenClaims: false,
    // In seconds: long enough for a dev to pick a user, short enough to leave nothing lying around.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(ctx, id) {
      const user = DEV_USERS.find((candidate) => candidate.id === id)
      if (!user) return undefined
      const client = providerOfClient(ctx.oidc.client?.clientId ?? '') ?? 'google'
      return {
        accountId: id,
        claims: async () => ({
          sub: providerIdOf(client, user),
          name: user.name,
          ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
        }),
      }
    },
    // Every scope asked for is granted: the picker is the consent.
    async loadExistingGrant(ctx) {
      const { client, session, params } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(String(params?.scope ?? ''))
      await grant.save()
      return grant
    },
  })
  // Apple's client secret is an ES256 JWT from the team's key, issued to this issuer.
  const appleClient = clientIdOf('apple')
  const compare = provider.Client.prototype.compareClientSecret
  provider.Client.prototype.compareClientSecret = async function (
    this: InstanceType<typeof provider.Client>,
    actual: string,
  ) {
    if (this.clientId !== appleClient) return compare.call(this, actual)
    return jwtVerify(actual, apple.publicKey, {
      algorithms: ['ES256'],
      issuer: APPLE_TEAM,
      subject: appleClient,
      audience: issuer,
    }).then(
      ({ protectedHeader }) => protectedHeader.kid === APPLE_KEY_ID,
      () => false,
    )
  }
  const applePem = await exportPKCS8(apple.privateKey)

  const telegram = devTelegram()
  const oidcHandler = provider.callback()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void route(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(`development identity provider: ${(error as Error).message}`)
    })
  })
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer)
    if (await telegram.answer(url, req, res, () => bodyOf(req))) return
    if (url.pathname.startsWith('/api/'))
      return answerProviderApi(provider, providerOfClient, url, req.headers.authorization, res)
    const interaction = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(url.pathname)
    if (!interaction) return oidcHandler(req, res)
    const details = await provider.interactionDetails(req, res)
    if (!interaction[2]) {
      const client = providerOfClient(String(details.params.client_id)) ?? 'google'
      const label = PROVIDERS[client].label
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // As Google's sign-in pages do: it cuts the popup from the page that opened it, so the
        // modal's handling of a popup it can no longer see is met in development too.
        ...(client === 'google' ? { 'cross-origin-opener-policy': 'same-origin-allow-popups' } : {}),
      })
      return res.end(pickerPage((what) => `/interaction/${encodeURIComponent(details.uid)}/${what}`, label))
    }
    if (req.method !== 'POST') return res.writeHead(405).end()
    if (interaction[2] === 'abort')
      return provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'End-User aborted interaction',
      })
    const form = new URLSearchParams(await bodyOf(req))
    const account = DEV_USERS.find((user) => user.id === form.get('account'))
    if (!account) return res.writeHead(400).end('unknown account')
    return provider.interactionFinished(req, res, { login: { accountId: account.id, remember: false } })
  }

  const endpoint = (path: string) => `${issuer}${path}`
  const social = Object.fromEntries(
    SOCIAL_LOGIN_PROVIDERS.map((name) => {
      const client = { clientId: clientIdOf(name) }
      if (name === 'apple')
        return [
          name,
          {
            ...client,
            apple: { teamId: APPLE_TEAM, keyId: APPLE_KEY_ID, privateKey: applePem },
            endpoints: { issuer },
          },
        ]
      const endpoints =
        PROVIDERS[name].protocol === 'oidc'
          ? { issuer }
          : {
              issuer,
              authorizationEndpoint: endpoint('/auth'),
              tokenEndpoint: endpoint('/token'),
              apiBase: endpoint(`/api/${name}`),
            }
      return [name, { ...client, clientSecret: secrets.get(name), endpoints }]
    }),
  ) as SocialSettings
  social.telegram = { botToken: telegram.botToken, authUrl: endpoint('/telegram/auth') }
  return {
    issuer,
    social,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 4096) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
