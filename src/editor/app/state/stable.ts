import { useState } from 'react';

/**
 * `value`, or the value of an earlier render when it is the same JSON: what depends on it (a memoized
 * field, the outline) renders again only when it really changed, not at every keystroke elsewhere.
 */
export function useStable<T>(value: T): T {
  const key = JSON.stringify(value);
  const [kept, setKept] = useState({ key, value });
  if (kept.key !== key) {
    setKept({ key, value });
    return value;
  }
  return kept.value;
}
