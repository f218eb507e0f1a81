/**
 * Where the services are and which project the page is, typed once for every part that calls them,
 * and the page's one services client, shared by the wallet list, names, analytics and the account
 * data. Its code (account/http-client.ts) is a chunk of its own, loaded with the first request.
 */
import type { ServicesClient } from './account/http-client.ts'

export interface ServicesSettings {
  /** The services' base URL, as given to `createPortico`. */
  servicesUrl: string
  projectId: string
}

/** The shared services client, its code loaded at the first call; every call gets the same one. */
export type LazyServicesClient = () => Promise<ServicesClient>

export function lazyServicesClient({ servicesUrl, projectId }: ServicesSettings): LazyServicesClient {
  let client: Promise<ServicesClient> | undefined
  return () =>
    (client ??= import('./account/http-client.ts').then(
      ({ createServicesClient }) => createServicesClient({ baseUrl: servicesUrl, projectId }),
      (error: unknown) => {
        // A chunk that failed to load (network blip, new deploy) is tried again by the next call.
        client = undefined
        throw error
      },
    ))
}
