import { Accordion } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { FAQBlock } from './schema';

/**
 * One item open at a time and collapsible (Mantine's single-value mode); Mantine gives
 * ArrowUp/ArrowDown (looping), Home and End between headers. Questions sit in h3s under the
 * section's h2. Closed answers stay in the markup (display: none) rather than in React's
 * hidden Activity, which the server does not render: the prerendered page carries every answer.
 */
export function FAQ({ id, eyebrow, heading, intro, items }: FAQBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro}>
      <Accordion variant="separated" radius="md" maw={820} mx="auto" loop order={3} keepMounted keepMountedMode="display-none">
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
