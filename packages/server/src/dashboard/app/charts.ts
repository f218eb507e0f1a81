import uPlot from 'uplot'
import type { Series } from '../shape.ts'
import { el, table } from './dom.ts'

/** Line colours on the modal's dark card, the accent first; each keeps 3:1 against #191a1a. */
const COLOURS = ['#3396ff', '#47c78a', '#f0b429', '#f2555a', '#a78bfa', '#2dd4bf', '#f472b6', '#9a9e9e']

/**
 * Lines that carry the same numbers lie on top of each other: each is drawn thinner, with its own
 * dash and smaller points than the one before, so every one still shows around the next, and the
 * legend's marker repeats the dash. Colour alone would not tell them apart, to many eyes.
 */
const STYLES: { width: number; dash: number[]; marker: string; point: number }[] = [
  { width: 5, dash: [], marker: 'solid', point: 11 },
  { width: 3, dash: [10, 5], marker: 'dashed', point: 8 },
  { width: 2, dash: [2, 4], marker: 'dotted', point: 5 },
  { width: 1.5, dash: [14, 4, 3, 4], marker: 'double', point: 3 },
]
const styleOf = (index: number) => STYLES[index % STYLES.length] as (typeof STYLES)[number]
/** The narrowest chart: a 320-px phone's card, so the page never scrolls sideways. */
const MIN_WIDTH = 200
const AXIS = {
  stroke: '#9a9e9e',
  grid: { stroke: 'rgba(255,255,255,0.08)' },
  ticks: { stroke: 'rgba(255,255,255,0.12)' },
}

const DAY_S = 86_400
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000
const dayLabel = (seconds: number) => new Date(seconds * 1000).toISOString().slice(5, 10)

/**
 * One chart of per-day lines, with the same numbers in a table beneath it: the canvas is hidden
 * from assistive technology, which reads the table (and the caption says what the chart shows).
 */
export function dayChart(title: string, days: string[], lines: Series[]): HTMLElement {
  const canvas = el('div', { class: 'chart', 'aria-hidden': 'true' })
  const numbers = table(
    `${title}, by day`,
    ['Day', ...lines.map((line) => line.key)],
    days.map((day, index) => [day, ...lines.map((line) => line.counts[index] ?? 0)]),
  )
  const figure = el(
    'figure',
    {},
    canvas,
    el('details', {}, el('summary', {}, 'Numbers by day'), el('div', { class: 'table-scroll' }, numbers)),
  )
  if (lines.length === 0) {
    canvas.replaceWith(el('p', { class: 'muted' }, 'Nothing in this range.'))
    return figure
  }
  // Drawn once the figure is in the page, where its width is known.
  queueMicrotask(() => draw(canvas, days, lines))
  return figure
}

function draw(target: HTMLElement, days: string[], lines: Series[]) {
  const width = () => Math.max(MIN_WIDTH, target.clientWidth)
  const plot = new uPlot(
    {
      width: width(),
      height: 220,
      // Days are UTC days: the axis must not shift them into the viewer's time zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        // One tick a day at most (a week or four apart on long ranges), labelled as the tables are.
        { ...AXIS, incrs: [DAY_S, 7 * DAY_S, 28 * DAY_S], values: (_u, ticks) => ticks.map(dayLabel) },
        { ...AXIS, values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) },
      ],
      // The legend names the lines; the numbers are in the table, not in a hover readout.
      legend: {
        show: true,
        live: false,
        markers: { width: 3, dash: (_u, index) => styleOf(index - 1).marker },
      },
      cursor: { drag: { x: false, y: false } },
      series: [
        {
          label: 'Day',
          value: (_u, seconds) =>
            seconds == null ? '' : new Date(seconds * 1000).toISOString().slice(0, 10),
        },
        ...lines.map((line, index) => ({
          label: line.key,
          stroke: COLOURS[index % COLOURS.length],
          width: styleOf(index).width,
          dash: styleOf(index).dash,
          points: { show: true, size: styleOf(index).point },
        })),
      ],
    },
    [days.map(secondsOf), ...lines.map((line) => line.counts)],
    target,
  )
  new ResizeObserver(() => plot.setSize({ width: width(), height: 220 })).observe(target)
}
