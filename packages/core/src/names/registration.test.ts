import { describe, expect, it } from 'vitest'
import { type ServicesClient, ServicesError } from '../account/http-client.ts'
import { createMemoryStorage } from '../storage.ts'
import { createIdentities, nameOf } from './identities.ts'
import { createNameRegistration, NameRegistrationText } from './registration.ts'
import { NameRuleText } from './rules.ts'

const ADDRESS = '0x00000000000000000000000000000000000A11CE'

/** A services stand-in answering by path; what was posted is kept. */
function services(answer: (path: string, body?: unknown) => unknown) {
  const posted: unknown[] = []
  const reply = async <T>({ path, body }: { path: string; body?: unknown }) => {
    if (body !== undefined) posted.push(body)
    const result = answer(path, body)
    if (result instanceof Error) throw result
    return result as T
  }
  const client: ServicesClient = { get: reply, post: reply, put: reply, delete: reply }
  return { client, posted }
}

async function registration(
  answer: (path: string) => unknown,
  sign: (message: string) => Promise<string> = async () => '0xsig',
) {
  const { client, posted } = services((path) =>
    path === '/v1/profile/settings' ? { suffix: 'portico.id', coin_type: 2147514985 } : answer(path),
  )
  const identities = createIdentities({
    storage: createMemoryStorage(),
    fetchIdentity: async () => ({ name: null }),
  })
  const names = await createNameRegistration({
    client,
    chainId: 31337,
    identities,
    signMessage: (message) => sign(message),
  })
  return { names, posted, identities }
}

describe('choosing a name', () => {
  it('says a broken rule without asking the services', async () => {
    const { names } = await registration(() => {
      throw new Error('no request expected')
    })
    expect(await names.check('')).toEqual({ kind: 'empty' })
    expect(await names.check('ab')).toEqual({ kind: 'invalid', problem: NameRuleText.TOO_SHORT })
    expect(await names.check('a_b_c')).toEqual({ kind: 'invalid', problem: NameRuleText.CHARACTERS })
  })

  it('tells a free name from a taken one, with free labels to pick instead', async () => {
    const { names } = await registration((path) =>
      path.endsWith('/alice')
        ? {
            suggestions: [
              { name: 'alice.portico.id', registered: true },
              { name: 'alice1.portico.id', registered: false },
              { name: 'alice-eth.portico.id', registered: false },
            ],
          }
        : { suggestions: [{ name: 'bobby.portico.id', registered: false }] },
    )
    expect(names.suffix).toBe('portico.id')
    expect(await names.check('alice')).toEqual({
      kind: 'taken',
      name: 'alice.portico.id',
      suggestions: ['alice1', 'alice-eth'],
    })
    expect(await names.check('bobby')).toEqual({ kind: 'available', name: 'bobby.portico.id' })
  })

  it('signs the statement, posts it for the chain, and knows the new name at once', async () => {
    let signed = ''
    const { names, posted, identities } = await registration(
      () => ({ name: 'bobby.portico.id', attributes: {}, addresses: {} }),
      async (message) => {
        signed = message
        return '0xsigned'
      },
    )
    expect(await names.register('bobby', ADDRESS)).toBe('bobby.portico.id')
    expect(JSON.parse(signed)).toMatchObject({ name: 'bobby.portico.id', attributes: {} })
    expect(posted).toEqual([
      { coin_type: 2147514985, address: ADDRESS, message: signed, signature: '0xsigned' },
    ])
    expect(nameOf(identities.store.getState(), ADDRESS)).toBe('bobby.portico.id')
  })

  it("says a declined signature in words, and the services' refusal in theirs", async () => {
    const declined = await registration(
      () => ({}),
      async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
    )
    await expect(declined.names.register('bobby', ADDRESS)).rejects.toThrow(
      'You declined the request in your wallet.',
    )
    const taken = await registration(() => new ServicesError(409, 'This name is taken'))
    await expect(taken.names.register('bobby', ADDRESS)).rejects.toThrow('This name is taken')
    const down = await registration(() => new ServicesError(503, 'The database is unavailable.'))
    await expect(down.names.register('bobby', ADDRESS)).rejects.toThrow(NameRegistrationText.UNAVAILABLE)
    expect(taken.posted).toHaveLength(1)
  })
})
