/** What every field of a single value is given: its name and help, its problems, its schema and value, and how it changes it. */
import type { ReactNode } from 'react';
import type { Resolved } from '../schema';

export interface LeafFieldProps {
  label: string;
  description?: string;
  required: boolean;
  /** Its errors (undefined when it has none): marks it invalid. */
  error: ReactNode;
  /** Its warnings, shown under it when it has no error. */
  warning: ReactNode;
  disabled?: boolean;
  node: Resolved;
  value: unknown;
  /** The new value; undefined or "" in an optional field removes it from the document. */
  onChange: (value: unknown) => void;
}
