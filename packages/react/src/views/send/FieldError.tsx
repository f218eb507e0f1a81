/**
 * A field's error line. Always in the tree, so a screen reader hears the text when it appears;
 * the field points at it with `aria-describedby` only while there is one.
 */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {text}
    </p>
  )
}
