import type { Portico } from '@portico/core'
import { AlertIcon, CheckIcon } from '../components/icon.tsx'
import { useStore } from '../hooks.ts'

export function Toast({ portico }: { portico: Portico }) {
  const toast = useStore(portico.toast.store)
  return (
    <div className="live" role="status" aria-live="polite">
      {toast.open && (
        <div className={`toast ${toast.variant}`} key={toast.id}>
          <span className="toast-icon" aria-hidden="true">
            {toast.variant === 'loading' ? (
              <span className="spinner" />
            ) : toast.variant === 'error' ? (
              <AlertIcon size={18} />
            ) : (
              <CheckIcon size={18} />
            )}
          </span>
          <span>{toast.message}</span>
        </div>
      )}
    </div>
  )
}
