/**
 * Starts a new page with the scaffolder behind `npm run new-page` (src/engine/tooling/scaffold/new-page.ts): on a
 * template (its folder decides where) or in a folder, with TODO text to replace; then opens it.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, queryClient, useVocabulary } from '../api';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const OWN_PAGE = 'own';

/** "Appointment Reminders" -> "appointment-reminders". */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function NewPageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const vocabulary = useVocabulary();
  const navigate = useNavigate();
  const [slugWritten, setSlugWritten] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { kind: '', folder: '', title: '', slug: '' },
    validate: {
      kind: (value) => (value ? null : 'choose a template, or a page of its own'),
      title: (value) => (value.trim() ? null : 'the page needs a title'),
      slug: (value) => (SLUG.test(value) ? null : 'use lowercase letters, digits and single dashes, e.g. "appointment-reminders"'),
    },
  });
  const create = useMutation({
    mutationFn: (values: typeof form.values) =>
      api.newPage(
        values.kind === OWN_PAGE
          ? { folder: values.folder, slug: values.slug, title: values.title.trim() }
          : { template: values.kind, slug: values.slug, title: values.title.trim() },
      ),
    onSuccess: (result) => {
      if (result.outcome !== 'created') return;
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      onClose();
      form.reset();
      setSlugWritten(false);
      void navigate(`/page/${result.file}`, { state: { notes: result.notes } });
    },
  });
  const templates = vocabulary.data?.templates ?? [];
  const kinds = [
    ...templates.map((template) => ({ value: template.name, label: `A ${template.name} page (in ${template.folder}/)` })),
    { value: OWN_PAGE, label: 'A page of its own, in a folder' },
  ];
  const folders = (vocabulary.data?.folders ?? []).map((folder) => ({ value: folder, label: folder ? `${folder}/` : 'the top level' }));
  const refused = create.data?.outcome === 'refused' ? create.data.message : create.error?.message;
  return (
    <Modal opened={opened} onClose={onClose} title="New page" size="lg">
      <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Stack>
          <Text size="sm">
            The page starts with every section its template needs, with TODO text where you write; it can be saved with TODO text, but not
            published until it is replaced.
          </Text>
          {/* The dialog opens on its first field, not its close button (Mantine's focus trap focuses the first it
              finds a moment after opening: a click on this field before then lost its list to that move). */}
          <Select label="Kind of page" data={kinds} {...form.getInputProps('kind')} data-autofocus />
          {form.values.kind === OWN_PAGE && <Select label="Folder" data={folders} {...form.getInputProps('folder')} />}
          <TextInput
            label="Title"
            description="What the page is about, e.g. Appointment Reminders"
            {...form.getInputProps('title')}
            onChange={(event) => {
              const title = event.currentTarget.value;
              // The address follows the title until the marketer writes one (setting it here marks it touched,
              // so "touched" cannot tell the two apart).
              if (!slugWritten) form.setFieldValue('slug', slugOf(title));
              form.setFieldValue('title', title);
            }}
          />
          <TextInput
            label="Address"
            description="The last part of its address (slug): lowercase letters, digits and dashes"
            {...form.getInputProps('slug')}
            onChange={(event) => {
              setSlugWritten(true);
              form.setFieldValue('slug', event.currentTarget.value);
            }}
          />
          {refused && (
            <Alert color="red" title="The page was not created">
              {refused}
            </Alert>
          )}
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create page
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
