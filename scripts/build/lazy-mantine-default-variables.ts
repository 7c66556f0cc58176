import type { Plugin } from 'vite';

/** The Mantine module that computes every default CSS variable as it loads, and the one statement that does it. */
const MODULE = /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
/** The same object, computed the first time it is read: only MantineCssVariables reads it, and islands never render that. */
const LAZY = `let defaultCssVariablesOnce;
const defaultCssVariablesValue = () => (defaultCssVariablesOnce ??= defaultCssVariablesResolver(DEFAULT_THEME));
const defaultCssVariables = {
	get variables() { return defaultCssVariablesValue().variables; },
	get light() { return defaultCssVariablesValue().light; },
	get dark() { return defaultCssVariablesValue().dark; },
};`;

/**
 * Mantine's MantineCssVariables module computes the default theme's CSS variables (hundreds of colour strings) when
 * it is evaluated, whether or not any provider renders them. Every island's MantineProvider imports it, and renders no
 * variables (the page has them once, src/site/SiteProviders.tsx), so in the browser that work ran inside the long task
 * that evaluates the first island's code on the home page: a fifth of it. Computed on first read instead, the same
 * values; the build fails if Mantine's module no longer has the statement, so an upgrade cannot drop this silently.
 */
export function lazyMantineDefaultVariables(): Plugin {
  return {
    name: 'lazy-mantine-default-variables',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      if (!code.includes(EAGER)) {
        throw new Error(
          `${id} no longer computes its default CSS variables as "${EAGER}": check the module and update or remove this plugin`,
        );
      }
      return { code: code.replace(EAGER, LAZY), map: null };
    },
  };
}
