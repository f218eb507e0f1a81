import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { decodeBytes, encodeBytes } from './base64url.ts'
import { createRecoveryPasskey, PasskeyError, type PasskeyFailure, unlockRecoveryPasskey } from './passkey.ts'

// Node has no WebAuthn: these stand-ins play the browser so the mapping of its answers and
// refusals can be checked; the real prompt is driven by e2e/passkey.e2e.ts.

type Extension = { enabled?: boolean; results?: { first: BufferSource } }

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))
const addressOf = () => privateKeyToAccount(generatePrivateKey()).address
const email = 'ada@example.com'

/** What the browser hands back for a passkey: its id and the PRF part of its extension results. */
function credential(rawId: Uint8Array, prf?: Extension): PublicKeyCredential {
  return {
    rawId: Uint8Array.from(rawId).buffer,
    getClientExtensionResults: () => (prf ? { prf } : {}),
  } as unknown as PublicKeyCredential
}

const create = vi.fn<(options: CredentialCreationOptions) => Promise<PublicKeyCredential | null>>()
const get = vi.fn<(options: CredentialRequestOptions) => Promise<PublicKeyCredential | null>>()

const createOptions = () => create.mock.calls[0]?.[0].publicKey as PublicKeyCredentialCreationOptions
const getOptions = () => get.mock.calls[0]?.[0].publicKey as PublicKeyCredentialRequestOptions
const prfInput = (options: { extensions?: AuthenticationExtensionsClientInputs }) =>
  (options.extensions as { prf: { eval: { first: Uint8Array } } }).prf.eval.first

async function failureOf(attempt: Promise<unknown>): Promise<PasskeyFailure> {
  const error = await attempt.then(
    () => expect.unreachable('the passkey step succeeded'),
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(PasskeyError)
  return (error as PasskeyError).failure
}

beforeEach(() => {
  create.mockReset()
  get.mockReset()
  vi.stubGlobal('PublicKeyCredential', () => {})
  vi.stubGlobal('navigator', { credentials: { create, get } })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('making the recovery passkey', () => {
  it('answers the credential id, the salt PRF was evaluated with, and the PRF output given at creation', async () => {
    const rawId = random(24)
    const output = random(32)
    create.mockResolvedValue(credential(rawId, { enabled: true, results: { first: output } }))

    const made = await createRecoveryPasskey(email, addressOf())

    const salt = prfInput(createOptions())
    expect(salt).toHaveLength(32)
    expect(made).toEqual({ credentialId: encodeBytes(rawId), salt: encodeBytes(salt), prfOutput: output })
    expect(get).not.toHaveBeenCalled()
  })

  it('asks for a discoverable passkey with user verification, on the page’s own site, named by the e-mail', async () => {
    create.mockResolvedValue(credential(random(16), { enabled: true, results: { first: random(32) } }))

    await createRecoveryPasskey(email, addressOf())

    const options = createOptions()
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    expect(options.rp).not.toHaveProperty('id')
    expect(options.user).toMatchObject({ name: email, displayName: email })
  })

  it('the user handle is 16 bytes of the address: the same whatever its case, another for another wallet', async () => {
    create.mockResolvedValue(credential(random(16), { enabled: true, results: { first: random(32) } }))
    const address = addressOf()
    const userIdFor = async (wallet: string) => {
      create.mockClear()
      await createRecoveryPasskey(email, wallet as typeof address)
      return new Uint8Array(createOptions().user.id as Uint8Array)
    }

    const checksummed = await userIdFor(address)
    expect(checksummed).toHaveLength(16)
    expect(await userIdFor(address.toLowerCase())).toEqual(checksummed)
    expect(await userIdFor(addressOf())).not.toEqual(checksummed)
  })

  it('each passkey gets its own salt', async () => {
    create.mockResolvedValue(credential(random(16), { enabled: true, results: { first: random(32) } }))
    const first = await createRecoveryPasskey(email, addressOf())
    const second = await createRecoveryPasskey(email, addressOf())
    expect(second.salt).not.toBe(first.salt)
  })

  it('PRF enabled but not answered at creation: signs in with that passkey and the same salt for its output', async () => {
    const rawId = random(24)
    const output = random(32)
    create.mockResolvedValue(credential(rawId, { enabled: true }))
    get.mockResolvedValue(credential(rawId, { results: { first: output } }))

    const made = await createRecoveryPasskey(email, addressOf())

    const salt = prfInput(createOptions())
    const request = getOptions()
    expect(request.allowCredentials).toEqual([{ type: 'public-key', id: rawId }])
    expect(request.userVerification).toBe('required')
    expect(prfInput(request)).toEqual(salt)
    expect(made).toEqual({ credentialId: encodeBytes(rawId), salt: encodeBytes(salt), prfOutput: output })
  })

  it('PRF answered neither at creation nor at the sign-in after it is unsupported', async () => {
    const rawId = random(24)
    create.mockResolvedValue(credential(rawId, { enabled: true }))
    get.mockResolvedValue(credential(rawId, {}))
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('unsupported')
  })

  it('the sign-in after creation closed is cancelled', async () => {
    create.mockResolvedValue(credential(random(24), { enabled: true }))
    get.mockRejectedValue(new DOMException('closed', 'NotAllowedError'))
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('cancelled')
  })

  it('an authenticator without PRF, or a browser that does not report it, is unsupported', async () => {
    create.mockResolvedValue(credential(random(24), { enabled: false }))
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('unsupported')

    create.mockResolvedValue(credential(random(24)))
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('unsupported')
    expect(get).not.toHaveBeenCalled()
  })

  it.each(['NotAllowedError', 'AbortError'])('the prompt refused with %s is cancelled', async (name) => {
    create.mockRejectedValue(new DOMException('refused', name))
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('cancelled')
  })

  it('no credential from the prompt is cancelled', async () => {
    create.mockResolvedValue(null)
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('cancelled')
  })

  it.each([
    ['a SecurityError', new DOMException('bad origin', 'SecurityError')],
    ['an InvalidStateError', new DOMException('exists', 'InvalidStateError')],
    ['a TypeError', new TypeError('bad options')],
  ])('%s from the browser is unsupported', async (_, error) => {
    create.mockRejectedValue(error)
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('unsupported')
  })

  it('a browser without WebAuthn is unsupported and is not asked', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    expect(await failureOf(createRecoveryPasskey(email, addressOf()))).toBe('unsupported')
    expect(create).not.toHaveBeenCalled()
  })
})

describe('unlocking with the recovery passkey', () => {
  const rawId = random(24)
  const salt = random(32)
  const ref = { credentialId: encodeBytes(rawId), salt: encodeBytes(salt) }

  it('the wallet’s passkey chosen answers its PRF output', async () => {
    const output = random(32)
    get.mockResolvedValue(credential(rawId, { results: { first: output } }))
    expect(await unlockRecoveryPasskey(ref)).toEqual(output)
  })

  it('offers every passkey of the site, with user verification, and evaluates PRF with the stored salt', async () => {
    get.mockResolvedValue(credential(rawId, { results: { first: random(32) } }))
    await unlockRecoveryPasskey(ref)

    const request = getOptions()
    expect(request).not.toHaveProperty('allowCredentials')
    expect(request.userVerification).toBe('required')
    expect(prfInput(request)).toEqual(decodeBytes(ref.salt))
    expect(prfInput(request)).toEqual(salt)
  })

  it('another account’s passkey chosen is other-account, even with a PRF output', async () => {
    get.mockResolvedValue(credential(random(24), { results: { first: random(32) } }))
    expect(await failureOf(unlockRecoveryPasskey(ref))).toBe('other-account')
  })

  it.each(['NotAllowedError', 'AbortError'])('the prompt refused with %s is cancelled', async (name) => {
    get.mockRejectedValue(new DOMException('refused', name))
    expect(await failureOf(unlockRecoveryPasskey(ref))).toBe('cancelled')
  })

  it('no credential from the prompt is cancelled', async () => {
    get.mockResolvedValue(null)
    expect(await failureOf(unlockRecoveryPasskey(ref))).toBe('cancelled')
  })

  it('the wallet’s passkey without a PRF output is unsupported', async () => {
    get.mockResolvedValue(credential(rawId, { enabled: true }))
    expect(await failureOf(unlockRecoveryPasskey(ref))).toBe('unsupported')
    get.mockResolvedValue(credential(rawId))
    expect(await failureOf(unlockRecoveryPasskey(ref))).toBe('unsupported')
  })

  it('a browser without WebAuthn is unsupported and is not asked', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    expect(await failureOf(unlockRecoveryPasskey(ref))).toBe('unsupported')
    expect(get).not.toHaveBeenCalled()
  })
})
