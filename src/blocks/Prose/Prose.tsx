import { Container, List, Text, Title, Typography } from '@mantine/core';
import type { ProseBlock, ProseData } from './schema';
import classes from './Prose.module.css';

export function Prose({ id, heading, updated, intro, sections }: Omit<ProseBlock, 'updated'> & ProseData) {
  return (
    <section id={id} className={classes.prose}>
      <Container size="sm">
        <Typography>
          {heading && <Title order={1}>{heading}</Title>}
          {updated && (
            <Text c="gray.7" fs="italic">
              {updated.before}
              <time dateTime={updated.dateTime}>{updated.date}</time>
              {updated.after}
            </Text>
          )}
          {intro?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {sections.map((section) => (
            <div key={section.heading}>
              <Title order={2} className={classes.sectionTitle}>
                {section.heading}
              </Title>
              {section.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.bullets && (
                <List>
                  {section.bullets.map((b) => (
                    <List.Item key={b}>{b}</List.Item>
                  ))}
                </List>
              )}
            </div>
          ))}
        </Typography>
      </Container>
    </section>
  );
}
