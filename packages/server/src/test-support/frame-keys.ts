import { randomBytes, randomUUID } from 'node:crypto'
import { keyRotationProof, keySetupProof, passkeyResplitProof } from '@portico/core/shared'
import type { Kysely } from 'kysely'
import { combine, split } from 'shamir-secret-sharing'
import { type Address, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Tables } from '../db/tables.ts'
import { sealEnvelope } from '../embedded/envelope.ts'

/**
 * The secure frame's key job, done in Node for the services' tests: a key split 2-of-3 with
 * `shamir-secret-sharing` into the device, server and recovery shares (in that order), the server
 * and recovery shares as base64url text, as they travel.
 */
export interface FrameKey {
  privateKey: Hex
  address: Address
  device: Uint8Array
  server: string
  recovery: string
}

export async function newFrameKey(privateKey: Hex = generatePrivateKey()): Promise<FrameKey> {
  const [device, server, recovery] = await split(hexToBytes(privateKey), 3, 2)
  if (!device || !server || !recovery) throw new Error('the key did not split into three shares')
  return {
    privateKey,
    address: privateKeyToAccount(privateKey).address,
    device,
    server: Buffer.from(server).toString('base64url'),
    recovery: Buffer.from(recovery).toString('base64url'),
  }
}

/** A share as the library takes it: a plain Uint8Array (it refuses a Buffer). */
export const shareBytes = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(text, 'base64url'))

/** The address of the key two shares combine to; shares of different splits give some other key. */
export async function addressOfShares(first: Uint8Array, second: Uint8Array): Promise<Address> {
  const secret = await combine([first, second])
  return privateKeyToAccount(`0x${Buffer.from(secret).toString('hex')}`).address
}

/** The body of `POST /v1/auth/key/setup` for `key`, its proof signed by the key as the contract words it. */
export async function keySetupBody(key: FrameKey, email: string, signer: Hex = key.privateKey) {
  const message = keySetupProof(email, key.address)
  return {
    address: key.address,
    proof: await privateKeyToAccount(signer).signMessage({ message }),
    serverShare: key.server,
    recovery: { kind: 'operator', share: key.recovery },
  }
}

/**
 * A key re-split by the frame for passkey recovery: a new split of the same key, its recovery share
 * sealed under the passkey's PRF output (`sealedRecovery`, as the frame sends it).
 */
export interface PasskeyKey extends FrameKey {
  sealedRecovery: string
  credentialId: string
  salt: string
  /** What the user's authenticator answers: kept only here, as only the authenticator holds it. */
  prfOutput: Uint8Array<ArrayBuffer>
}

const recoveryBinding = (address: Address) =>
  new TextEncoder().encode(`portico-recovery:${address.toLowerCase()}`)

/** The frame's recovery key: HKDF-SHA-256 of the PRF output to AES-GCM-256. */
async function passkeyRecoveryKey(prfOutput: Uint8Array<ArrayBuffer>, salt: string) {
  const material = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: shareBytes(salt),
      info: new TextEncoder().encode('portico recovery share v1'),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** What the frame does when the user protects the wallet with a passkey: the same key, split anew. */
export async function resplitForPasskey(key: FrameKey): Promise<PasskeyKey> {
  const split = await newFrameKey(key.privateKey)
  const prfOutput = new Uint8Array(randomBytes(32))
  const salt = randomBytes(32).toString('base64url')
  const iv = new Uint8Array(randomBytes(12))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: recoveryBinding(split.address) },
    await passkeyRecoveryKey(prfOutput, salt),
    shareBytes(split.recovery),
  )
  return {
    ...split,
    sealedRecovery: Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64url'),
    credentialId: randomBytes(32).toString('base64url'),
    salt,
    prfOutput,
  }
}

/** The recovery share a passkey-sealed blob holds, opened as the frame opens it with the passkey. */
export async function openPasskeyShare(key: PasskeyKey, blob: string): Promise<Uint8Array> {
  const bytes = shareBytes(blob)
  const opened = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.slice(0, 12), additionalData: recoveryBinding(key.address) },
    await passkeyRecoveryKey(key.prfOutput, key.salt),
    bytes.slice(12),
  )
  return new Uint8Array(opened)
}

/** The body of `POST /v1/auth/key/passkey` for `key`, its proof signed by the key unless told. */
export async function passkeyBody(
  key: PasskeyKey,
  email: string,
  options: { issuedAt?: number; signer?: Hex; address?: string } = {},
) {
  const body = {
    address: options.address ?? key.address,
    issuedAt: options.issuedAt ?? Date.now(),
    serverShare: key.server,
    recovery: { share: key.sealedRecovery, credentialId: key.credentialId, salt: key.salt },
  }
  const message = passkeyResplitProof(email, body)
  return {
    ...body,
    proof: await privateKeyToAccount(options.signer ?? key.privateKey).signMessage({ message }),
  }
}

type FrameCall = (path: string, body: object) => Promise<{ statusCode: number; body: string }>

/** What the frame does after a first login: a new key, split, set up with the services. */
export async function setUpKeyAsFrame(call: FrameCall, email: string): Promise<FrameKey> {
  const key = await newFrameKey()
  const answer = await call('/key/setup', await keySetupBody(key, email))
  if (answer.statusCode !== 200) throw new Error(`key setup answered ${answer.statusCode}: ${answer.body}`)
  return key
}

/**
 * A user from before key shares, written as the services wrote them: a whole key sealed under the
 * master key with the user id as associated data.
 */
export async function createLegacyUser(db: Kysely<Tables>, masterKey: Buffer, email: string) {
  const id = randomUUID()
  const privateKey = generatePrivateKey()
  const address = privateKeyToAccount(privateKey).address
  const encrypted_key = sealEnvelope(masterKey, id, hexToBytes(privateKey))
  await db.insertInto('embedded_users').values({ id, email, address, encrypted_key }).execute()
  return { id, email, address, privateKey }
}

/**
 * The body of `POST /v1/auth/key/rotation/start`: `next` (a new key, split passkey-first) replaces
 * `current`, both keys signing it unless `signers` says otherwise.
 */
export async function rotationBody(
  current: { address: Address; privateKey: Hex },
  next: PasskeyKey,
  email: string,
  options: { kind?: 'smartAccount' | 'eoa'; signers?: { old?: Hex; new?: Hex } } = {},
) {
  const body = {
    kind: options.kind ?? 'smartAccount',
    oldAddress: current.address,
    newAddress: next.address,
    issuedAt: Date.now(),
    serverShare: next.server,
    recovery: { share: next.sealedRecovery, credentialId: next.credentialId, salt: next.salt },
  }
  const message = keyRotationProof(email, body)
  const sign = (key: Hex) => privateKeyToAccount(key).signMessage({ message })
  return {
    ...body,
    oldProof: await sign(options.signers?.old ?? current.privateKey),
    newProof: await sign(options.signers?.new ?? next.privateKey),
  }
}
