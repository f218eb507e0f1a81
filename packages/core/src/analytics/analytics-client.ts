/** What lazy.ts loads at the first event (its own chunk, named for it): the analytics client on the page's services client. */
import type { ServicesClient } from '../account/http-client.ts'
import { type Analytics, createAnalytics } from './client.ts'

export function servicesAnalytics(services: ServicesClient, projectId: string): Analytics {
  // lazy.ts only loads this when the dapp allows analytics; the project's config is still asked.
  return createAnalytics({ services, projectId, enabled: true })
}
