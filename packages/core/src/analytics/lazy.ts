/**
 * The analytics the modal holds from the start: a stand-in that loads the real client (client.ts,
 * on the page's shared services client) at the first event — in practice the first MODAL_OPEN, after the
 * click — so none of that code is in the page's first download. Events sent meanwhile wait on the
 * same load and go out in order. With analytics off nothing is ever loaded or sent.
 */
import type { LazyServicesClient } from '../services.ts'
import type { Analytics } from './client.ts'

export interface LazyAnalyticsParameters {
  /** `features.analytics` (and `enableAnalytics`): false means nothing is loaded or sent. */
  enabled: boolean
  services: LazyServicesClient
  projectId: string
  /** Brings the client; the chunk of analytics-client.ts by default. Tests pass their own. */
  load?: (() => Promise<Analytics>) | undefined
}

const NO_ANALYTICS: Analytics = {
  track: async () => {},
  trackError: async () => {},
}

export function lazyAnalytics({ enabled, services, projectId, load }: LazyAnalyticsParameters): Analytics {
  if (!enabled) return NO_ANALYTICS
  const bring =
    load ??
    (() =>
      Promise.all([services(), import('./analytics-client.ts')]).then(([client, { servicesAnalytics }]) =>
        servicesAnalytics(client, projectId),
      ))
  let client: Promise<Analytics | undefined> | undefined
  // A chunk that failed to load (network blip, new deploy) drops its waiting events; the next event tries again.
  const ready = () =>
    (client ??= bring().catch(() => {
      client = undefined
      return undefined
    }))
  return {
    track: (event, properties) => ready().then((analytics) => analytics?.track(event, properties)),
    trackError: (event, error, properties) =>
      ready().then((analytics) => analytics?.trackError(event, error, properties)),
  }
}
