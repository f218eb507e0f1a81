import { passkeyResplitProof } from '@portico/core/shared'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { describeEachBackend } from '../test-support/backends.ts'
import { frameAppForSuite } from '../test-support/frame-app-suite.ts'
import {
  addressOfShares,
  type FrameKey,
  newFrameKey,
  openPasskeyShare,
  passkeyBody,
  resplitForPasskey,
  setUpKeyAsFrame,
  shareBytes,
} from '../test-support/frame-keys.ts'
import { KeyText } from './key-routes.ts'
import { storedShares } from './key-shares.ts'

const MINUTE = 60_000

describeEachBackend('embedded-wallet passkey recovery', (backend) => {
  const frame = frameAppForSuite(backend)

  const error = (answer: { statusCode: number; json(): { error: { message: string } } }) => ({
    status: answer.statusCode,
    message: answer.json().error.message,
  })
  const sharesRow = async (email: string) => {
    const user = await frame.db
      .selectFrom('embedded_users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    const shares = await storedShares(frame.db, user.id)
    if (!shares) throw new Error(`no shares for ${email}`)
    return shares
  }
  /** A user whose key the frame set up with operator recovery, signed in on that device. */
  const operatorUser = async (label: string) => {
    const email = `${label}-${backend.name}@example.com`
    const call = frame.as(await frame.login(email))
    const key = await setUpKeyAsFrame(call, email)
    return { email, call, key }
  }
  const combinesTo = (first: Uint8Array, second: Uint8Array) =>
    addressOfShares(first, second).catch(() => undefined)

  test('switching to a passkey re-splits the key: the new shares give the address, the operator share and the old device share no longer do', async () => {
    const { email, call, key } = await operatorUser('switch')
    const resplit = await resplitForPasskey(key)
    const switched = await call('/key/passkey', await passkeyBody(resplit, email))
    expect(switched.statusCode).toBe(200)
    expect(switched.json().user).toMatchObject({ email, address: key.address, recovery: 'passkey' })
    expect((await call('/user', {})).json()).toMatchObject({ address: key.address, recovery: 'passkey' })
    expect((await call('/key/status', {})).json()).toEqual({
      state: 'shares',
      address: key.address,
      recovery: 'passkey',
      recoveryAvailable: false,
      codeUnlocks: false,
      passkey: { credentialId: resplit.credentialId, salt: resplit.salt },
      // The replaced shares (the operator's among them) may live on in backups: only a new key helps.
      rotationAdvised: true,
    })

    const serverShare = shareBytes((await call('/key/share', {})).json().serverShare)
    expect(await combinesTo(resplit.device, serverShare)).toBe(key.address)
    // The operator could have kept the recovery share RECOVERY_KEY opened before the switch.
    expect(await combinesTo(shareBytes(key.recovery), serverShare)).not.toBe(key.address)
    expect(await combinesTo(key.device, serverShare)).not.toBe(key.address)

    // A new passkey later replaces the first one.
    const again = await resplitForPasskey(key)
    expect((await call('/key/passkey', await passkeyBody(again, email))).statusCode).toBe(200)
    expect((await call('/key/status', {})).json().passkey).toEqual({
      credentialId: again.credentialId,
      salt: again.salt,
    })
    expect(
      await combinesTo(again.device, shareBytes((await call('/key/share', {})).json().serverShare)),
    ).toBe(key.address)
  })

  test('a re-split is refused unless this wallet’s key proves it, for this account, just now', async () => {
    const { email, call, key } = await operatorUser('refused')
    const before = await sharesRow(email)
    const resplit = await resplitForPasskey(key)

    const otherKey = await call(
      '/key/passkey',
      await passkeyBody(resplit, email, { signer: generatePrivateKey() }),
    )
    expect(error(otherKey)).toEqual({ status: 400, message: KeyText.PROOF_MISMATCH })
    const body = await passkeyBody(resplit, email)
    const otherAccount = await privateKeyToAccount(key.privateKey).signMessage({
      message: passkeyResplitProof(`other-${email}`, body),
    })
    expect(error(await call('/key/passkey', { ...body, proof: otherAccount }))).toEqual({
      status: 400,
      message: KeyText.PROOF_MISMATCH,
    })
    // The proof covers the shares: one swapped after signing is refused.
    const swapped = { ...body, serverShare: (await resplitForPasskey(key)).server }
    expect(error(await call('/key/passkey', swapped))).toEqual({
      status: 400,
      message: KeyText.PROOF_MISMATCH,
    })

    // Another user's key, well proven, is still not this wallet's.
    const stranger = await operatorUser('stranger')
    const theirs = await passkeyBody(await resplitForPasskey(stranger.key), email)
    expect(error(await call('/key/passkey', theirs))).toEqual({ status: 400, message: KeyText.OTHER_ADDRESS })

    for (const issuedAt of [Date.now() - 6 * MINUTE, Date.now() + 6 * MINUTE])
      expect(error(await call('/key/passkey', await passkeyBody(resplit, email, { issuedAt })))).toEqual({
        status: 400,
        message: KeyText.KEY_CHANGE_OUT_OF_DATE,
      })

    expect(await sharesRow(email)).toEqual(before)
    // The address as the frame sent it is what is signed, in whatever case.
    const lower = await passkeyBody(resplit, email, { address: key.address.toLowerCase() })
    expect((await call('/key/passkey', lower)).statusCode).toBe(200)
  })

  test('an earlier accepted body replayed after a later one is refused, and the shares stay the later ones', async () => {
    const { email, call, key } = await operatorUser('replay')
    const first = await passkeyBody(await resplitForPasskey(key), email, { issuedAt: Date.now() - MINUTE })
    const later = await resplitForPasskey(key)
    expect((await call('/key/passkey', first)).statusCode).toBe(200)
    expect((await call('/key/passkey', await passkeyBody(later, email))).statusCode).toBe(200)
    const kept = await sharesRow(email)
    expect(error(await call('/key/passkey', first))).toEqual({
      status: 400,
      message: KeyText.KEY_CHANGE_OUT_OF_DATE,
    })
    expect(await sharesRow(email)).toEqual(kept)
    expect(
      await combinesTo(later.device, shareBytes((await call('/key/share', {})).json().serverShare)),
    ).toBe(key.address)
  })

  test('two re-splits at once: one is stored whole, the other refused', async () => {
    const { email, call, key } = await operatorUser('race')
    const issuedAt = Date.now()
    const resplits = [await resplitForPasskey(key), await resplitForPasskey(key)]
    const answers = await Promise.all(
      resplits.map(async (resplit) => call('/key/passkey', await passkeyBody(resplit, email, { issuedAt }))),
    )
    expect(answers.map((answer) => answer.statusCode).filter((status) => status === 200)).toHaveLength(1)
    const loser = answers.find((answer) => answer.statusCode !== 200)
    expect(loser?.json().error.message).toBe(KeyText.KEY_CHANGE_OUT_OF_DATE)
    const winner = resplits[answers.findIndex((answer) => answer.statusCode === 200)] as FrameKey
    expect((await call('/key/share', {})).json().serverShare).toBe(winner.server)
    expect((await call('/key/status', {})).json().passkey.credentialId).toBe(
      (await sharesRow(email)).passkey_credential_id,
    )
  })

  test('no key set up is a 409, no session a 401, a malformed body a 400 that says what is wrong', async () => {
    const email = `malformed-${backend.name}@example.com`
    const session = await frame.login(email)
    const call = frame.as(session)
    const body = await passkeyBody(await resplitForPasskey(await newFrameKey()), email)
    expect(error(await call('/key/passkey', body))).toEqual({ status: 409, message: KeyText.NOT_SET_UP })
    expect((await frame.call('/key/passkey', body, { device: session.device })).statusCode).toBe(401)

    const malformed: Array<[object, string]> = [
      [{ ...body, serverShare: body.serverShare.slice(1) }, 'body.serverShare: expected a key share'],
      [{ ...body, serverShare: `${body.serverShare.slice(1)}+` }, 'body.serverShare: expected a key share'],
      [
        { ...body, recovery: { ...body.recovery, salt: 'x'.repeat(44) } },
        'body.recovery.salt: expected a salt',
      ],
      // 43 characters spell 32 bytes only when the last one carries no stray bits.
      [
        { ...body, recovery: { ...body.recovery, salt: `${'A'.repeat(42)}B` } },
        'body.recovery.salt: expected a salt',
      ],
      [
        { ...body, recovery: { ...body.recovery, share: 'A'.repeat(81) } },
        'body.recovery.share: expected a sealed',
      ],
      [
        { ...body, recovery: { ...body.recovery, credentialId: 'a/b'.repeat(8) } },
        'body.recovery.credentialId:',
      ],
      [{ ...body, issuedAt: 1.5 }, 'body.issuedAt:'],
      [{ ...body, issuedAt: String(body.issuedAt) }, 'body.issuedAt:'],
      [{ ...body, address: '0x1234' }, 'body.address: expected an address'],
      [{ ...body, proof: '0x00' }, 'body.proof: expected a signature'],
      [{ ...body, recovery: undefined }, 'body.recovery:'],
      [{ ...body, recovery: { share: body.recovery.share } }, 'body.recovery.credentialId:'],
    ]
    for (const [bad, message] of malformed) {
      const answer = await frame.call('/key/passkey', bad, session)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().error.message).toContain(message)
    }
  })

  test('a passkey user’s new device gets the share sealed under the passkey, once, right after a login', async () => {
    const { email, call, key } = await operatorUser('restore')
    const resplit = await resplitForPasskey(key)
    expect((await call('/key/passkey', await passkeyBody(resplit, email))).statusCode).toBe(200)

    const fresh = frame.as(await frame.login(email))
    expect((await fresh('/key/status', {})).json()).toMatchObject({
      recovery: 'passkey',
      recoveryAvailable: true,
      codeUnlocks: false,
    })
    const recovery = await fresh('/key/recovery', {})
    expect(recovery.json()).toEqual({
      kind: 'passkey',
      share: resplit.sealedRecovery,
      credentialId: resplit.credentialId,
      salt: resplit.salt,
    })
    // The frame, with the user's passkey, opens it; with the server share it gives the wallet back.
    const opened = await openPasskeyShare(resplit, recovery.json().share)
    const serverShare = shareBytes((await fresh('/key/share', {})).json().serverShare)
    expect(await combinesTo(opened, serverShare)).toBe(key.address)
    expect(error(await fresh('/key/recovery', {}))).toEqual({
      status: 403,
      message: KeyText.RECOVERY_AFTER_LOGIN,
    })

    const old = frame.as(await frame.loginMinutesAgo(email, 11))
    expect(error(await old('/key/recovery', {}))).toEqual({
      status: 403,
      message: KeyText.RECOVERY_AFTER_LOGIN,
    })
  })
})
