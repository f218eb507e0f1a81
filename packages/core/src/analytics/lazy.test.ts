import { describe, expect, it } from 'vitest'
import { createServicesClient } from '../account/http-client.ts'
import { type Analytics, createAnalytics } from './client.ts'
import { lazyAnalytics } from './lazy.ts'

// The tests hand lazyAnalytics their own `load`, so the shared services client is never asked for.
const unused = () => Promise.reject(new Error('not asked'))

const recording = () => {
  const events: string[] = []
  const analytics: Analytics = {
    track: async (event) => void events.push(event),
    trackError: async (event) => void events.push(event),
  }
  return { events, analytics }
}

describe('the analytics the modal starts with', () => {
  it('loads the client at the first event only, and sends what waited in order', async () => {
    const { events, analytics } = recording()
    let loads = 0
    let release: () => void = () => {}
    const lazy = lazyAnalytics({
      enabled: true,
      services: unused,
      projectId: 'p',
      load: () => {
        loads++
        return new Promise((resolve) => {
          release = () => resolve(analytics)
        })
      },
    })
    expect(loads).toBe(0)
    const sent = [lazy.track('MODAL_OPEN'), lazy.track('SELECT_WALLET'), lazy.trackError('CONNECT_ERROR', 1)]
    expect(loads).toBe(1)
    expect(events).toEqual([])
    release()
    await Promise.all(sent)
    expect(events).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_ERROR'])
    expect(loads).toBe(1)
  })

  it('never loads anything when analytics is off', async () => {
    let loads = 0
    const lazy = lazyAnalytics({
      enabled: false,
      services: unused,
      projectId: 'p',
      load: async () => {
        loads++
        return recording().analytics
      },
    })
    await lazy.track('MODAL_OPEN')
    await lazy.trackError('CONNECT_ERROR', new Error('no'))
    expect(loads).toBe(0)
  })

  it('drops the events of a load that failed and tries again at the next event', async () => {
    const { events, analytics } = recording()
    let fail = true
    const lazy = lazyAnalytics({
      enabled: true,
      services: unused,
      projectId: 'p',
      load: async () => {
        if (fail) throw new TypeError('Failed to fetch dynamically imported module')
        return analytics
      },
    })
    await expect(lazy.track('LOST')).resolves.toBeUndefined()
    fail = false
    await lazy.track('SENT')
    expect(events).toEqual(['SENT'])
  })

  it('keeps error events to 5 a minute through the loaded client', async () => {
    const posted: string[] = []
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/analytics-config'))
        return new Response(JSON.stringify({ isAnalyticsEnabled: true }), { status: 200 })
      posted.push((JSON.parse(String(init?.body)) as { props: { event: string } }).props.event)
      return new Response(null, { status: 204 })
    }) as typeof globalThis.fetch
    const lazy = lazyAnalytics({
      enabled: true,
      services: unused,
      projectId: 'p',
      load: async () =>
        createAnalytics({
          services: createServicesClient({ baseUrl: 'https://services.test', projectId: 'p', fetch }),
          projectId: 'p',
          enabled: true,
          location: () => ({ href: 'https://shop.example/', host: 'shop.example' }),
        }),
    })
    await Promise.all(Array.from({ length: 7 }, () => lazy.trackError('CONNECT_ERROR', new Error('no'))))
    await lazy.track('CONNECT_SUCCESS')
    expect(posted).toEqual([...Array(5).fill('CONNECT_ERROR'), 'CONNECT_SUCCESS'])
  })
})
