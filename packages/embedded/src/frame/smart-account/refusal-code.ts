/** For tests: the code of the error `run` throws, or undefined when it throws none. */
export function refusalCode(run: () => unknown): number | undefined {
  try {
    run()
  } catch (error) {
    return (error as { code?: number }).code
  }
  return undefined
}
