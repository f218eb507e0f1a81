import type { FastifyRequest } from 'fastify'
import type { FrameCaller } from './guard.ts'

/**
 * Who asked for a code or an approval, as the mail and the approval page show it: enough for a
 * user to tell their own login from someone else's, without keeping the full User-Agent.
 */
export interface RequestContext {
  project: string
  origin: string
  time: Date
  /** A coarse hint such as "Firefox on Linux". */
  device: string
  ip: string
}

export function requestContext(request: FastifyRequest, caller: FrameCaller): RequestContext {
  return {
    project: caller.projectName,
    origin: caller.parentOrigin,
    time: new Date(),
    device: describeDevice(request.headers['user-agent']),
    ip: request.ip,
  }
}

/**
 * The lines the mails and the approval page print, in this order. Given `now` (a page, read as it
 * is made, unlike a mail), the time also says how long ago it was.
 */
export function describeRequest(context: RequestContext, now?: Date): Array<[label: string, value: string]> {
  const time = `${context.time.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  return [
    ['App', `${context.project} (${context.origin})`],
    ['Time', now ? `${time} (${timeAgo(context.time, now)})` : time],
    ['Device', `${context.device}, IP ${context.ip}`],
  ]
}

/** In minutes: an approval link lives 10. A clock a little behind the database's still says "just now". */
function timeAgo(time: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - time.getTime()) / 60_000)
  if (minutes < 1) return 'just now'
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux
// and iOS says "like Mac OS X".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function describeDevice(userAgent: string | undefined): string {
  const agent = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Unknown browser'
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
  return system ? `${browser} on ${system}` : browser
}
