import { useInterval } from '@mantine/hooks';
import { useState } from 'react';

/** Spec: the Try It Now label cycles every 2 seconds. */
const LABEL_ROTATION_MS = 2000;

/** The current label of a list that advances every `intervalMs` and wraps around; a one-item list never changes. */
export function useRotatingLabel(labels: readonly string[], intervalMs = LABEL_ROTATION_MS): string {
  const [index, setIndex] = useState(0);
  useInterval(() => setIndex((i) => (i + 1) % labels.length), intervalMs, { autoInvoke: true });
  return labels[index % labels.length];
}
