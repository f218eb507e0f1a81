/**
 * The avatar of an address without one of its own: a 5×5 mirrored grid in two colours taken from
 * the address, as an SVG `data:` URL (the same drawing the modal's identicon uses).
 */
export function generatedAvatar(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '').padEnd(40, '0')
  const byte = (index: number) => Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  const hue = Math.round((byte(0) / 255) * 360)
  const cells: string[] = []
  for (let row = 0; row < 5; row++)
    for (let column = 0; column < 3; column++) {
      if (byte(1 + row * 3 + column) % 2 === 0) continue
      for (const x of new Set([column, 4 - column]))
        cells.push(`<rect x="${x}" y="${row}" width="1" height="1"/>`)
    }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 5" shape-rendering="crispEdges"><rect width="5" height="5" fill="hsl(${(hue + 180) % 360},35%,18%)"/><g fill="hsl(${hue},70%,60%)">${cells.join('')}</g></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
