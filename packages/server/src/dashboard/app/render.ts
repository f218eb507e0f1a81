import type { SummaryAnswer } from './api.ts'
import { dayChart } from './charts.ts'
import { el, section, table } from './dom.ts'

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`)

/** The whole report for one project and range, as a list of sections. */
export function renderReport(summary: SummaryAnswer): HTMLElement[] {
  // The two half-width cards side by side, then the wide ones.
  return [overview(summary), funnel(summary), signInsAndSends(summary), connections(summary), errors(summary)]
}

function overview({ daily }: SummaryAnswer): HTMLElement {
  const tiles: [string, number][] = [
    ['Modal opens', daily.modalOpens.total],
    ['Connections', daily.connects.total],
    ['Failed connections', daily.connectErrors.total],
    ['Sign-ins', daily.signIns.total],
    ['Sends', daily.sends.total],
  ]
  return section(
    'overview',
    'Overview',
    el(
      'dl',
      { class: 'tiles' },
      ...tiles.map(([label, value]) =>
        el('div', { class: 'tile' }, el('dt', {}, label), el('dd', {}, value.toLocaleString('en'))),
      ),
    ),
  )
}

function funnel({ funnel: counts }: SummaryAnswer): HTMLElement {
  const steps: [string, number, number][] = [
    ['Modal opened (not connected)', counts.opened, counts.opened],
    ['Method chosen', counts.chose, counts.opened],
    ['Connected', counts.connected, counts.chose],
  ]
  const widest = Math.max(1, ...steps.map(([, n]) => n))
  const bars = el(
    'div',
    { class: 'funnel', 'aria-hidden': 'true' },
    ...steps.map(([label, n]) => {
      const bar = el('span', { class: 'bar' })
      // CSSOM, not a style attribute: the CSP allows no inline style in markup.
      bar.style.width = `${(n / widest) * 100}%`
      return el('div', { class: 'funnel-row' }, el('span', { class: 'funnel-label' }, label), bar)
    }),
  )
  return section(
    'funnel',
    'Connect funnel',
    bars,
    scrolling(
      table(
        'Connect funnel: each step and its share of the step before',
        ['Step', 'Count', 'Of previous step'],
        steps.map(([label, n, previous], index) => [label, n, index === 0 ? '—' : share(n, previous)]),
      ),
    ),
  )
}

function connections({ days, connections: by }: SummaryAnswer): HTMLElement {
  return section(
    'connections',
    'Connections',
    el('h3', {}, 'By method'),
    dayChart('Connections by method', days, by.byMethod),
    el('h3', {}, 'By wallet'),
    dayChart('Connections by wallet', days, by.byWallet),
  )
}

function signInsAndSends({ days, daily }: SummaryAnswer): HTMLElement {
  const lines = [
    { ...daily.signIns, key: 'Sign-ins' },
    { ...daily.signInErrors, key: 'Failed sign-ins' },
    { ...daily.sends, key: 'Sends' },
    { ...daily.sendErrors, key: 'Failed sends' },
  ]
  const shown = lines.some((line) => line.total > 0) ? lines : []
  return section('activity', 'Sign-ins and sends', dayChart('Sign-ins and sends', days, shown))
}

function errors({ errors: found }: SummaryAnswer): HTMLElement {
  if (found.byType.length === 0)
    return section('errors', 'Errors', el('p', { class: 'muted' }, 'No errors in this range.'))
  return section(
    'errors',
    'Errors',
    scrolling(
      table(
        'Errors by type',
        ['Event', 'Type', 'Count'],
        found.byType.map((row) => [row.event, row.errorType, row.n]),
      ),
    ),
    scrolling(
      table(
        `Last ${found.recent.length} error messages`,
        ['Time (UTC)', 'Event', 'Type', 'Message'],
        found.recent.map((row) => [
          row.at.slice(0, 19).replace('T', ' '),
          row.event,
          row.errorType,
          row.message,
        ]),
      ),
    ),
  )
}

/** A table wider than a phone's card scrolls inside it, never the page. */
const scrolling = (content: HTMLTableElement) => el('div', { class: 'table-scroll' }, content)
