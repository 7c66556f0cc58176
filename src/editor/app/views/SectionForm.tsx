/**
 * The form of what the page editor has selected: the page's settings or record, a section the page writes (as a
 * form from its schema, or as JSON for experts), or a section the template gives, shown read-only with where to
 * change it (and, where the page may add items to its lists, a form that writes the page's own section).
 */
import { Alert, Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SiteVocabulary, TemplateSectionInfo } from '../../protocol';
import type { FormContext } from '../form/context';
import { ObjectFields } from '../form/Field';
import { fieldError } from '../form/field-problems';
import { JsonField } from '../form/fields/JsonField';
import { getAt, isObject } from '../../shared/json-path';
import { NOT_WRITTEN, writeGivenSection } from '../state/page-model/actions';
import { ownSectionSchema } from '../state/page-model/new-block';
import { labelOfType } from '../state/page-model/outline';
import { pageMayAddTo, selectedPart } from '../state/page-model/selected-part';
import type { Selection } from '../state/page-model/selection';
import type { EditorSession } from '../state/session';

/** What the template shares in a section: read-only here, with where to change it and how many pages that changes. */
function SharedFields({ section, session }: { section: TemplateSectionInfo; session: EditorSession }) {
  const template = session.payload.template!;
  const entries = Object.entries(section.shared);
  if (!entries.length && !section.id) return null;
  const pages = template.pages.length;
  return (
    <Alert
      color="gray"
      title={`Shared by the ${template.name} template`}
      icon={<IconLock size={16} aria-hidden />}
      data-shared={section.slot}
    >
      <Stack gap={4}>
        {section.id && <Text size="sm">Anchor id: #{section.id}</Text>}
        {entries.map(([key, value]) => (
          <Text size="sm" key={key}>
            <Text span fw={600}>
              {key}
            </Text>
            :{' '}
            {typeof value === 'string'
              ? value
              : Array.isArray(value)
                ? value.map((item) => (isObject(item) ? (item.label ?? item.title ?? JSON.stringify(item)) : String(item))).join(', ')
                : JSON.stringify(value)}
            {section.pagesMayAdd[key]
              ? ` (this page may add its own ${section.pagesMayAdd[key] === 'first' ? 'before' : 'after'} these)`
              : ''}
          </Text>
        ))}
        <Text size="sm">
          Change it in{' '}
          <Anchor component={Link} to={`/template/${template.name}`} underline="always">
            {template.display}
          </Anchor>
          : that changes {pages === 1 ? 'the 1 page' : `all ${pages} pages`} on the {template.name} template.
        </Text>
      </Stack>
    </Alert>
  );
}

export function SectionForm({
  session,
  vocabulary,
  selected,
  context,
}: {
  session: EditorSession;
  vocabulary: SiteVocabulary;
  selected: Selection;
  context: FormContext;
}) {
  const [view, setView] = useState<'form' | 'json'>('form');
  const { payload, doc } = session;
  const template = payload.template;
  const part = selectedPart(selected, doc, template, payload.schema);
  const path = part.kind === 'given' ? undefined : part.path;
  const node = part.kind === 'given' ? undefined : part.node;
  const section = part.kind === 'field' ? undefined : part.section;
  const descriptionOf = (type: unknown) => vocabulary.blocks.find((block) => block.type === type)?.description;
  const sectionTitle = section && `${section.label} (${section.slot})`;
  const { title, description, skip } =
    part.kind === 'given'
      ? { title: sectionTitle ?? selected, description: descriptionOf(section?.block), skip: [] }
      : part.kind === 'block'
        ? { title: sectionTitle ?? labelOfType(vocabulary, part.type), description: descriptionOf(part.type), skip: ['type', 'slot'] }
        : { title: part.path[0] === 'meta' ? 'Page settings' : 'Record in the library', description: part.node.description, skip: [] };

  /** A section the template gives, which the page may still add list items to: editing it writes the page's own section. */
  const virtual = !path && pageMayAddTo(section) ? section : undefined;
  const virtualContext: FormContext | undefined =
    virtual && template
      ? {
          ...context,
          onChange: (fieldPath, value) => session.update((current) => writeGivenSection(current, template, virtual.slot, fieldPath, value)),
        }
      : undefined;

  return (
    <Stack gap="sm" pb="md">
      <Group justify="space-between" align="start" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" data-form-title>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="gray.8">
              {description}
            </Text>
          )}
        </div>
        {path && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(next) => setView(next as 'form' | 'json')}
            data={[
              { value: 'form', label: 'Form' },
              { value: 'json', label: 'JSON' },
            ]}
            aria-label="Edit as"
            // Its own width, whatever the title beside it: never cut to "JSO".
            style={{ flexShrink: 0 }}
          />
        )}
      </Group>
      {section && <SharedFields section={section} session={session} />}
      {/* Keyed by the section: another section's form starts afresh (which list items are open), not with this one's state. */}
      {path && node && view === 'form' && (
        <ObjectFields key={selected} node={node} value={getAt(doc, path)} path={path} context={context} skip={skip} />
      )}
      {path && view === 'json' && (
        <JsonField
          key={selected}
          label={`${title} as JSON`}
          description="Everything this section holds, including what the form does not show; checked as the form is"
          value={getAt(doc, path)}
          onChange={(value) => session.change(path, value)}
          unparsed={session.unparsed[selected]}
          onInvalidInput={(input) => session.onInvalidInput(path, input)}
          error={fieldError(session.problems.filter((problem) => problem.pointer === selected))}
          minRows={12}
        />
      )}
      {virtual && virtualContext && (
        <>
          <Text size="sm">This page adds nothing of its own here yet; what it adds goes with what the template shares.</Text>
          <ObjectFields
            key={selected}
            node={ownSectionSchema(payload.schema, virtual.slot)}
            value={{ slot: virtual.slot }}
            path={NOT_WRITTEN}
            context={virtualContext}
            skip={['slot']}
          />
        </>
      )}
      {!path && section && !virtual && section.filledByTemplate && (
        <Text size="sm">This section is the same on every page of the template.</Text>
      )}
    </Stack>
  );
}
