import { ANALYTICS_FIELD_LIMITS } from '@portico/core/shared'
import { z } from 'zod'

/** The latest `timestamp` stored: the end of year 9999, beyond which timestamptz and Date disagree. */
const MAX_TIMESTAMP_MS = 253_402_300_799_999

// Postgres text and jsonb cannot hold U+0000; refused here it is a 400 instead of a failed insert.
const text = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), 'must not contain U+0000')

const Properties = z
  .record(
    text(ANALYTICS_FIELD_LIMITS.propertyName).min(1, 'property names must not be empty'),
    z.union([text(ANALYTICS_FIELD_LIMITS.propertyValue), z.number(), z.boolean()]),
  )
  .refine(
    (properties) => Object.keys(properties).length <= ANALYTICS_FIELD_LIMITS.properties,
    `at most ${ANALYTICS_FIELD_LIMITS.properties} properties`,
  )

/** The body of `POST /e` (behaviour §7); unknown keys are refused so a typo is not silently lost. */
export const AnalyticsEventBody = z.strictObject({
  eventId: z.uuid('must be a UUID'),
  url: text(ANALYTICS_FIELD_LIMITS.url).min(1, 'must not be empty'),
  domain: text(ANALYTICS_FIELD_LIMITS.domain).min(1, 'must not be empty'),
  timestamp: z
    .number('must be a number of milliseconds since 1970')
    .int('must be whole milliseconds')
    .min(0, 'must not be before 1970')
    .max(MAX_TIMESTAMP_MS, 'must be before the year 10000'),
  props: z.strictObject({
    type: z.enum(['track', 'error'], 'must be "track" or "error"'),
    event: text(ANALYTICS_FIELD_LIMITS.event).min(1, 'must not be empty'),
    errorType: text(ANALYTICS_FIELD_LIMITS.errorType).optional(),
    errorMessage: text(ANALYTICS_FIELD_LIMITS.errorMessage).optional(),
    stackTrace: text(ANALYTICS_FIELD_LIMITS.stackTrace).optional(),
    properties: Properties.optional(),
  }),
})

export type AnalyticsEvent = z.output<typeof AnalyticsEventBody>
