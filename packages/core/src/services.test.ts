import { describe, expect, it, vi } from 'vitest'
import { lazyServicesClient } from './services.ts'

describe('the page’s services client', () => {
  it('is one client for every caller, asking the configured services for the project', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return new Response('{}', { headers: { 'content-type': 'application/json' } })
    })
    const services = lazyServicesClient({ servicesUrl: 'https://services.example', projectId: 'p1' })
    const [first, second] = await Promise.all([services(), services()])
    expect(first).toBe(second)
    await first.get({ path: '/v1/identity' })
    expect(new URL(asked[0] ?? '').searchParams.get('projectId')).toBe('p1')
    vi.unstubAllGlobals()
  })
})
