import { keySetupProof, passkeyResplitProof } from '@portico/core/shared'
import { type Address, type Hex, isAddressEqual, verifyMessage } from 'viem'
import { expect } from 'vitest'
import type { createKeyCustody, KeyCall, ShareStore } from './custody.ts'
import type { PasskeyRef } from './passkey.ts'

export const email = 'ada@example.com'

/** This device's IndexedDB, as a map. */
export function memoryStore() {
  const records = new Map<string, Uint8Array>()
  const store: ShareStore = {
    read: async (id) => (records.has(id) ? Uint8Array.from(records.get(id) as Uint8Array) : undefined),
    write: async (id, share) => void records.set(id, Uint8Array.from(share)),
    delete: async (id) => void records.delete(id),
  }
  return { records, store }
}

export interface Held {
  state: 'none' | 'legacy' | 'shares'
  address: Address | null
  recoveryAvailable: boolean
  legacyKey?: Hex
  serverShare?: string
  recoveryShare?: string
  recovery?: 'operator' | 'passkey'
  passkey?: PasskeyRef
  /** The code /key/export accepts. */
  exportCode?: string
  /** The code /key/recovery/verify accepts, once /key/recovery/code mailed it. */
  unlockCode?: string
  /** A mailed code would make recovery available (a login without a code). */
  codeUnlocks?: boolean
}

export interface PasskeyBody {
  address: Address
  issuedAt: number
  proof: Hex
  serverShare: string
  recovery: { share: string; credentialId: string; salt: string }
}

/** The services' key routes as the contract describes them, over one user's row. */
export function services(held: Held) {
  const paths: string[] = []
  const passkeyBodies: PasskeyBody[] = []
  const user = () => ({
    email,
    address: held.address,
    chainId: 31337,
    accounts: held.address ? [{ address: held.address, type: 'eoa' as const }] : [],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const call = (async (path: string, body?: Record<string, unknown>) => {
    paths.push(path)
    switch (path) {
      case '/user':
        return user()
      case '/key/status':
        return {
          state: held.state,
          address: held.address,
          recovery: held.recovery ?? null,
          passkey: held.passkey ?? null,
          recoveryAvailable: held.recoveryAvailable,
          codeUnlocks: held.codeUnlocks ?? false,
        }
      case '/key/legacy':
        held.recoveryAvailable = false
        return { privateKey: held.legacyKey }
      case '/key/setup': {
        const { address, proof, serverShare, recovery } = body as {
          address: Address
          proof: Hex
          serverShare: string
          recovery: { kind: 'operator' | 'passkey'; share: string } & Partial<PasskeyRef>
        }
        expect(
          await verifyMessage({ address, message: keySetupProof(email, address), signature: proof }),
        ).toBe(true)
        if (held.state === 'legacy') expect(address).toBe(held.address)
        const { kind, share, credentialId, salt } = recovery
        Object.assign(held, {
          state: 'shares',
          address,
          serverShare,
          recoveryShare: share,
          recovery: kind,
          ...(kind === 'passkey' ? { passkey: { credentialId, salt } } : {}),
        })
        return { user: user() }
      }
      case '/key/passkey': {
        const sent = body as unknown as PasskeyBody
        passkeyBodies.push(sent)
        if (!held.address || !isAddressEqual(sent.address, held.address)) throw new Error('another wallet')
        const { proof, ...signed } = sent
        const message = passkeyResplitProof(email, signed)
        if (!(await verifyMessage({ address: held.address, message, signature: proof })))
          throw new Error('The key proof does not match the address')
        const { share, credentialId, salt } = sent.recovery
        Object.assign(held, {
          serverShare: sent.serverShare,
          recoveryShare: share,
          recovery: 'passkey',
          passkey: { credentialId, salt },
        })
        return { user: { ...user(), recovery: 'passkey' } }
      }
      case '/key/recovery/code':
        if (!held.codeUnlocks || !held.unlockCode) throw new Error('no code to mail')
        return {}
      case '/key/recovery/verify':
        if (body?.otp !== held.unlockCode) throw new Error('Invalid code')
        Object.assign(held, { recoveryAvailable: true, codeUnlocks: false })
        return {}
      case '/key/share':
        return { serverShare: held.serverShare }
      case '/key/recovery':
        // Once per fresh login.
        if (!held.recoveryAvailable) throw new Error('Recovery needs a fresh login')
        held.recoveryAvailable = false
        return held.recovery === 'passkey'
          ? { kind: 'passkey', share: held.recoveryShare, ...held.passkey }
          : { kind: 'operator', share: held.recoveryShare }
      case '/key/export':
        expect(body).toEqual({ otp: expect.any(String) })
        if (!held.exportCode || body?.otp !== held.exportCode) throw new Error('Invalid code')
        return { serverShare: held.serverShare }
      default:
        throw new Error(`no route ${path}`)
    }
  }) as KeyCall
  return { call, paths, passkeyBodies }
}

export const signerOf = (custody: ReturnType<typeof createKeyCustody>, call: KeyCall, address: Address) =>
  custody.withKey(call, address)((account) => account.signMessage({ message: 'hi' }))
