import type { Portico } from '@portico/core'

/** What the modal hands every view; its own module so views never import the registry that lists them. */
export interface ViewProps {
  portico: Portico
}
