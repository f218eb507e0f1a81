/**
 * What one analytics event carries (behaviour §7 `POST /e`) and how an error becomes one. Fields are
 * cut to the services' caps (`ANALYTICS_FIELD_LIMITS`), so a long stack trace is sent shortened
 * instead of refused.
 */
import { ANALYTICS_FIELD_LIMITS } from '../constants.ts'
import { isUserRejection, PorticoError } from '../errors.ts'
import { DECLINED_ERROR_TYPE } from './names.ts'

export type EventProperties = Record<string, string | number | boolean>

export interface AnalyticsProps {
  type: 'track' | 'error'
  event: string
  errorType?: string
  errorMessage?: string
  stackTrace?: string
  properties?: EventProperties
}

export interface AnalyticsEventBody {
  eventId: string
  url: string
  domain: string
  /** Milliseconds since 1970, when it happened on the page. */
  timestamp: number
  props: AnalyticsProps
}

/** Cuts to `max` characters; U+0000, which the services refuse, becomes U+FFFD. */
export function clip(text: string, max: number): string {
  return text.replaceAll('\u0000', '\uFFFD').slice(0, max)
}

/**
 * The error fields of an event: `declined` when the user said no in their wallet (a choice, not a
 * fault, and the dashboard counts it apart), else the category of our own errors, else the
 * JavaScript error's name.
 */
export function errorProps(
  error: unknown,
): Pick<AnalyticsProps, 'errorType' | 'errorMessage' | 'stackTrace'> {
  const declined = isUserRejection(error)
  if (!(error instanceof Error)) {
    return {
      errorType: declined ? DECLINED_ERROR_TYPE : 'INTERNAL_SDK_ERROR',
      errorMessage: clip(String(error), ANALYTICS_FIELD_LIMITS.errorMessage),
    }
  }
  const errorType = declined
    ? DECLINED_ERROR_TYPE
    : error instanceof PorticoError
      ? error.category
      : error.name
  return {
    errorType: clip(errorType, ANALYTICS_FIELD_LIMITS.errorType),
    errorMessage: clip(error.message, ANALYTICS_FIELD_LIMITS.errorMessage),
    ...(error.stack ? { stackTrace: clip(error.stack, ANALYTICS_FIELD_LIMITS.stackTrace) } : {}),
  }
}

/** Keeps string property values within the services' cap. */
export function clipProperties(properties: EventProperties): EventProperties {
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [
      name,
      typeof value === 'string' ? clip(value, ANALYTICS_FIELD_LIMITS.propertyValue) : value,
    ]),
  )
}
