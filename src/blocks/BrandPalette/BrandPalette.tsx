import { Badge, Group, SimpleGrid, Stack, Text, Title, useMantineTheme, type MantineGradient } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { colorFacts } from '../../theme/color-facts';
import { Section } from '../../ui/Section';
import type { CopyValueProps } from '../../widgets/CopyValue/CopyValue';
import type { BrandPaletteBlock } from './schema';
import classes from './BrandPalette.module.css';

/** One value with its copy button (a small island). */
function Copyable({ value, labels }: { value: string; labels: BrandPaletteBlock['labels'] }) {
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

/** The palette, read from the theme the site renders with: a theme change shows here with no edit. */
export function BrandPalette({ id, eyebrow, heading, intro, tinted, swatches, gradients, labels }: BrandPaletteBlock) {
  const theme = useMantineTheme();
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.list}>
        {swatches.map((swatch) => {
          const facts = colorFacts(swatch.color, theme);
          return (
            <li key={swatch.name} className={classes.card} data-color={swatch.color}>
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
                <Group gap="xs">
                  <Text size="sm">
                    {labels.contrast}: {facts.contrast}:1
                  </Text>
                  <Badge color={facts.passesAA ? 'brand.8' : 'red.9'} variant="filled" tt="none">
                    {facts.passesAA ? labels.pass : labels.fail}
                  </Badge>
                </Group>
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
            const [from, to] = [colorFacts(gradient.from, theme), colorFacts(gradient.to, theme)];
            return (
              <li key={entry.name} className={classes.card}>
                <div className={classes.swatch} style={{ background: `var(--rw-gradient-${entry.gradient})` }} />
                <Stack gap={6} p="md">
                  <Title order={3} size="h5">
                    {entry.name}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {entry.usage}
                  </Text>
                  <Copyable value={`linear-gradient(${gradient.deg}deg, ${from.hex}, ${to.hex})`} labels={labels} />
                </Stack>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Section>
  );
}
