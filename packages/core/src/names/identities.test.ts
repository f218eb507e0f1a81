import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, StorageKey } from '../storage.ts'
import { createIdentities, type Identity, nameOf } from './identities.ts'

const ALICE = '0x00000000000000000000000000000000000A11CE'
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => vi.useRealTimers())

function lookups(answers: Array<Identity | Error>) {
  const asked: string[] = []
  const fetchIdentity = async (address: string) => {
    asked.push(address)
    const answer = answers.shift()
    if (!answer || answer instanceof Error) throw answer ?? new Error('no answer')
    return answer
  }
  return { asked, fetchIdentity }
}

describe('identities', () => {
  it('asks the services once, then answers from the device for 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const storage = createMemoryStorage()
    const { asked, fetchIdentity } = lookups([
      { name: 'alice.portico.id', avatar: 'data:image/svg+xml,x' },
      { name: 'alice2.portico.id' },
    ])
    const first = createIdentities({ storage, fetchIdentity })
    first.request(ALICE)
    await settle()
    expect(nameOf(first.store.getState(), ALICE.toLowerCase())).toBe('alice.portico.id')

    // Another page view: the kept answer, no request.
    const second = createIdentities({ storage, fetchIdentity })
    second.request(ALICE)
    expect(nameOf(second.store.getState(), ALICE)).toBe('alice.portico.id')
    expect(asked).toHaveLength(1)

    vi.setSystemTime(Date.now() + 5 * 60_000)
    second.request(ALICE)
    await settle()
    expect(asked).toHaveLength(2)
    expect(nameOf(second.store.getState(), ALICE)).toBe('alice2.portico.id')
  })

  it('does not ask again for 30 s after a failure, and keeps nothing from it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const storage = createMemoryStorage()
    const { asked, fetchIdentity } = lookups([new Error('down'), { name: null }])
    const identities = createIdentities({ storage, fetchIdentity })
    identities.request(ALICE)
    await settle()
    identities.request(ALICE)
    expect(asked).toHaveLength(1)
    expect(storage.getItem(StorageKey.identityCache)).toBeNull()
    vi.setSystemTime(Date.now() + 30_000)
    identities.request(ALICE)
    await settle()
    expect(asked).toHaveLength(2)
    expect(identities.store.getState().byAddress[ALICE.toLowerCase()]).toEqual({ name: null })
  })

  it("starts from the server render's answer, which replaces what the device kept", () => {
    const storage = createMemoryStorage()
    const { asked, fetchIdentity } = lookups([])
    createIdentities({ storage, fetchIdentity }).remember(ALICE, { name: null })
    const identities = createIdentities({
      storage,
      fetchIdentity,
      initial: { address: ALICE, identity: { name: 'alice.portico.id' } },
    })
    identities.request(ALICE)
    expect(nameOf(identities.store.getState(), ALICE)).toBe('alice.portico.id')
    expect(asked).toHaveLength(0)
  })
})
