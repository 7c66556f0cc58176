/**
 * `/__blocks` in `npm run dev`: every registered block rendered from its example.json as a page
 * renders it, with the JSON beside it and each field's description from the schema, grouped by what
 * the block is for. Loaded by the dev server only: never part of the build or the sitemap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { blocksByCategory } from '../blocks/categories';
import { blockDefinitions, blockSchemas } from '../blocks/generated/blocks';
import { ROOT_DIR } from '../engine/load/content-env';
import { escapeHtml } from '../render/html';
import { blockSchema } from '../engine/load/page-schema';
import { fieldRows } from '../engine/tooling/reference/field-rows';
import { jsonSchemaOf } from '../engine/tooling/reference/block-reference';
import type { RenderContext } from '../engine/model/render-context';
import { Icon } from '../ui/icons';
import { ICON_NAMES } from '../vocabulary/icon-names';
import { pageRegistry, renderBlock, renderLayout } from '../render/render-page';
import classes from './block-gallery.module.css';
import { GALLERY_ROUTE } from './live-preview-protocol';

type BlockType = keyof typeof blockDefinitions;

interface GalleryEntry {
  type: BlockType;
  label: string;
  description: string;
  exampleFile: string;
  exampleJson: string;
  html: string;
}

function entryOf(type: BlockType, index: number, context: RenderContext, registry: ReturnType<typeof pageRegistry>): GalleryEntry {
  const exampleFile = `src/blocks/${type}/example.json`;
  const exampleJson = readFileSync(join(ROOT_DIR, exampleFile), 'utf8');
  let html: string;
  try {
    html = renderBlock(blockSchema.parse(JSON.parse(exampleJson)), index, context, registry);
  } catch (error) {
    html = `<p class="${classes.failed}">${escapeHtml(`${exampleFile} does not render: ${error instanceof Error ? error.message : String(error)}`)}</p>`;
  }
  const { label, description } = blockDefinitions[type];
  return { type, label, description, exampleFile, exampleJson, html };
}

function Fields({ type }: { type: BlockType }) {
  const schema = blockSchemas.find((candidate) => candidate.shape.type.value === type)!;
  const rows = fieldRows(jsonSchemaOf(schema)).filter((row) => row.name !== 'type');
  return (
    <table className={classes.fields}>
      <caption>Fields</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type and limits</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">
              <code>{row.name}</code>
              {row.required ? ' (required)' : ''}
            </th>
            <td>{[row.type, row.limits].filter(Boolean).join('; ')}</td>
            <td>{row.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every icon a block or a record may name, drawn, with the name to write. */
function Icons() {
  return (
    <section aria-labelledby="icons" className={classes.category}>
      <h2 id="icons" className={classes.categoryHeading}>
        Icons
      </h2>
      <p className={classes.categoryHeading}>
        Write an icon&apos;s name where a block or a record asks for an <code>icon</code>.
      </p>
      <ul className={classes.icons}>
        {ICON_NAMES.map((name) => (
          <li key={name}>
            <Icon name={name} size={28} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Gallery({ groups }: { groups: [string, GalleryEntry[]][] }) {
  return (
    <div className={classes.gallery}>
      <header className={classes.intro}>
        <h1>Block gallery</h1>
        <p>
          Every block a page can use, rendered from its example. Copy an example into a page&apos;s <code>&quot;blocks&quot;</code> and
          change the text; <code>docs/blocks.md</code> has the same fields in one file. Shown in development only.
        </p>
        <nav aria-label="Blocks">
          {groups.map(([category, entries]) => (
            <p key={category}>
              <strong>{category}:</strong>{' '}
              {entries.map((entry, i) => (
                <span key={entry.type}>
                  {i > 0 && ', '}
                  <a href={`#block-${entry.type}`}>{entry.type}</a>
                </span>
              ))}
            </p>
          ))}
          <p>
            <a href="#icons">Icons</a>: every icon, with its name
          </p>
        </nav>
      </header>
      {groups.map(([category, entries]) => (
        <section key={category} aria-label={category} className={classes.category}>
          <h2 className={classes.categoryHeading}>{category}</h2>
          {entries.map((entry) => (
            <article key={entry.type} id={`block-${entry.type}`} className={classes.entry} data-block-type={entry.type}>
              <div className={classes.entryHeading}>
                <h3>
                  {entry.label} <code>{entry.type}</code>
                </h3>
                <p>{entry.description}</p>
              </div>
              <div className={classes.columns}>
                <div className={classes.preview} dangerouslySetInnerHTML={{ __html: entry.html }} />
                <aside className={classes.details} aria-label={`${entry.type} example and fields`}>
                  <details open>
                    <summary>
                      Example JSON <code>{entry.exampleFile}</code>
                    </summary>
                    <pre>
                      <code>{entry.exampleJson}</code>
                    </pre>
                  </details>
                  <Fields type={entry.type} />
                </aside>
              </div>
            </article>
          ))}
        </section>
      ))}
      <Icons />
    </div>
  );
}

export function renderBlockGallery(context: RenderContext): { head: string; body: string } {
  const registry = pageRegistry(context);
  let index = 0;
  const groups = blocksByCategory(blockDefinitions).map(
    ([category, types]) => [category, types.map((type) => entryOf(type, index++, context, registry))] as [string, GalleryEntry[]],
  );
  const mainHtml = renderToStaticMarkup(<Gallery groups={groups} />);
  const title = `Block gallery | ${context.site.config.brand.productName}`;
  return {
    head: `<title>${escapeHtml(title)}</title>\n    <meta name="robots" content="noindex" />`,
    body: renderLayout(GALLERY_ROUTE, mainHtml, context, registry),
  };
}
