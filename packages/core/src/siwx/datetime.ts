/**
 * RFC 3339 `date-time`, the form every EIP-4361 timestamp takes. The text is checked and kept as
 * written; only `toEpochMs` turns it into a time, for comparisons.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/

export type DateTimeProblem = 'syntax' | 'semantics'

/** Undefined when `text` is a valid date-time, else whether its shape or its values are wrong. */
export function dateTimeProblem(text: string): DateTimeProblem | undefined {
  const match = DATE_TIME.exec(text)
  if (!match) return 'syntax'
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[]
  const offsetHour = match[9] === undefined ? 0 : Number(match[9])
  const offsetMinute = match[10] === undefined ? 0 : Number(match[10])
  const valid =
    month !== undefined &&
    month >= 1 &&
    month <= 12 &&
    day !== undefined &&
    day >= 1 &&
    day <= daysInMonth(year ?? 0, month) &&
    (hour ?? 99) <= 23 &&
    (minute ?? 99) <= 59 &&
    // 60 is a leap second, which RFC 3339 allows.
    (second ?? 99) <= 60 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  return valid ? undefined : 'semantics'
}

/** Milliseconds since the epoch; only for texts in which `dateTimeProblem` finds none. */
export function toEpochMs(text: string): number {
  // A leap second reads as the next instant, which is what the comparisons need.
  return Date.parse(text.replace(/:60(?=[.Zz+-])/, ':59')) + (/:60(?=[.Zz+-])/.test(text) ? 1000 : 0)
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}
