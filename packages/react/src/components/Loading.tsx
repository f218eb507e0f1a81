/**
 * Something is on its way: the spinner with words beside it, so the cue holds when motion is reduced
 * (the spinner then stands still as a dotted ring, `styles.ts`) and for readers who see no spinner.
 */
export function Loading({ label }: { label: string }) {
  return (
    <div className="center loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="muted">{label}</span>
    </div>
  )
}
