/**
 * The JSON Schemas as an editor reads them: through vscode-json-languageservice, the JSON support of VS Code, with
 * each document's own "$schema" line. Every real document is clean, and a typical mistake reads as one clear
 * message where it is, not as dozens about blocks it is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const CONTENT = join(import.meta.dirname, '..', '..', 'pages-json');
const service = getLanguageService({
  schemaRequestService: async (uri) => readFileSync(new URL(uri), 'utf8'),
  workspaceContext: { resolveRelativePath: (path, resource) => new URL(path, resource).toString() },
});
service.configure({ validate: true });

/** What the editor underlines in a document at `file` (inside pages-json) with this content. */
async function diagnostics(file: string, value: unknown) {
  const document = TextDocument.create(pathToFileURL(join(CONTENT, file)).href, 'json', 1, JSON.stringify(value, null, 2));
  const found = await service.doValidation(document, service.parseJSONDocument(document));
  return found.map((diagnostic) => `${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
}

const read = (file: string) => JSON.parse(readFileSync(join(CONTENT, file), 'utf8'));
const documents = (readdirSync(CONTENT, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => file.endsWith('.json'));

describe('the schemas in an editor', () => {
  it.each(documents)('%s has nothing underlined', async (file) => {
    expect(await diagnostics(file, read(file))).toEqual([]);
  });

  it('a wrong card count on a template page is one message, naming the count', async () => {
    const page = read('use-cases/upsell-campaigns.json');
    page.blocks.find((block: { slot: string }) => block.slot === 'benefits').cards.pop();
    const found = await diagnostics('use-cases/upsell-campaigns.json', page);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Array has too few items\. Expected 4 or more\./);
  });

  it('a wrong card count is at most two messages for a validator that reports every error (ajv allErrors)', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(join(CONTENT, '..', 'schemas', 'templates', 'use-case.schema.json'), 'utf8')));
    const page = read('use-cases/upsell-campaigns.json');
    const index = page.blocks.findIndex((block: { slot: string }) => block.slot === 'benefits');
    page.blocks[index].cards.pop();
    expect(validate(page)).toBe(false);
    expect(validate.errors!.length).toBeLessThanOrEqual(2);
    expect(`${validate.errors![0].instancePath} ${validate.errors![0].message}`).toBe(
      `/blocks/${index}/cards must NOT have fewer than 4 items`,
    );
  });

  it('a misspelt field is one message, on that field', async () => {
    const page = read('story.json');
    page.blocks[0].subheadline = page.blocks[0].subheading;
    expect(await diagnostics('story.json', page)).toEqual([expect.stringMatching(/: Property subheadline is not allowed\.$/)]);
  });

  it('a misspelt block type is one message, listing the block types', async () => {
    const page = read('story.json');
    const index = page.blocks.findIndex((block: { type: string }) => block.type === 'StatBand');
    page.blocks[index].type = 'StatsBand';
    const found = await diagnostics('story.json', page);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Value is not accepted\. Valid values: .*"StatBand"/);
  });
});
