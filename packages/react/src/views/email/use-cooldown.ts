import { useEffect, useState } from 'react'

/** Seconds left until `leftMs()` reaches zero, re-read every second while it counts down. */
export function useCooldownSeconds(leftMs: () => number): [number, () => void] {
  const [seconds, setSeconds] = useState(() => Math.ceil(leftMs() / 1000))
  useEffect(() => {
    if (seconds <= 0) return
    const timer = setTimeout(() => setSeconds(Math.ceil(leftMs() / 1000)), 1000)
    return () => clearTimeout(timer)
  }, [seconds, leftMs])
  return [seconds, () => setSeconds(Math.ceil(leftMs() / 1000))]
}
