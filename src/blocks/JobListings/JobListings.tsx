import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { brandButton } from '../../theme/buttons';
import { Section } from '../../ui/Section';
import { mailWithSubject } from './mail-link';
import type { JobListingsBlock, JobListingsData } from './schema';

/** Each role as an article: title, department, location and type, what it is, the two lists, and Apply. */
export function JobListings({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  applyHref,
  labels,
  resume,
  jobs,
  valueNames,
}: JobListingsBlock & JobListingsData) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="xl">
        {jobs.map((job) => (
          <Card key={job.id} id={job.id} component="article" withBorder radius="lg" padding="xl" aria-labelledby={`${job.id}-title`}>
            <Group justify="space-between" align="flex-start" gap="md">
              <div>
                <Title order={3} id={`${job.id}-title`}>
                  {job.title}
                </Title>
                <Group gap="xs" mt="xs">
                  {[job.department, job.location, valueNames[job.type] ?? job.type].map((fact) => (
                    <Badge key={fact} variant="light" tt="none">
                      {fact}
                    </Badge>
                  ))}
                </Group>
              </div>
              {/* Named with its role: screen-reader users meet several "Apply" links on this page. */}
              <Button
                component="a"
                href={mailWithSubject(applyHref, labels.applySubject.replace('{position}', job.title))}
                {...brandButton('default', 'sm')}
                aria-label={`${labels.apply}: ${job.title}`}
              >
                {labels.apply}
              </Button>
            </Group>
            <Text mt="md" c="gray.8">
              {job.description}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="lg">
              {[
                [labels.responsibilities, job.responsibilities],
                [labels.requirements, job.requirements],
              ].map(([title, items]) => (
                <div key={title as string}>
                  <Title order={4} size="h5" mb="xs">
                    {title as string}
                  </Title>
                  <List spacing="xs" size="sm">
                    {(items as string[]).map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        ))}
        {resume && (
          <Text ta="center">
            {resume.text}{' '}
            <Anchor href={mailWithSubject(applyHref, resume.subject)} fw={600}>
              {resume.label}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Section>
  );
}
