import { Accordion } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { FAQBlock } from './schema';

/** One item open at a time, collapsible; Mantine gives arrow, Home and End keys between headers. */
export function FAQ({ id, eyebrow, heading, intro, items }: FAQBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro}>
      <Accordion variant="separated" radius="md" maw={820} mx="auto" loop>
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={`faq-${index}`}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}
