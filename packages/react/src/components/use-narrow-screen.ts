import { useSyncExternalStore } from 'react'

const NARROW_SCREEN = '(max-width: 430px)'

const watchScreen = (onChange: () => void) => {
  const query = matchMedia(NARROW_SCREEN)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * A phone's header has little room: the header buttons drop the balance (RainbowKit drops it too) and
 * their padding. The server render and hydration assume a wide screen; React renders again right
 * after with the real one.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    watchScreen,
    () => matchMedia(NARROW_SCREEN).matches,
    () => false,
  )
}
