import type { ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { SocialLoginProvider } from '../providers.ts'
import { DEV_USERS, type DevUser, providerIdOf } from './dev-users.ts'

/**
 * The user APIs of the OAuth 2 providers, answered as each documents them, for the access tokens
 * the development issuer gave that provider's client. The services read them exactly as they read
 * the real ones (relying-party.ts), so the mapping of each shape runs in development too.
 */
const SHAPES: Record<string, (user: DevUser, scope: Set<string>) => unknown> = {
  'x /2/users/me': (user, scope) => ({
    data: {
      id: providerIdOf('x', user),
      name: user.name,
      username: user.handle,
      ...(scope.has('users.email') && user.email && user.emailVerified
        ? { confirmed_email: user.email }
        : {}),
    },
  }),
  'discord /users/@me': (user, scope) => ({
    id: providerIdOf('discord', user),
    username: user.handle,
    global_name: user.name,
    avatar: null,
    ...(scope.has('email') ? { email: user.email, verified: user.emailVerified } : {}),
  }),
  'github /user': (user) => ({
    id: Number(providerIdOf('github', user)) % 2 ** 31,
    login: user.handle,
    name: user.name,
    email: null,
  }),
  'github /user/emails': (user, scope) =>
    scope.has('user:email') && user.email
      ? [{ email: user.email, primary: true, verified: user.emailVerified, visibility: 'private' }]
      : [],
  'facebook /me': (user, scope) => ({
    id: providerIdOf('facebook', user),
    name: user.name,
    ...(scope.has('email') && user.email ? { email: user.email } : {}),
  }),
}

/** `/api/<provider>/<path>`; answers 401 without a live token of that provider's client. */
export async function answerProviderApi(
  provider: Provider,
  clientProvider: (clientId: string) => SocialLoginProvider | undefined,
  url: URL,
  authorization: string | undefined,
  res: ServerResponse,
): Promise<void> {
  const [, , name = '', ...rest] = url.pathname.split('/')
  const shape = SHAPES[`${name} /${rest.join('/')}`]
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined
  const found = token ? await provider.AccessToken.find(token) : undefined
  const user = DEV_USERS.find((candidate) => candidate.id === found?.accountId)
  if (!shape) return send(res, 404, { message: 'Not Found' })
  if (!found || !user || clientProvider(found.clientId ?? '') !== name)
    return send(res, 401, { message: 'Bad credentials' })
  send(res, 200, shape(user, new Set((found.scope ?? '').split(' '))))
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
