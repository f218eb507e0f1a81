import { describe, expect, it } from 'vitest'
import { createServicesClient } from '../account/http-client.ts'
import { PorticoError } from '../errors.ts'
import { type AnalyticsParameters, createAnalytics } from './client.ts'

const PROJECT = 'a'.repeat(32)
const PAGE = { href: 'https://shop.example/account?tab=activity', host: 'shop.example' }

interface Sent {
  url: URL
  body: unknown
}

/** A fake services origin: the analytics config answer and each `POST /e` status are up to the test. */
function servicesAnswering({ enabled = true, configStatus = 200, eventStatus = 204 } = {}) {
  const configReads: URL[] = []
  const events: Sent[] = []
  const answers = { configStatus, eventStatus }
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname.endsWith('/analytics-config')) {
      configReads.push(url)
      return new Response(JSON.stringify({ isAnalyticsEnabled: enabled }), { status: answers.configStatus })
    }
    events.push({ url, body: JSON.parse(String(init?.body)) })
    return new Response(null, { status: answers.eventStatus })
  }) as typeof globalThis.fetch
  return { configReads, events, answers, fetch }
}

function setup(fake: ReturnType<typeof servicesAnswering>, overrides: Partial<AnalyticsParameters> = {}) {
  let clock = Date.parse('2026-11-20T10:00:00Z')
  let ids = 0
  const analytics = createAnalytics({
    services: createServicesClient({
      baseUrl: 'https://services.test',
      projectId: PROJECT,
      fetch: fake.fetch,
    }),
    projectId: PROJECT,
    enabled: true,
    now: () => clock,
    location: () => PAGE,
    newEventId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    ...overrides,
  })
  return { analytics, tick: (ms: number) => (clock += ms) }
}

const eventNames = (events: Sent[]) =>
  events.map(({ body }) => (body as { props: { event: string } }).props.event)

describe('analytics client', () => {
  it('reads the project config once, then sends each event to POST /e with the SDK query', async () => {
    const fake = servicesAnswering()
    const { analytics } = setup(fake)
    await analytics.track('MODAL_OPEN', { view: 'Account' })
    await analytics.trackError(
      'ERROR_FETCH_TRANSACTIONS',
      new PorticoError('HTTP status code: 500', { category: 'API_ERROR', code: 500 }),
    )

    expect(fake.configReads.map((url) => url.pathname)).toEqual([`/v1/projects/${PROJECT}/analytics-config`])
    expect(fake.events).toHaveLength(2)
    const [track, error] = fake.events
    expect(track?.url.pathname).toBe('/e')
    expect(Object.fromEntries(track?.url.searchParams ?? [])).toEqual({
      projectId: PROJECT,
      st: 'portico-react',
      sv: '0.1.0',
    })
    expect(track?.body).toEqual({
      eventId: '00000000-0000-4000-8000-000000000001',
      url: PAGE.href,
      domain: 'shop.example',
      timestamp: Date.parse('2026-11-20T10:00:00Z'),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Account' } },
    })
    expect(error?.body).toMatchObject({
      eventId: '00000000-0000-4000-8000-000000000002',
      props: {
        type: 'error',
        event: 'ERROR_FETCH_TRANSACTIONS',
        errorType: 'API_ERROR',
        errorMessage: 'HTTP status code: 500',
        stackTrace: expect.stringContaining('HTTP status code: 500'),
      },
    })
  })

  it('asks nothing and sends nothing when the dapp turned analytics off', async () => {
    const fake = servicesAnswering()
    const { analytics } = setup(fake, { enabled: false })
    await analytics.track('MODAL_OPEN')
    await analytics.trackError('ERROR_FETCH_TRANSACTIONS', new Error('down'))
    expect(fake.configReads).toEqual([])
    expect(fake.events).toEqual([])
  })

  it('sends nothing when the project has analytics off, and asks about that only once', async () => {
    const fake = servicesAnswering({ enabled: false })
    const { analytics } = setup(fake)
    await analytics.track('MODAL_OPEN')
    await analytics.trackError('ERROR_FETCH_TRANSACTIONS', new Error('down'))
    expect(fake.configReads).toHaveLength(1)
    expect(fake.events).toEqual([])
  })

  it('sends at most 5 error events in any 60 s; track events are not limited', async () => {
    const fake = servicesAnswering()
    const { analytics, tick } = setup(fake)
    for (let n = 1; n <= 7; n++) {
      await analytics.trackError(`ERROR_${n}`, new Error('down'))
      tick(1_000)
    }
    await analytics.track('MODAL_OPEN')
    expect(eventNames(fake.events)).toEqual([
      'ERROR_1',
      'ERROR_2',
      'ERROR_3',
      'ERROR_4',
      'ERROR_5',
      'MODAL_OPEN',
    ])

    // 60 s after the first error its slot frees up, and only its.
    tick(60_000 - 7_000)
    await analytics.trackError('ERROR_8', new Error('down'))
    await analytics.trackError('ERROR_9', new Error('down'))
    expect(eventNames(fake.events).slice(6)).toEqual(['ERROR_8'])
  })

  it('never rejects: a failed send is dropped and the next event is still sent', async () => {
    const fake = servicesAnswering({ eventStatus: 500 })
    const { analytics } = setup(fake)
    await expect(analytics.trackError('ERROR_1', new Error('down'))).resolves.toBeUndefined()
    fake.answers.eventStatus = 204
    await analytics.trackError('ERROR_2', new Error('down'))
    expect(eventNames(fake.events)).toEqual(['ERROR_1', 'ERROR_2'])

    const offline = createAnalytics({
      services: createServicesClient({
        baseUrl: 'https://services.test',
        projectId: PROJECT,
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      }),
      projectId: PROJECT,
      enabled: true,
      location: () => PAGE,
    })
    await expect(offline.track('MODAL_OPEN')).resolves.toBeUndefined()

    const hostile = new Error('x')
    Object.defineProperty(hostile, 'message', {
      get() {
        throw new Error('no message for you')
      },
    })
    await expect(analytics.trackError('ERROR_3', hostile)).resolves.toBeUndefined()
  })

  it('asks for the config again after it could not be read', async () => {
    const fake = servicesAnswering({ configStatus: 503 })
    const { analytics } = setup(fake)
    await analytics.track('FIRST')
    fake.answers.configStatus = 200
    await analytics.track('SECOND')
    expect(fake.configReads).toHaveLength(2)
    expect(eventNames(fake.events)).toEqual(['SECOND'])
  })

  it('stops sending after the services answer 403 (origin not allowed)', async () => {
    const fake = servicesAnswering({ eventStatus: 403 })
    const { analytics } = setup(fake)
    await analytics.track('FIRST')
    await analytics.track('SECOND')
    expect(eventNames(fake.events)).toEqual(['FIRST'])
  })

  it('cuts long fields to what the services accept instead of losing the event', async () => {
    const fake = servicesAnswering()
    const { analytics } = setup(fake, {
      location: () => ({ href: `https://shop.example/${'a'.repeat(5_000)}`, host: 'shop.example' }),
    })
    const error = new Error(`bad\u0000${'m'.repeat(2_000)}`)
    error.stack = 's'.repeat(20_000)
    await analytics.trackError('ERROR_FETCH_TRANSACTIONS', error, { note: 'n'.repeat(3_000) })
    const body = fake.events[0]?.body as {
      url: string
      props: { errorMessage: string; stackTrace: string; properties: { note: string } }
    }
    expect(body.url).toHaveLength(2_048)
    expect(body.props.errorMessage).toHaveLength(1_000)
    expect(body.props.errorMessage.startsWith('bad\uFFFD')).toBe(true)
    expect(body.props.stackTrace).toHaveLength(8_000)
    expect(body.props.properties.note).toHaveLength(1_000)
  })
})
