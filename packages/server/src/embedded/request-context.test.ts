import { expect, test } from 'vitest'
import { describeDevice, describeRequest } from './request-context.ts'

test.each([
  ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    'Edge on Windows',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Safari on macOS',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
    'Chrome on iOS',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    'Chrome on Android',
  ],
  ['curl/8.5.0', 'Unknown browser'],
  [undefined, 'Unknown browser'],
])('%s is described as %s', (agent, expected) => {
  expect(describeDevice(agent)).toBe(expected)
})

const CONTEXT = {
  project: 'Acme Shop',
  origin: 'https://shop.example',
  time: new Date('2025-03-04T05:06:07Z'),
  device: 'Firefox on Linux',
  ip: '203.0.113.9',
}

test('the request reads as three labelled lines, the time to the minute in UTC', () => {
  const lines = describeRequest(CONTEXT)
  expect(lines).toEqual([
    ['App', 'Acme Shop (https://shop.example)'],
    ['Time', '2025-03-04 05:06 UTC'],
    ['Device', 'Firefox on Linux, IP 203.0.113.9'],
  ])
})

test('on the approval page, the time also says how long ago it was', () => {
  const timeAt = (now: string) => describeRequest(CONTEXT, new Date(now))[1]
  expect(timeAt('2025-03-04T05:06:40Z')).toEqual(['Time', '2025-03-04 05:06 UTC (just now)'])
  // The services' clock a little behind the database's that dated the request.
  expect(timeAt('2025-03-04T05:06:05Z')).toEqual(['Time', '2025-03-04 05:06 UTC (just now)'])
  expect(timeAt('2025-03-04T05:07:07Z')).toEqual(['Time', '2025-03-04 05:06 UTC (1 minute ago)'])
  expect(timeAt('2025-03-04T05:09:30Z')).toEqual(['Time', '2025-03-04 05:06 UTC (3 minutes ago)'])
})
