/**
 * How a field that holds other fields (an object, a list, a choice of shapes, a record) renders them: through the
 * dispatcher (../Field.tsx), handed down, so the kinds of fields need not import it (no import cycle).
 */
import type { ReactNode } from 'react';
import type { Path } from '../../../shared/json-path';
import type { FormContext } from '../context';
import type { Resolved } from '../schema';

export interface NestedFields {
  /** One field: its kind from its schema. `label` names it instead of its key (a list item: "Question 3"). */
  field: (props: { name: string | number; node: Resolved; value: unknown; path: Path; required: boolean; label?: string }) => ReactNode;
  /** The fields of an object. */
  object: (props: { node: Resolved; value: unknown; path: Path }) => ReactNode;
}

export interface NestedProps {
  label: string;
  node: Resolved;
  value: unknown;
  path: Path;
  required: boolean;
  context: FormContext;
  nested: NestedFields;
}
