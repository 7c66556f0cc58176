import { Group, Stack, Text, useMantineTheme, type MantineTheme } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { TypeScaleBlock } from './schema';
import classes from './TypeScale.module.css';

type Style = TypeScaleBlock['styles'][number]['style'];

/** "calc(2.125rem * var(--mantine-scale))" -> "34px" (the theme stores rem at scale 1). */
const px = (value: string) => {
  const rem = /([\d.]+)rem/.exec(value);
  return rem ? `${Math.round(Number(rem[1]) * 16)}px` : value;
};

/** A style's values as the site renders them. */
function styleOf(style: Style, theme: MantineTheme) {
  if (style.startsWith('h')) {
    const heading = theme.headings.sizes[style as 'h1'];
    return { fontSize: heading.fontSize, lineHeight: heading.lineHeight, fontWeight: heading.fontWeight ?? theme.headings.fontWeight };
  }
  return { fontSize: theme.fontSizes[style], lineHeight: theme.lineHeights[style], fontWeight: '400' };
}

/** The type scale, read from the theme the site renders with; every sample is set in its own style. */
export function TypeScale({ id, eyebrow, heading, intro, tinted, styles, labels }: TypeScaleBlock) {
  const theme = useMantineTheme();
  const family = theme
    .fontFamily!.split(',')[0]
    .replace(/['"]/g, '')
    .replace(/ Variable$/, '');
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Text ta="center" mb="lg">
        {labels.family}: <strong>{family}</strong>
      </Text>
      <Stack gap={0} component="ul" className={classes.list}>
        {styles.map((entry) => {
          const values = styleOf(entry.style, theme);
          return (
            <li key={entry.name} className={classes.row}>
              <Group justify="space-between" align="baseline" gap="xs" mb={4}>
                <Text fw={700} size="sm">
                  {entry.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {labels.size} {px(values.fontSize)} · {labels.weight} {values.fontWeight} · {labels.lineHeight} {values.lineHeight}
                </Text>
              </Group>
              <p
                className={classes.sample}
                style={{ fontSize: values.fontSize, lineHeight: values.lineHeight, fontWeight: values.fontWeight }}
              >
                {entry.sample}
              </p>
            </li>
          );
        })}
      </Stack>
    </Section>
  );
}
