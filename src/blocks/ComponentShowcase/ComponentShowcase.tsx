import { ActionIcon, Badge, Button, Group, Stack, Text, ThemeIcon, Title, useMantineTheme } from '@mantine/core';
import type { ButtonVariantName } from '../../vocabulary/button-variants';
import { brandButton, brandIconButton, ON_DARK_VARIANTS, type ButtonSizeName } from '../../theme/buttons';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/Section';
import type { ComponentShowcaseBlock } from './schema';
import classes from './ComponentShowcase.module.css';

const name = (label: string, onDark = false) => (
  <Text size="xs" c={onDark ? 'white' : 'gray.7'} ff="monospace">
    {label}
  </Text>
);

/**
 * The components as the site draws them: each brand button variant and size through the theme's
 * definitions (src/theme/buttons.ts, the same the site's buttons use), badges and the brand icons.
 * Samples are not controls (they do nothing), so they render as text, out of the tab order.
 */
export function ComponentShowcase({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  labels,
  buttonText,
  iconButtonLabel,
  badges,
  icons,
}: ComponentShowcaseBlock) {
  const theme = useMantineTheme();
  const sizes = Object.keys(theme.other.buttonSizes) as (ButtonSizeName | 'icon')[];
  const variants = Object.keys(theme.other.buttonVariants) as ButtonVariantName[];
  const onLight = variants.filter((variant) => !ON_DARK_VARIANTS.includes(variant));
  const onDark = variants.filter((variant) => ON_DARK_VARIANTS.includes(variant));
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="xl">
        <div>
          <Title order={3} size="h4" mb="md">
            {labels.variants}
          </Title>
          <Group gap="lg" align="flex-end" component="ul" className={classes.samples}>
            {onLight.map((variant) => (
              <Stack key={variant} component="li" gap={6} align="center">
                <Button component="span" {...brandButton(variant, 'default', theme)}>
                  {buttonText}
                </Button>
                {name(variant)}
              </Stack>
            ))}
          </Group>
          {onDark.length > 0 && (
            <Group gap="lg" mt="lg" component="ul" className={classes.samples}>
              {onDark.map((variant) => (
                <li key={variant} className={classes.band}>
                  <Button component="span" {...brandButton(variant, 'default', theme)}>
                    {buttonText}
                  </Button>
                  {name(`${variant} · ${labels.onDark}`, true)}
                </li>
              ))}
            </Group>
          )}
        </div>
        <div>
          <Title order={3} size="h4" mb="md">
            {labels.sizes}
          </Title>
          <Group gap="lg" align="flex-end" component="ul" className={classes.samples}>
            {sizes.map((size) => (
              <Stack key={size} component="li" gap={6} align="center">
                {size === 'icon' ? (
                  <ActionIcon component="span" {...brandIconButton('default', theme)} role="img" aria-label={iconButtonLabel}>
                    <Icon name="chat" size={20} />
                  </ActionIcon>
                ) : (
                  <Button component="span" {...brandButton('default', size, theme)}>
                    {buttonText}
                  </Button>
                )}
                {name(size)}
              </Stack>
            ))}
          </Group>
        </div>
        <div>
          <Title order={3} size="h4" mb="md">
            {labels.badges}
          </Title>
          <Group gap="md">
            {badges.map((badge) => (
              <Badge key={badge.label} variant={badge.variant} tt="none">
                {badge.label}
              </Badge>
            ))}
          </Group>
        </div>
        <div>
          <Title order={3} size="h4" mb="md">
            {labels.icons}
          </Title>
          <Group gap="xl" component="ul" className={classes.samples}>
            {icons.map((entry) => (
              <Stack key={entry.label} component="li" gap={6} align="center">
                <ThemeIcon size={56} radius="md" variant="light">
                  <Icon name={entry.icon} size={30} />
                </ThemeIcon>
                <Text size="sm" fw={600}>
                  {entry.label}
                </Text>
              </Stack>
            ))}
          </Group>
        </div>
      </Stack>
    </Section>
  );
}
