/**
 * A JSON Schema node as the generated schemas write it (src/engine/load/documents/json-schemas.ts): what the scaffolder, the block
 * reference and the visual editor's forms read. The one type for it (the editor's protocol re-exports it).
 */

/** A soft length a text should keep to, in characters: a counter under the field, never a rule. */
interface LengthAim {
  min?: number;
  max: number;
}

/**
 * What a field's schema tells the people who edit it, beyond what validation checks: declared on the zod schemas
 * (src/engine/model/fields.ts) and written into the JSON Schemas as custom keywords, which ajv knows
 * (src/engine/load/documents/validator-cache.ts) and the visual editor reads.
 */
export interface FieldMeta {
  /** The field's name on screen, in a marketer's words, where its key does not read well ("Link" for `href`). */
  label?: string;
  /** Text of a sentence or more: edited in a box of several lines. Any other text field is one line. */
  multiline?: boolean;
  /** How long the text should be (a page title: at most 60 characters). */
  aim?: LengthAim;
  /**
   * An image of the media library (pages-json/_media/), named by its record's id, and the slot it fills: its layout
   * (src/engine/model/image-layouts.ts) says how wide it shows and at what shape. The editor offers a picker for it.
   */
  media?: ImageLayoutName;
}

/** The slots an image may fill (src/engine/model/image-layouts.ts has each one's widths and shape). */
export type ImageLayoutName = 'hero' | 'card' | 'split' | 'step' | 'story' | 'logo' | 'social';

export interface JsonSchema extends FieldMeta {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  /** What `pattern` means, in words (the `matching` fields of src/engine/model/fields.ts). */
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
