import type { Locator, Page } from 'playwright-core'

/**
 * How light a part of the screen looks, from a screenshot of it: the median relative luminance of
 * its pixels, 0 (black) to 1 (white). The median follows the background and ignores text and buttons.
 * The PNG is decoded by the page's own canvas, so no image library is needed.
 */
export async function screenLightness(page: Page, part: Locator): Promise<number> {
  const png = (await part.screenshot()).toString('base64')
  return page.evaluate(async (data) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    const canvas = new OffscreenCanvas(image.width, image.height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.drawImage(image, 0, 0)
    const { data: pixels } = context.getImageData(0, 0, image.width, image.height)
    const channel = (value: number) => {
      const c = value / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    const values: number[] = []
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0]
      values.push(0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b))
    }
    values.sort((a, b) => a - b)
    return values[Math.floor(values.length / 2)] ?? 0
  }, png)
}
