// useState that starts again from `initial` whenever `key` changes: React's "adjusting state when a prop changes",
// set during render instead of in an effect that would first paint the stale value.
import { useState, type Dispatch, type SetStateAction } from 'react'

export function useStateResetOn<T>(initial: T, key: string | number): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial)
  const [seenKey, setSeenKey] = useState(key)
  if (key !== seenKey) {
    setSeenKey(key)
    setValue(initial)
  }
  return [value, setValue]
}
