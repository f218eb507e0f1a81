/**
 * The analytics client: sends track and error events to the services' `POST /e` (behaviour §7) when
 * both the dapp (`features.analytics`) and the project's analytics config allow it. Reporting must
 * never break what it reports on, so nothing here throws or rejects: an event that cannot be sent
 * is dropped.
 */
import type { ServicesClient } from '../account/http-client.ts'
import { ANALYTICS_FIELD_LIMITS, ERROR_TELEMETRY } from '../constants.ts'
import { PorticoError } from '../errors.ts'
import { createErrorLimit } from './error-limit.ts'
import {
  type AnalyticsEventBody,
  type AnalyticsProps,
  clip,
  clipProperties,
  type EventProperties,
  errorProps,
} from './event.ts'
import { newEventId as defaultEventId } from './event-id.ts'

export interface Analytics {
  /** Resolves once the event is sent or dropped; never rejects. */
  track(event: string, properties?: EventProperties): Promise<void>
  /** As `track`, with the error's type, message and stack; at most 5 a minute are sent. */
  trackError(event: string, error: unknown, properties?: EventProperties): Promise<void>
}

interface PageLocation {
  href: string
  host: string
}

export interface AnalyticsParameters {
  services: ServicesClient
  projectId: string
  /** `features.analytics`: when false nothing is asked or sent. */
  enabled: boolean
  now?: (() => number) | undefined
  /** Read at each event, so a single-page app reports the URL it is on; the browser's otherwise. */
  location?: (() => PageLocation | undefined) | undefined
  newEventId?: (() => string) | undefined
}

const browserLocation = (): PageLocation | undefined => globalThis.location

export function createAnalytics({
  services,
  projectId,
  enabled,
  now = Date.now,
  location = browserLocation,
  newEventId = defaultEventId,
}: AnalyticsParameters): Analytics {
  const errorLimit = createErrorLimit(ERROR_TELEMETRY, now)
  let projectConfig: Promise<boolean> | undefined
  // Set by a refusal: an unknown project or a foreign origin will not be accepted later either.
  let refused = false

  function projectAllows(): Promise<boolean> {
    projectConfig ??= services
      .get<{ isAnalyticsEnabled?: unknown }>({
        path: `/v1/projects/${encodeURIComponent(projectId)}/analytics-config`,
      })
      .then(
        (config) => config.isAnalyticsEnabled === true,
        (error: unknown) => {
          if (isRefusal(error)) refused = true
          // Only a refusal is final; after a network failure the next event asks again.
          else projectConfig = undefined
          return false
        },
      )
    return projectConfig
  }

  /** `describe` runs inside the guard too: even an error whose message getter throws stays here. */
  async function send(describe: () => AnalyticsProps): Promise<void> {
    try {
      const props = describe()
      if (!enabled || refused || !(await projectAllows())) return
      if (props.type === 'error' && !errorLimit.take()) return
      const page = location()
      if (!page) return
      const body: AnalyticsEventBody = {
        eventId: newEventId(),
        url: clip(page.href, ANALYTICS_FIELD_LIMITS.url),
        domain: clip(page.host, ANALYTICS_FIELD_LIMITS.domain),
        timestamp: now(),
        props,
      }
      await services.post({ path: '/e', body })
    } catch (error) {
      // behaviour §7: analytics answering 403 means the origin is not allowed.
      if (isRefusal(error)) refused = true
    }
  }

  function propsOf(type: AnalyticsProps['type'], event: string, properties: EventProperties | undefined) {
    return {
      type,
      event: clip(event, ANALYTICS_FIELD_LIMITS.event),
      ...(properties ? { properties: clipProperties(properties) } : {}),
    }
  }

  return {
    track: (event, properties) => send(() => propsOf('track', event, properties)),
    trackError: (event, error, properties) =>
      send(() => ({ ...propsOf('error', event, properties), ...errorProps(error) })),
  }
}

/** 401 (unknown project) or 403 (foreign origin, analytics off): a no to this page, not to one event. */
function isRefusal(error: unknown): boolean {
  return error instanceof PorticoError && (error.code === 401 || error.code === 403)
}
