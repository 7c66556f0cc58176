import { Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { resolveTextStyle, textStyleCss } from '../../theme/typography';
import { Section } from '../../ui/Section';
import type { TypeScaleBlock } from './schema';
import classes from './TypeScale.module.css';

const px = (value: number) => `${value}px`;

/**
 * The site's text styles, read from the theme it renders with (`other.textStyles`): each sample is
 * set through the same CSS variables the site's headings and lead read, and its values are stated
 * from the same definition, so the guide cannot drift from the site.
 */
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
          const values = resolveTextStyle(theme.other.textStyles[entry.style], theme);
          const size = values.px.min === values.px.max ? px(values.px.min) : `${values.px.min}–${px(values.px.max)}, ${labels.fluid}`;
          return (
            <li key={entry.name} className={classes.row} data-style={entry.style}>
              <Group justify="space-between" align="baseline" gap="xs" mb={4}>
                <Text fw={700} size="sm">
                  {entry.name}
                </Text>
                <Text size="xs" c="gray.7" className={classes.values}>
                  {labels.size} {size}
                  {values.fluid && (
                    <>
                      {' '}
                      (<code className={classes.code}>{values.fluid}</code>)
                    </>
                  )}{' '}
                  · {labels.weight} {values.fontWeight} · {labels.lineHeight} {values.lineHeight}
                </Text>
              </Group>
              <p className={classes.sample} style={textStyleCss(entry.style)}>
                {entry.sample}
              </p>
            </li>
          );
        })}
      </Stack>
    </Section>
  );
}
