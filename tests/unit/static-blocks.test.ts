/**
 * A block defined with hydrate: 'none' ships no JavaScript, so anything it does in the browser
 * would silently never happen. This reads the source of each such block (its component and the
 * project files it imports, not packages) and fails on React state, effects or event handlers.
 * An island it renders (<Island ...>) is its own root and is allowed.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { blockDefinitions } from '../../src/blocks/generated/blocks';

const SRC = join(import.meta.dirname, '..', '..', 'src');
/** Hooks that only compute during render are fine on the server; anything else implies behaviour. */
const RENDER_ONLY_HOOKS = new Set(['useId', 'useMemo', 'useMantineTheme']);
/** Mantine components that do nothing without their JavaScript (they open, switch, slide or copy). */
const INTERACTIVE_COMPONENTS = new Set([
  'Accordion',
  'Autocomplete',
  'Burger',
  'Carousel',
  'Collapse',
  'Combobox',
  'CopyButton',
  'Dialog',
  'Drawer',
  'HoverCard',
  'Menu',
  'Modal',
  'MultiSelect',
  'Popover',
  'Select',
  'Spoiler',
  'Tabs',
  'Tooltip',
]);
const ISLAND_MODULE = join(SRC, 'hydration', 'Island.tsx');

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** Hook calls and on* props in `file` and the project files it imports (except islands and schemas). */
export function behaviourIn(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || file === ISLAND_MODULE || file.endsWith('schema.ts')) return [];
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    const followed =
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier !== undefined);
    if (followed) {
      const target = resolveImport(file, (node.moduleSpecifier as ts.StringLiteral).text);
      if (target) found.push(...behaviourIn(target, seen));
    }
    if (ts.isCallExpression(node)) {
      // useState(...) and React.useState(...) alike.
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && /^use[A-Z]/.test(callee.text) && !RENDER_ONLY_HOOKS.has(callee.text))
        found.push(`${where(node)} calls ${callee.text}()`);
    }
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText().split('.')[0];
      if (INTERACTIVE_COMPONENTS.has(tag)) found.push(`${where(node)} renders <${tag}>, which needs JavaScript`);
    }
    if (ts.isJsxAttribute(node) && /^on[A-Z]/.test(node.name.getText())) found.push(`${where(node)} sets ${node.name.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const staticTypes = Object.entries(blockDefinitions)
  .filter(([, definition]) => definition.hydrate === 'none')
  .map(([type]) => type);

describe.each(staticTypes)("block %s (hydrate: 'none')", (type) => {
  it('has no state, effects or handlers (give it a hydration mode if it needs them)', () => {
    expect(behaviourIn(join(SRC, 'blocks', type, `${type}.tsx`))).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds hooks called on React, components that need JavaScript, and what a re-export brings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'static-check-'));
    writeFileSync(
      join(dir, 'Block.tsx'),
      `import React from 'react';\nexport { Helper } from './helper';\nexport function Block() {\n  const [open] = React.useState(false);\n  return <Accordion>{open}</Accordion>;\n}\n`,
    );
    writeFileSync(join(dir, 'helper.tsx'), `export function Helper() {\n  return <button onClick={() => undefined}>x</button>;\n}\n`);
    const found = behaviourIn(join(dir, 'Block.tsx')).join('\n');
    expect(found).toMatch(/Block\.tsx:4 calls useState\(\)/);
    expect(found).toMatch(/Block\.tsx:5 renders <Accordion>, which needs JavaScript/);
    expect(found).toMatch(/helper\.tsx:2 sets onClick/);
  });

  it('finds state, effects and handlers in an interactive block', () => {
    const found = behaviourIn(join(SRC, 'blocks', 'FloatingChat', 'FloatingChat.tsx')).join('\n');
    expect(found).toMatch(/calls useDisclosure\(\)/);
    expect(found).toMatch(/sets onClick/);
    expect(found).toMatch(/useScrolledPast\.ts:\d+ calls useSyncExternalStore\(\)/);
  });
});
