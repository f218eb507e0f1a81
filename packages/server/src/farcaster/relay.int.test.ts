import type { AddressInfo } from 'node:net'
import { createWalletClient } from '@farcaster/auth-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createProject } from '../projects/repository.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { farcasterApp, SERVICES, signInAsFrame } from '../test-support/farcaster.ts'
import { ALICE, BOB, farcasterMessage, PAGE, signedBody } from '../test-support/farcaster-messages.ts'
import { devRegistry } from './registry.ts'

describeEachBackend('Sign In With Farcaster relay', (backend) => {
  let testDb: TestDatabase
  let relay: Awaited<ReturnType<typeof farcasterApp>>

  beforeAll(async () => {
    testDb = await backend.open()
    relay = await farcasterApp(testDb.database)
  })
  afterAll(async () => {
    await relay?.app.close()
    await testDb?.dispose()
  })

  const db = () => testDb.database.db
  const signIn = (token: string) => signInAsFrame(db(), relay.farcaster, token, relay.project.id)
  async function open(body?: unknown) {
    const created = await relay.create(body)
    expect(created.statusCode).toBe(201)
    return created.json() as { channelToken: string; url: string; connectUri: string; nonce: string }
  }
  const devPage = (token: string) =>
    relay.app.inject({ url: `/dev/farcaster?channelToken=${encodeURIComponent(token)}` })
  const devSign = (form: Record<string, string>, origin = SERVICES.origin) =>
    relay.app.inject({
      method: 'POST',
      url: '/dev/farcaster',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams(form).toString(),
    })

  test('create → pending → the dev page signs as alice → completed → a verified identity, used once', async () => {
    const channel = await open()
    expect(channel.channelToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(channel.url).toBe(`${SERVICES.origin}/dev/farcaster?channelToken=${channel.channelToken}`)
    expect(channel.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)

    const pending = await relay.status(channel.channelToken)
    expect(pending.statusCode).toBe(202)
    expect(pending.json()).toMatchObject({ state: 'pending', nonce: channel.nonce, url: channel.url })

    const page = await devPage(channel.channelToken)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.body).toContain('wallet.example')
    expect(page.body).toContain('https://wallet.example/login')
    for (const name of ['alice', 'bob', 'carol']) expect(page.body).toContain(`Sign in as @${name}`)

    const signed = await devSign({ channelToken: channel.channelToken, fid: String(ALICE.fid) })
    expect(signed.statusCode).toBe(200)
    expect(signed.body).toContain(`Signed in as @alice (fid ${ALICE.fid})`)

    const completed = await relay.status(channel.channelToken)
    expect(completed.statusCode).toBe(200)
    const status = completed.json()
    expect(status).toMatchObject({
      state: 'completed',
      nonce: channel.nonce,
      fid: ALICE.fid,
      username: 'alice',
      displayName: 'Alice (dev)',
      authMethod: 'custody',
      custody: ALICE.custody.address.toLowerCase(),
      signatureParams: {
        domain: 'wallet.example',
        siweUri: 'https://wallet.example/login',
        nonce: channel.nonce,
      },
    })
    // The message is the Farcaster app's: chain 10, its statement, the fid resource, our nonce.
    expect(status.message).toContain('Farcaster Auth')
    expect(status.message).toContain('Chain ID: 10')
    expect(status.message).toContain(`- farcaster://fid/${ALICE.fid}`)
    expect(status.message).toContain(`Nonce: ${channel.nonce}`)

    await expect(signIn(channel.channelToken)).resolves.toMatchObject({
      fid: ALICE.fid,
      username: 'alice',
      displayName: 'Alice (dev)',
      custody: ALICE.custody.address,
      authMethod: 'custody',
    })
    // One signature logs in once.
    await expect(signIn(channel.channelToken)).rejects.toMatchObject({
      statusCode: 410,
      errorCode: 'CHANNEL_USED',
    })
    // Now a channel of the frame's (signInAsFrame), which the page does not read.
    expect((await relay.status(channel.channelToken)).statusCode).toBe(401)
  })

  test('a completed channel takes no second message, from the app or the dev page', async () => {
    const channel = await open()
    expect(
      (
        await relay.authenticate(
          channel.channelToken,
          await signedBody({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce }),
        )
      ).statusCode,
    ).toBe(201)
    const replay = await relay.authenticate(
      channel.channelToken,
      await signedBody({ signer: BOB.custody, fid: BOB.fid, nonce: channel.nonce }),
    )
    expect(replay.statusCode).toBe(409)
    expect(replay.json().error.code).toBe('CHANNEL_COMPLETED')
    const again = await devSign({ channelToken: channel.channelToken, fid: String(BOB.fid) })
    expect(again.statusCode).toBe(409)
    expect(again.body).toContain('already signed as @alice')
    expect((await relay.status(channel.channelToken)).json().fid).toBe(ALICE.fid)
  })

  test('a message signed for another fid is refused and leaves the channel pending', async () => {
    const channel = await open()
    // The dev page's own refusal button: alice's custody key claims bob's fid.
    const forged = await devSign({
      channelToken: channel.channelToken,
      fid: String(ALICE.fid),
      forFid: String(BOB.fid),
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.body).toContain(`is not an auth address or owner of fid ${BOB.fid}`)
    // Through the API: the message names alice's fid, the sender claims bob's.
    const claimed = await relay.authenticate(
      channel.channelToken,
      await signedBody({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce }, BOB.fid),
    )
    expect(claimed.statusCode).toBe(403)
    expect(claimed.json().error).toEqual({
      code: 'SIGN_IN_REFUSED',
      message: `The message signs in fid ${ALICE.fid}, not the fid ${BOB.fid} it was sent for`,
    })
    expect((await relay.status(channel.channelToken)).statusCode).toBe(202)
    await expect(signIn(channel.channelToken)).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'SIGN_IN_PENDING',
    })
  })

  test('a wrong nonce, another domain or an expired message is refused with its reason', async () => {
    const channel = await open()
    const refusal = async (fields: Partial<Parameters<typeof signedBody>[0]>) => {
      const answer = await relay.authenticate(
        channel.channelToken,
        await signedBody({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce, ...fields }),
      )
      expect(answer.statusCode).toBe(403)
      return answer.json().error.message as string
    }
    expect(await refusal({ nonce: 'abcdefgh1234' })).toBe('Invalid nonce')
    expect(await refusal({ domain: 'evil.example' })).toBe('Invalid domain')
    expect(await refusal({ expirationTime: new Date(Date.now() - 1000) })).toMatch(/^The message expired at /)
    // A signature by another key than the message's address.
    const message = farcasterMessage({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce })
    const wrongKey = await relay.authenticate(channel.channelToken, {
      message,
      signature: await BOB.custody.signMessage({ message }),
      fid: ALICE.fid,
    })
    expect(wrongKey.statusCode).toBe(403)
    expect(wrongKey.json().error.message).toBe('Failed to verify message')
  })

  test("the Farcaster app's own client (auth-client authenticate) completes a channel", async () => {
    const address = await relay.app
      .listen({ host: '127.0.0.1', port: 0 })
      .then(() => relay.app.server.address() as AddressInfo)
    const channel = await open()
    const wallet = createWalletClient({
      relay: `http://127.0.0.1:${address.port}`,
      ethereum: devRegistry([]),
    })
    const built = wallet.buildSignInMessage({
      domain: 'wallet.example',
      uri: 'https://wallet.example/login',
      nonce: channel.nonce,
      address: BOB.custody.address,
      fid: BOB.fid,
    })
    if (built.isError) throw built.error
    const answer = await wallet.authenticate({
      channelToken: wallet.parseSignInURI({ uri: channel.url }).channelToken as string,
      authKey: 'not-needed-here',
      message: built.message,
      signature: await BOB.custody.signMessage({ message: built.message }),
      fid: BOB.fid,
      username: 'bob',
    })
    expect(answer.isError).toBe(false)
    expect(answer.response?.status).toBe(201)
    expect(answer.data).toMatchObject({ state: 'completed', fid: BOB.fid, username: 'bob' })
  })

  test('an expired channel answers 410 until pruned, then 401 like an unknown token', async () => {
    const channel = await open()
    await db()
      .updateTable('farcaster_channels')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('nonce', '=', channel.nonce)
      .execute()
    const body = await signedBody({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce })
    for (const answer of [
      await relay.status(channel.channelToken),
      await relay.authenticate(channel.channelToken, body),
    ]) {
      expect(answer.statusCode).toBe(410)
      expect(answer.json().error.code).toBe('CHANNEL_EXPIRED')
    }
    expect((await devPage(channel.channelToken)).statusCode).toBe(410)
    await expect(signIn(channel.channelToken)).rejects.toMatchObject({ statusCode: 410 })
    // Two hours gone: the next channel opened prunes it.
    await db()
      .updateTable('farcaster_channels')
      .set({ expires_at: new Date(Date.now() - 2 * 3600_000) })
      .where('nonce', '=', channel.nonce)
      .execute()
    await open()
    expect((await relay.status(channel.channelToken)).statusCode).toBe(401)
  })

  test('unknown, missing and other projects’ tokens are 401', async () => {
    const unknown = 'A'.repeat(43)
    expect((await relay.status(unknown)).statusCode).toBe(401)
    const body = await signedBody({ signer: ALICE.custody, fid: ALICE.fid, nonce: 'abcdefgh1234' })
    const answer = await relay.authenticate(unknown, body)
    expect(answer.statusCode).toBe(401)
    expect(answer.json().error.message).toBe('Unknown channel token')
    const none = await relay.app.inject({ method: 'POST', url: '/v1/channel/authenticate', payload: body })
    expect(none.statusCode).toBe(401)
    expect(none.json().error.message).toBe('Authorization: Bearer <channelToken> is required')
    // Another project's page cannot poll this project's channel.
    const channel = await open()
    const other = await createProject(db(), { name: 'Other page', origins: [PAGE] })
    expect((await relay.status(channel.channelToken, other.id)).statusCode).toBe(401)
  })

  test('bad bodies are 400 naming the field; the dapp routes keep to the project and its Origin', async () => {
    const bad = async (body: unknown, field: string) => {
      const answer = await relay.create(body)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}`))
    }
    await bad({ domain: 'wallet.example' }, 'body.siweUri')
    await bad({ siweUri: 'javascript:alert(1)', domain: 'wallet.example' }, 'body.siweUri')
    await bad({ siweUri: 'https://wallet.example', domain: 'wallet.example/x' }, 'body.domain')
    await bad({ siweUri: 'https://wallet.example', domain: 'other.example' }, 'body.domain')
    await bad({ siweUri: 'https://wallet.example', domain: 'wallet.example', nonce: 'short' }, 'body.nonce')
    await bad(
      { siweUri: 'https://wallet.example', domain: 'wallet.example', expirationTime: 'tomorrow' },
      'body.expirationTime',
    )

    const channel = await open()
    const message = farcasterMessage({ signer: ALICE.custody, fid: ALICE.fid, nonce: channel.nonce })
    const refusedField = async (body: unknown) => {
      const answer = await relay.authenticate(channel.channelToken, body)
      expect(answer.statusCode).toBe(400)
      return answer.json().error.message as string
    }
    expect(await refusedField({ message, signature: '0x12', fid: ALICE.fid })).toMatch(/^body\.signature/)
    expect(await refusedField({ message, signature: `0x${'1'.repeat(130)}`, fid: '20001' })).toMatch(
      /^body\.fid/,
    )
    expect(
      await refusedField({ message, signature: `0x${'1'.repeat(130)}`, fid: 1, username: 'Not A Name' }),
    ).toMatch(/^body\.username/)
    expect(
      await refusedField({ message, signature: `0x${'1'.repeat(130)}`, fid: 1, pfpUrl: 'data:x' }),
    ).toMatch(/^body\.pfpUrl/)
    expect((await relay.status(channel.channelToken)).statusCode).toBe(202)

    const foreign = await relay.app.inject({
      method: 'POST',
      url: `/v1/channel?projectId=${relay.project.id}`,
      headers: { origin: 'https://evil.example' },
      payload: { siweUri: 'https://wallet.example', domain: 'wallet.example' },
    })
    expect(foreign.statusCode).toBe(403)
    const crossSite = await devSign(
      { channelToken: channel.channelToken, fid: String(ALICE.fid) },
      'https://evil.example',
    )
    expect(crossSite.statusCode).toBe(403)
    expect((await relay.status(channel.channelToken)).statusCode).toBe(202)
  })
})
