/**
 * A JSON Schema node as the generated schemas write it (src/engine/json-schemas.ts): what the scaffolder, the block
 * reference and the visual editor's forms read. The one type for it (the editor's protocol re-exports it).
 */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  /** What `pattern` means, in words (the `matching` fields of src/engine/fields.ts). */
  patternErrorMessage?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  not?: JsonSchema;
  contains?: JsonSchema;
  minContains?: number;
  maxContains?: number;
  default?: unknown;
}
