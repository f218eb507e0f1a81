import { z } from 'zod'

/** The social providers the services log in with by OAuth (Farcaster has its own flow). */
export const SOCIAL_LOGIN_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const
export type SocialLoginProvider = (typeof SOCIAL_LOGIN_PROVIDERS)[number]

/** Every provider a login attempt may be for: the OAuth ones and Telegram (its Login Widget). */
const SOCIAL_PROVIDERS = [...SOCIAL_LOGIN_PROVIDERS, 'telegram'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export const SocialProvider = z.enum(SOCIAL_PROVIDERS)

/** The provider's name as pages and messages say it. */
export const labelOf = (provider: SocialProvider): string =>
  provider === 'telegram' ? 'Telegram' : PROVIDERS[provider].label

/** Where a provider lives: an OpenID issuer found by discovery, or an OAuth 2 server and its API. */
export interface ProviderEndpoints {
  /** The issuer: discovered for OpenID providers; for OAuth 2 ones, what an `iss` answer must say. */
  issuer: string
  authorizationEndpoint?: string
  tokenEndpoint?: string
  /** Where the provider's own user API is (OAuth 2 providers), e.g. https://api.github.com. */
  apiBase?: string
}

interface ProviderTraits {
  label: string
  protocol: 'oidc' | 'oauth'
  scope: string
  /** How the client secret travels to the token endpoint, as each provider documents it. */
  clientAuth: 'basic' | 'post'
  /** Apple posts its answer back (it sends the name only that way, and only the first time). */
  responseMode?: 'form_post'
  endpoints: ProviderEndpoints
}

/** The real providers, as their documentation gives them; configuration may point elsewhere. */
export const PROVIDERS: Record<SocialLoginProvider, ProviderTraits> = {
  google: {
    label: 'Google',
    protocol: 'oidc',
    scope: 'openid email profile',
    clientAuth: 'basic',
    endpoints: { issuer: 'https://accounts.google.com' },
  },
  apple: {
    label: 'Apple',
    protocol: 'oidc',
    scope: 'openid name email',
    clientAuth: 'post',
    responseMode: 'form_post',
    endpoints: { issuer: 'https://appleid.apple.com' },
  },
  x: {
    label: 'X',
    protocol: 'oauth',
    scope: 'users.read tweet.read users.email',
    clientAuth: 'basic',
    endpoints: {
      issuer: 'https://x.com',
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      apiBase: 'https://api.x.com',
    },
  },
  discord: {
    label: 'Discord',
    protocol: 'oauth',
    scope: 'identify email',
    clientAuth: 'basic',
    endpoints: {
      issuer: 'https://discord.com',
      authorizationEndpoint: 'https://discord.com/oauth2/authorize',
      tokenEndpoint: 'https://discord.com/api/oauth2/token',
      apiBase: 'https://discord.com/api',
    },
  },
  github: {
    label: 'GitHub',
    protocol: 'oauth',
    scope: 'read:user user:email',
    clientAuth: 'post',
    endpoints: {
      issuer: 'https://github.com',
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      apiBase: 'https://api.github.com',
    },
  },
  facebook: {
    label: 'Facebook',
    protocol: 'oauth',
    scope: 'public_profile email',
    clientAuth: 'post',
    endpoints: {
      issuer: 'https://www.facebook.com',
      authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
      tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
      apiBase: 'https://graph.facebook.com/v21.0',
    },
  },
}
