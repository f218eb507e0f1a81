/** What lazy.ts loads at the first event (its own chunk, named for it): the analytics client on its own services client. */
import { createServicesClient } from '../account/http-client.ts'
import { type Analytics, createAnalytics } from './client.ts'

export function servicesAnalytics({
  servicesUrl,
  projectId,
}: {
  servicesUrl: string
  projectId: string
}): Analytics {
  return createAnalytics({
    services: createServicesClient({ baseUrl: servicesUrl, projectId }),
    projectId,
    // lazy.ts only loads this when the dapp allows analytics; the project's config is still asked.
    enabled: true,
  })
}
