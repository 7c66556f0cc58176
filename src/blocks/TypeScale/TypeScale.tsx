import { Stack, Text, useMantineTheme } from '@mantine/core';
import { resolveTextStyle, textStyleCss } from '../../theme/typography';
import { Section } from '../../ui/Section';
import type { TypeScaleBlock } from './schema';
import classes from './TypeScale.module.css';

const px = (value: number) => `${value}px`;
/** Between two values: kept at the end of the first, so a wrapped line never starts with it. */
const SEPARATOR = '\u00a0·';

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
              {/* Each value is one unit that never breaks inside, so the line wraps between values, evenly. */}
              <div className={classes.meta}>
                <Text fw={700} size="sm">
                  {entry.name}
                </Text>
                <Text size="xs" c="gray.7" className={classes.values}>
                  <span className={classes.value}>
                    {labels.size} {size}
                    {!values.fluid && SEPARATOR}
                  </span>{' '}
                  {values.fluid && (
                    <>
                      <code className={`${classes.value} ${classes.code}`}>({values.fluid})</code>
                      <span className={classes.value}>{SEPARATOR}</span>{' '}
                    </>
                  )}
                  <span className={classes.value}>
                    {labels.weight} {values.fontWeight}
                    {SEPARATOR}
                  </span>{' '}
                  <span className={classes.value}>
                    {labels.lineHeight} {values.lineHeight}
                  </span>
                </Text>
              </div>
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
