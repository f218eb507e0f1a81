import { describe, expect, test } from 'vitest'
import {
  profileFromDiscord,
  profileFromFacebook,
  profileFromGitHub,
  profileFromIdToken,
  profileFromX,
} from './profiles.ts'

// Each provider's answer as its documentation shows it (trimmed to the fields that matter).

describe('OpenID id_tokens (Google, Apple)', () => {
  test('Google: sub is the id, a verified address is taken as verified, the name is shown', () => {
    const claims = {
      iss: 'https://accounts.google.com',
      sub: '110169484474386276334',
      email: 'Jane.Doe@gmail.com',
      email_verified: true,
      name: 'Jane Doe',
    }
    expect(profileFromIdToken(claims)).toEqual({
      subject: '110169484474386276334',
      username: 'Jane Doe',
      email: 'jane.doe@gmail.com',
      emailVerified: true,
    })
  })

  test('an address whose email_verified is false or missing is not verified', () => {
    expect(
      profileFromIdToken({ sub: '1', email: 'a@example.com', email_verified: false }).emailVerified,
    ).toBe(false)
    expect(profileFromIdToken({ sub: '1', email: 'a@example.com' }).emailVerified).toBe(false)
  })

  test('Apple: "true" as a string, a private relay address, the name from the first answer’s user field', () => {
    const claims = {
      iss: 'https://appleid.apple.com',
      sub: '001234.abcdef0123456789.1234',
      email: 'x7k2@privaterelay.appleid.com',
      email_verified: 'true',
      is_private_email: 'true',
    }
    const user = JSON.stringify({
      name: { firstName: 'Jane', lastName: 'Doe' },
      email: 'x7k2@privaterelay.appleid.com',
    })
    expect(profileFromIdToken(claims, user)).toEqual({
      subject: '001234.abcdef0123456789.1234',
      username: 'Jane Doe',
      email: 'x7k2@privaterelay.appleid.com',
      emailVerified: true,
    })
    // Later logins carry no name: the address is shown.
    expect(profileFromIdToken(claims).username).toBe('x7k2@privaterelay.appleid.com')
  })

  test('a token without sub is refused', () => {
    expect(() => profileFromIdToken({ email: 'a@example.com' })).toThrow()
  })
})

describe('OAuth 2 user APIs', () => {
  test('X GET /2/users/me: data.id, @username, confirmed_email is verified', () => {
    const body = {
      data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers', confirmed_email: 'dev@x.com' },
    }
    expect(profileFromX(body)).toEqual({
      subject: '2244994945',
      username: '@XDevelopers',
      email: 'dev@x.com',
      emailVerified: true,
    })
    expect(profileFromX({ data: { id: '1', username: 'u', name: 'U' } })).toMatchObject({
      email: null,
      emailVerified: false,
    })
  })

  test('Discord GET /users/@me: the id, the username, the address verified only with verified: true', () => {
    const body = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      discriminator: '0',
      avatar: '8342729096ea3675442027381ff50dfe',
      verified: true,
      email: 'nelly@discord.com',
    }
    expect(profileFromDiscord(body)).toEqual({
      subject: '80351110224678912',
      username: 'nelly',
      email: 'nelly@discord.com',
      emailVerified: true,
    })
    expect(profileFromDiscord({ ...body, verified: false }).emailVerified).toBe(false)
  })

  test('GitHub GET /user + /user/emails: the numeric id, the login, the primary address only when verified', () => {
    const user = { login: 'octocat', id: 583231, name: 'The Octocat', email: null }
    const emails = [
      { email: 'octocat@example.com', verified: true, primary: false, visibility: 'public' },
      { email: 'octocat@github.com', verified: true, primary: true, visibility: 'private' },
    ]
    expect(profileFromGitHub(user, emails)).toEqual({
      subject: '583231',
      username: 'octocat',
      email: 'octocat@github.com',
      emailVerified: true,
    })
    const unverifiedPrimary = [
      { email: 'octocat@github.com', verified: false, primary: true, visibility: null },
    ]
    expect(profileFromGitHub(user, unverifiedPrimary)).toMatchObject({ email: null, emailVerified: false })
  })

  test('Facebook GET /me?fields=id,name,email: the app-scoped id; its address is never taken as verified', () => {
    expect(
      profileFromFacebook({ id: '10158123456789012', name: 'Jane Doe', email: 'jane@example.com' }),
    ).toEqual({
      subject: '10158123456789012',
      username: 'Jane Doe',
      email: 'jane@example.com',
      emailVerified: false,
    })
    expect(profileFromFacebook({ id: '1', name: 'No Mail' }).email).toBeNull()
  })

  test('an answer of another shape is refused rather than guessed at', () => {
    expect(() => profileFromX({ id: '1', username: 'flat' })).toThrow()
    expect(() => profileFromGitHub({ id: 'octocat', login: 'octocat' }, [])).toThrow()
    expect(() => profileFromDiscord({ username: 'no id' })).toThrow()
  })
})
