import { Badge, Group, luminance, SimpleGrid, Stack, Text, Title, useMantineTheme, type MantineGradient } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { colorFacts, colorValue, contrastOf, resolveColorRef, type Contrast } from '../../theme/color-facts';
import { Section } from '../../ui/Section';
import type { CopyValueProps } from '../../widgets/CopyValue/CopyValue';
import type { BrandPaletteBlock } from './schema';
import classes from './BrandPalette.module.css';

type Labels = BrandPaletteBlock['labels'];

/** One value with its copy button (a small island). */
function Copyable({ value, labels }: { value: string; labels: Labels }) {
  return (
    <Group gap={6} wrap="nowrap">
      <code className={classes.value}>{value}</code>
      <Island<CopyValueProps>
        name="CopyValue"
        hydrate="interaction"
        props={{ value, label: labels.copy.replace('{value}', value), copiedMessage: labels.copied.replace('{value}', value), size: 'md' }}
      />
    </Group>
  );
}

/** A contrast ratio with its AA verdict. */
function ContrastLine({ label, contrast, labels }: { label: string; contrast: Contrast; labels: Labels }) {
  return (
    <Group gap="xs">
      <Text size="sm">
        {label}: {contrast.ratio}:1
      </Text>
      <Badge color={contrast.passesAA ? undefined : 'red.9'} variant="filled" tt="none">
        {contrast.passesAA ? labels.pass : labels.fail}
      </Badge>
    </Group>
  );
}

/** The palette, read from the theme the site renders with: a theme change shows here with no edit. */
export function BrandPalette({ id, eyebrow, heading, intro, tinted, swatches, gradients, labels }: BrandPaletteBlock) {
  const theme = useMantineTheme();
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.list}>
        {swatches.map((swatch) => {
          const facts = colorFacts(swatch.color, theme);
          return (
            <li
              key={swatch.name}
              className={classes.card}
              data-color={swatch.color}
              data-theme-color={resolveColorRef(swatch.color, theme)}
            >
              <div className={classes.swatch} style={{ background: facts.hex, color: facts.text }}>
                <span className={classes.sample}>{labels.sample}</span>
              </div>
              <Stack gap={6} p="md">
                <Title order={3} size="h5">
                  {swatch.name}
                </Title>
                <Text size="sm" c="gray.7">
                  {swatch.usage}
                </Text>
                <Copyable value={facts.hex} labels={labels} />
                <Copyable value={facts.hsl} labels={labels} />
                <ContrastLine label={labels.contrast} contrast={{ ratio: facts.contrast, passesAA: facts.passesAA }} labels={labels} />
              </Stack>
            </li>
          );
        })}
      </SimpleGrid>
      {gradients && (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="lg" mt="xl" className={classes.list}>
          {gradients.map((entry) => {
            const gradient = (theme.other.gradients as Record<string, MantineGradient | undefined>)[entry.gradient];
            if (!gradient) throw new Error(`the theme has no gradient "${entry.gradient}"`);
            const stops = [gradient.from, gradient.to].map((ref) => colorValue(ref, theme));
            const [lightest, darkest] = [...stops].sort((a, b) => luminance(b.hex) - luminance(a.hex));
            const textRef = (theme.other.gradientText as Record<string, string | undefined>)[entry.gradient] ?? 'white';
            const text = colorValue(textRef, theme);
            const css = `linear-gradient(${gradient.deg}deg, ${stops[0].hex}, ${stops[1].hex})`;
            return (
              <li key={entry.name} className={classes.card} data-gradient={entry.gradient}>
                <div className={classes.swatch} style={{ background: `var(--rw-gradient-${entry.gradient})`, color: text.hex }}>
                  <span className={classes.sample}>{labels.sample}</span>
                </div>
                <Stack gap={6} p="md">
                  <Title order={3} size="h5">
                    {entry.name}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {entry.usage}
                  </Text>
                  <Copyable value={css} labels={labels} />
                  <Text size="sm" fw={600} mt={4}>
                    {labels.stops}
                  </Text>
                  <ul className={classes.stops}>
                    {stops.map((stop, i) => (
                      <li key={i} className={classes.stop}>
                        <span className={classes.chip} style={{ background: stop.hex }} aria-hidden />
                        <Copyable value={stop.hex} labels={labels} />
                        <Copyable value={stop.hsl} labels={labels} />
                      </li>
                    ))}
                  </ul>
                  <Text size="sm" mt={4}>
                    {labels.text}: <code className={classes.value}>{textRef}</code> <code className={classes.value}>{text.hex}</code>
                  </Text>
                  <ContrastLine
                    label={`${labels.contrast} ${labels.lightest}`}
                    contrast={contrastOf(text.hex, lightest.hex)}
                    labels={labels}
                  />
                  <ContrastLine
                    label={`${labels.contrast} ${labels.darkest}`}
                    contrast={contrastOf(text.hex, darkest.hex)}
                    labels={labels}
                  />
                </Stack>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Section>
  );
}
