import type { Portico } from '@portico/core'
import { useStore } from '../hooks.ts'

export function Toast({ portico }: { portico: Portico }) {
  const toast = useStore(portico.toast.store)
  return (
    <div className="live" role="status" aria-live="polite">
      {toast.open && (
        <div className={`toast ${toast.variant}`} key={toast.id}>
          {toast.variant === 'loading' ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <span className="dot" aria-hidden="true" />
          )}
          <span>{toast.message}</span>
        </div>
      )}
    </div>
  )
}
