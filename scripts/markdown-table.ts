/** Rows as a Markdown table with aligned columns, as the scripts print their results. */
export function markdownTable(head: string[], body: string[][]): string {
  const widths = head.map((cell, column) =>
    Math.max(cell.length, ...body.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n')
}
