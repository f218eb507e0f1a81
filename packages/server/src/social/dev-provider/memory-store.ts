import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

/**
 * The development provider's own in-memory store (sessions, codes, tokens, grants), one per
 * provider: oidc-provider's built-in one warns at every start that it must be replaced, which is
 * right for production and noise for `npm start`. A restart forgets everything, by design.
 */
export function memoryStore(): AdapterFactory {
  const rows = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const sessionsByUid = new Map<string, string>()
  const grantMembers = new Map<string, Set<string>>()
  const live = (key: string) => {
    const row = rows.get(key)
    if (row && row.expiresAt <= Date.now()) rows.delete(key)
    return row && row.expiresAt > Date.now() ? row.payload : undefined
  }
  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id)
        rows.set(key, {
          payload,
          expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
        })
        if (model === 'Session' && payload.uid) sessionsByUid.set(payload.uid, key)
        if (payload.grantId)
          grantMembers.set(payload.grantId, (grantMembers.get(payload.grantId) ?? new Set()).add(key))
      },
      async find(id) {
        return live(keyOf(id))
      },
      async findByUid(uid) {
        const key = sessionsByUid.get(uid)
        return key ? live(key) : undefined
      },
      // No device flow here.
      async findByUserCode() {
        return undefined
      },
      async consume(id) {
        const payload = live(keyOf(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        rows.delete(keyOf(id))
      },
      async revokeByGrantId(grantId) {
        for (const key of grantMembers.get(grantId) ?? []) rows.delete(key)
        grantMembers.delete(grantId)
      },
    }
  }
}
