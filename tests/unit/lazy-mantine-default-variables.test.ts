/**
 * scripts/build/lazy-mantine-default-variables.ts: Mantine's module that computed every default CSS variable as it
 * loaded computes them on first use instead, with the same result; a Mantine that changed the statement fails the build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme, type ConvertCSSVariablesInput } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { lazyMantineDefaultVariables } from '../../scripts/build/lazy-mantine-default-variables';
import { theme } from '../../src/theme/theme';

const MODULE = join(
  import.meta.dirname,
  '../../node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);
const transform = lazyMantineDefaultVariables().transform as (code: string, id: string) => { code: string } | null;

/** The transformed module's function, its imports given, with a count of how often it computed the defaults. */
function loadTransformed() {
  const code = transform(readFileSync(MODULE, 'utf8'), MODULE)!.code;
  const body = code.replace(/^import .*$/gm, '').replace(/^export \{ removeDefaultVariables \};$/m, 'return removeDefaultVariables;');
  const counted = { computed: 0 };
  const resolver = (input: typeof DEFAULT_THEME) => {
    counted.computed++;
    return defaultCssVariablesResolver(input);
  };
  const keys = (object: object) => Object.keys(object);
  const removeDefaultVariables = new Function('keys', 'DEFAULT_THEME', 'defaultCssVariablesResolver', body)(
    keys,
    DEFAULT_THEME,
    resolver,
  ) as (input: ConvertCSSVariablesInput) => ConvertCSSVariablesInput;
  return { removeDefaultVariables, counted };
}

/** What Mantine's own module returns: the entries that differ from the default theme's. */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (part: 'variables' | 'light' | 'dark') => {
    const defaultValues: Record<string, string> = defaults[part];
    return Object.fromEntries(Object.entries(input[part]).filter(([key, value]) => defaultValues[key] !== value));
  };
  return { variables: differing('variables'), light: differing('light'), dark: differing('dark') };
}

describe('lazy Mantine default CSS variables', () => {
  it('computes the defaults on first use, once, with the result Mantine computed at load', () => {
    const { removeDefaultVariables, counted } = loadTransformed();
    expect(counted.computed).toBe(0);
    const input = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    const expected = withoutDefaults(input);
    expect(Object.keys(expected.variables).length).toBeGreaterThan(0);
    expect(removeDefaultVariables(input)).toEqual(expected);
    expect(removeDefaultVariables(input)).toEqual(expected);
    expect(counted.computed).toBe(1);
  });

  it('leaves every other module alone, and fails the build when Mantine no longer has the statement', () => {
    expect(transform('const x = 1;', '/project/src/main.ts')).toBeNull();
    expect(() => transform('export const moved = 1;', MODULE)).toThrow(/no longer computes its default CSS variables/);
  });
});
