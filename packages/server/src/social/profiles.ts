import { z } from 'zod'

/** Who logged in, as the services keep it: the provider's stable id and what the account shows. */
export interface SocialProfile {
  subject: string
  /** The handle or name the account view shows beside the provider (behaviour §3). */
  username: string
  email: string | null
  /** Only a verified address is ever linked to an existing user or stored as the user's. */
  emailVerified: boolean
}

const Email = z.email().max(254)
/** Apple and some others send booleans as strings. */
const Flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')])

const IdTokenClaims = z.object({
  sub: z.string().min(1).max(255),
  email: Email.optional(),
  email_verified: Flag.optional(),
  name: z.string().max(200).optional(),
})

/** Apple's `user` form field, sent on the first authorization only. */
const AppleUser = z.object({
  name: z
    .object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() })
    .optional(),
})

/**
 * An OpenID provider's id_token (Google, Apple). Apple's address may be a private relay one
 * (…@privaterelay.appleid.com), which is verified and forwards; its name comes only in the first
 * answer's `user` field, so later logins show the address.
 */
export function profileFromIdToken(claims: unknown, appleUser?: string): SocialProfile {
  const token = IdTokenClaims.parse(claims)
  const email = token.email?.toLowerCase() ?? null
  return {
    subject: token.sub,
    username: token.name ?? appleName(appleUser) ?? email ?? token.sub,
    email,
    emailVerified: email !== null && token.email_verified === true,
  }
}

function appleName(user: string | undefined): string | undefined {
  if (!user) return undefined
  try {
    const name = AppleUser.parse(JSON.parse(user)).name
    const full = [name?.firstName, name?.lastName].filter(Boolean).join(' ')
    return full || undefined
  } catch {
    return undefined
  }
}

// X API v2, GET /2/users/me?user.fields=confirmed_email: the address only with the users.email
// scope, and only a confirmed one.
const XMe = z.object({
  data: z.object({
    id: z.string().regex(/^\d{1,30}$/),
    username: z.string().min(1).max(50),
    name: z.string().max(100).optional(),
    confirmed_email: Email.optional(),
  }),
})

export function profileFromX(body: unknown): SocialProfile {
  const { data } = XMe.parse(body)
  const email = data.confirmed_email?.toLowerCase() ?? null
  return { subject: data.id, username: `@${data.username}`, email, emailVerified: email !== null }
}

// Discord, GET /users/@me with `identify email`: `verified` says whether the address is.
const DiscordMe = z.object({
  id: z.string().regex(/^\d{1,30}$/),
  username: z.string().min(1).max(50),
  global_name: z.string().max(100).nullable().optional(),
  email: Email.nullable().optional(),
  verified: z.boolean().optional(),
})

export function profileFromDiscord(body: unknown): SocialProfile {
  const me = DiscordMe.parse(body)
  const email = me.email?.toLowerCase() ?? null
  return {
    subject: me.id,
    username: me.username,
    email,
    emailVerified: email !== null && me.verified === true,
  }
}

// GitHub, GET /user and GET /user/emails (scope user:email): the id is numeric and stays when the
// login is renamed; the address is the primary one, if verified.
const GitHubUser = z.object({ id: z.number().int().positive(), login: z.string().min(1).max(100) })
const GitHubEmails = z.array(z.object({ email: Email, primary: z.boolean(), verified: z.boolean() }).loose())

export function profileFromGitHub(user: unknown, emails: unknown): SocialProfile {
  const { id, login } = GitHubUser.parse(user)
  const primary = GitHubEmails.parse(emails).find((entry) => entry.primary && entry.verified)
  const email = primary?.email.toLowerCase() ?? null
  return { subject: String(id), username: login, email, emailVerified: email !== null }
}

// Facebook Graph, GET /me?fields=id,name,email: an app-scoped id; an address only if the person
// granted it, and no word on whether it was verified — so it is never taken as verified.
const FacebookMe = z.object({
  id: z.string().regex(/^\d{1,30}$/),
  name: z.string().min(1).max(200),
  email: Email.optional(),
})

export function profileFromFacebook(body: unknown): SocialProfile {
  const me = FacebookMe.parse(body)
  return { subject: me.id, username: me.name, email: me.email?.toLowerCase() ?? null, emailVerified: false }
}
