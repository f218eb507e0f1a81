import * as oidc from 'openid-client'
import type { ServerMode } from '../server-mode.ts'
import { appleSecretMaker } from './apple-secret.ts'
import type { SocialProviderSettings, SocialSettings } from './config.ts'
import {
  profileFromDiscord,
  profileFromFacebook,
  profileFromGitHub,
  profileFromIdToken,
  profileFromX,
  type SocialProfile,
} from './profiles.ts'
import {
  PROVIDERS,
  type ProviderEndpoints,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProvider,
} from './providers.ts'

/**
 * Each call to a provider (discovery, code exchange, user API) gives up after this long, so the
 * popup's answer comes well inside the frame's 30 s request timeout (behaviour §9).
 */
const PROVIDER_TIMEOUT_S = 10

/** The secrets of one attempt: `state` and `nonce` single use, the PKCE verifier never leaves the services. */
export interface AttemptChecks {
  state: string
  nonce: string
  codeVerifier: string
}

export interface RelyingParty {
  /** The providers configured, in the order of SOCIAL_LOGIN_PROVIDERS. */
  providers: SocialLoginProvider[]
  /** Discovers the provider once (OpenID ones): a start fails fast while it cannot be reached. */
  ready(provider: SocialLoginProvider): Promise<void>
  authorizationUrl(provider: SocialLoginProvider, checks: AttemptChecks): Promise<URL>
  /**
   * The provider's answer (its parameters on the fixed callback URL) exchanged for the person:
   * state, PKCE, nonce and issuer checked by openid-client, the code exchanged on the server.
   */
  exchange(
    provider: SocialLoginProvider,
    answer: URL,
    checks: AttemptChecks,
    appleUser?: string,
  ): Promise<SocialProfile>
}

interface Client {
  endpoints: ProviderEndpoints
  configuration: () => Promise<oidc.Configuration>
  insecure: boolean
}

/** The configured providers as an OAuth client each; nothing is fetched until the first login. */
export async function createRelyingParty(
  settings: SocialSettings,
  context: { mode: ServerMode; callbackUrl: URL },
): Promise<RelyingParty> {
  const clients = new Map<SocialLoginProvider, Client>()
  for (const provider of SOCIAL_LOGIN_PROVIDERS) {
    const given = settings[provider]
    if (given) clients.set(provider, await clientOf(provider, given, context))
  }
  const clientOfProvider = (provider: SocialLoginProvider) => {
    const client = clients.get(provider)
    if (!client) throw new Error(`${provider} login is not configured`)
    return client
  }
  return {
    providers: [...clients.keys()],
    async ready(provider) {
      await clientOfProvider(provider).configuration()
    },
    async authorizationUrl(provider, checks) {
      const traits = PROVIDERS[provider]
      const config = await clientOfProvider(provider).configuration()
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: context.callbackUrl.href,
        scope: traits.scope,
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        ...(traits.protocol === 'oidc' ? { nonce: checks.nonce } : {}),
        ...(traits.responseMode ? { response_mode: traits.responseMode } : {}),
      })
    },
    async exchange(provider, answer, checks, appleUser) {
      const client = clientOfProvider(provider)
      const config = await client.configuration()
      const oidcProvider = PROVIDERS[provider].protocol === 'oidc'
      const tokens = await oidc.authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(oidcProvider ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      })
      if (oidcProvider) return profileFromIdToken(tokens.claims(), appleUser)
      const api = providerApi(config, tokens.access_token, client.endpoints.apiBase as string)
      switch (provider) {
        case 'x':
          return profileFromX(await api('/2/users/me?user.fields=confirmed_email'))
        case 'discord':
          return profileFromDiscord(await api('/users/@me'))
        case 'github':
          return profileFromGitHub(await api('/user'), await api('/user/emails'))
        case 'facebook':
          return profileFromFacebook(await api('/me?fields=id,name,email'))
        default:
          throw new Error(`${provider} has no user API`)
      }
    },
  }
}

async function clientOf(
  provider: SocialLoginProvider,
  given: SocialProviderSettings,
  context: { mode: ServerMode; callbackUrl: URL },
): Promise<Client> {
  const traits = PROVIDERS[provider]
  const endpoints = { ...traits.endpoints, ...given.endpoints }
  const urls = [endpoints.issuer, endpoints.authorizationEndpoint, endpoints.tokenEndpoint, endpoints.apiBase]
  const insecure = urls.some((url) => url?.startsWith('http:'))
  // Only the development identity provider speaks plain HTTP.
  if (insecure && context.mode !== 'development')
    throw new Error(`social.${provider}: the provider's endpoints must be https:// URLs`)
  if (
    traits.protocol === 'oauth' &&
    (!endpoints.authorizationEndpoint || !endpoints.tokenEndpoint || !endpoints.apiBase)
  )
    throw new Error(`social.${provider}: authorizationEndpoint, tokenEndpoint and apiBase are required`)
  const clientAuth = await clientAuthOf(provider, given, endpoints.issuer)
  const metadata = { redirect_uris: [context.callbackUrl.href], response_types: ['code'] }
  const prepared = (config: oidc.Configuration) => {
    config.timeout = PROVIDER_TIMEOUT_S
    if (insecure) oidc.allowInsecureRequests(config)
    return config
  }
  const make = async () =>
    prepared(
      traits.protocol === 'oidc'
        ? await oidc.discovery(new URL(endpoints.issuer), given.clientId, metadata, clientAuth, {
            timeout: PROVIDER_TIMEOUT_S,
            ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          })
        : new oidc.Configuration(
            {
              issuer: endpoints.issuer,
              authorization_endpoint: endpoints.authorizationEndpoint,
              token_endpoint: endpoints.tokenEndpoint,
            },
            given.clientId,
            metadata,
            clientAuth,
          ),
    )
  // Discovered once; a failed discovery is tried again by the next login.
  let pending: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
  return { endpoints, configuration, insecure }
}

async function clientAuthOf(
  provider: SocialLoginProvider,
  given: SocialProviderSettings,
  issuer: string,
): Promise<oidc.ClientAuth> {
  if (provider === 'apple') {
    if (!given.apple) throw new Error('social.apple needs its key (teamId, keyId, privateKey)')
    const secret = await appleSecretMaker(given.apple, given.clientId, issuer)
    return async (_server, _client, body) => {
      body.set('client_id', given.clientId)
      body.set('client_secret', await secret())
    }
  }
  if (!given.clientSecret) throw new Error(`social.${provider} needs its client secret`)
  return PROVIDERS[provider].clientAuth === 'basic'
    ? oidc.ClientSecretBasic(given.clientSecret)
    : oidc.ClientSecretPost(given.clientSecret)
}

/** GET on the provider's own user API with the access token; its JSON, or an error naming the path. */
function providerApi(config: oidc.Configuration, accessToken: string, apiBase: string) {
  return async (path: string): Promise<unknown> => {
    const url = new URL(`${apiBase.replace(/\/$/, '')}${path}`)
    const headers = new Headers({
      accept: 'application/json',
      // GitHub refuses requests without one.
      'user-agent': 'portico-services',
    })
    const response = await oidc.fetchProtectedResource(config, accessToken, url, 'GET', undefined, headers)
    if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`)
    return response.json()
  }
}
