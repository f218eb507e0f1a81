import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose'
import { describe, expect, test } from 'vitest'
import { appleSecretMaker } from './apple-secret.ts'
import { socialFromEnv, socialSettingsFromEnv } from './config.ts'

describe('SOCIAL_* variables', () => {
  test('a provider is on with its client id and secret; Apple with its team, key id and key', () => {
    const { settings, problems } = socialFromEnv({
      SOCIAL_GITHUB_CLIENT_ID: 'Iv1.abc',
      SOCIAL_GITHUB_CLIENT_SECRET: 'shh',
      SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
      SOCIAL_APPLE_TEAM_ID: 'ABCDE12345',
      SOCIAL_APPLE_KEY_ID: 'KEY1234567',
      SOCIAL_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\n…',
    })
    expect(problems).toEqual([])
    expect(Object.keys(settings).sort()).toEqual(['apple', 'github'])
    expect(settings.github).toEqual({ clientId: 'Iv1.abc', clientSecret: 'shh' })
    expect(settings.apple?.apple?.teamId).toBe('ABCDE12345')
  })

  test('each missing half is named', () => {
    expect(
      socialFromEnv({ SOCIAL_X_CLIENT_ID: 'abc', SOCIAL_DISCORD_CLIENT_SECRET: 'shh' }).problems,
    ).toEqual([
      'SOCIAL_X_CLIENT_SECRET is required with SOCIAL_X_CLIENT_ID (X login)',
      'SOCIAL_DISCORD_CLIENT_ID is required with SOCIAL_DISCORD_CLIENT_SECRET',
    ])
  })

  test('npm start reads a one-line PEM with \\n and refuses a malformed team id', () => {
    expect(() => socialSettingsFromEnv({ SOCIAL_APPLE_TEAM_ID: 'team' })).toThrow(
      'SOCIAL_APPLE_TEAM_ID must be the 10-character team id',
    )
    expect(
      socialSettingsFromEnv({
        SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
        SOCIAL_APPLE_TEAM_ID: 'ABCDE12345',
        SOCIAL_APPLE_KEY_ID: 'KEY1234567',
        SOCIAL_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIG\\n-----END PRIVATE KEY-----',
      }).apple?.apple?.privateKey,
    ).toBe('-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----')
  })
})

describe('Apple’s client secret', () => {
  test('an ES256 JWT from the team’s key: kid, iss = team, sub = services id, aud = Apple', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const key = { teamId: 'ABCDE12345', keyId: 'KEY1234567', privateKey: await exportPKCS8(privateKey) }
    const secret = await (await appleSecretMaker(key, 'com.example.web', 'https://appleid.apple.com'))()
    const { payload, protectedHeader } = await jwtVerify(secret, publicKey, {
      issuer: 'ABCDE12345',
      subject: 'com.example.web',
      audience: 'https://appleid.apple.com',
    })
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: 'KEY1234567' })
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(300)
  })

  test('a key that is not an ES256 PKCS#8 key stops the start', async () => {
    const key = { teamId: 'ABCDE12345', keyId: 'KEY1234567', privateKey: '-----BEGIN PRIVATE KEY-----\nnope' }
    await expect(appleSecretMaker(key, 'com.example.web', 'https://appleid.apple.com')).rejects.toThrow(
      'social.apple: the private key must be',
    )
  })
})
