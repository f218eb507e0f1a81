import { z } from 'zod'

/** The zod pieces the modules' `settings` schemas share, so a variable reads the same everywhere. */

const SECRET = /^(0x)?[0-9a-fA-F]{64}$/

export const secret = (what: string) =>
  z.string().regex(SECRET, `must be 64 hex characters (${what}); make one with: openssl rand -hex 32`)

export const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })
  .transform((value) => value === 'on' || value === 'true' || value === '1')

/** Whether a switch is on, judged on its raw value: a malformed one counts as its default. */
export const isOn = (given: Record<string, string | undefined>, name: string, byDefault: 'on' | 'off') =>
  onOff.safeParse(given[name] ?? byDefault).data ?? byDefault === 'on'

export const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

/** Parsed by the same functions `npm start` uses, so a value means the same in both. */
export const fromEnvParser = <T>(parse: (value: string) => T) =>
  z.string().transform((value, context) => {
    try {
      return parse(value)
    } catch (error) {
      // Those parsers name the variable themselves; the path already does here.
      const message = (error as Error).message.replace(/^[A-Z_]+: /, '')
      context.issues.push({ code: 'custom', input: value, message })
      return z.NEVER
    }
  })
