import { ActionIcon, Badge, Button, Group, Stack, Text, ThemeIcon, Title, useMantineTheme, type ButtonProps } from '@mantine/core';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/Section';
import type { ComponentShowcaseBlock } from './schema';

/**
 * The components as the site draws them: each brand button variant and size from the theme
 * (src/theme/theme.ts), badges and the brand icons. Samples are not controls (they do nothing), so
 * they render as text, out of the tab order.
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
  const { buttonVariants, buttonSizes } = useMantineTheme().other;
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="xl">
        <div>
          <Title order={3} size="h4" mb="md">
            {labels.variants}
          </Title>
          <Group gap="lg" align="flex-end">
            {Object.entries(buttonVariants).map(([name, props]) => (
              <Stack key={name} gap={6} align="center">
                <Button component="span" {...(props as Partial<ButtonProps>)}>
                  {buttonText}
                </Button>
                <Text size="xs" c="gray.7" ff="monospace">
                  {name}
                </Text>
              </Stack>
            ))}
          </Group>
        </div>
        <div>
          <Title order={3} size="h4" mb="md">
            {labels.sizes}
          </Title>
          <Group gap="lg" align="flex-end">
            {Object.entries(buttonSizes).map(([name, size]) => (
              <Stack key={name} gap={6} align="center">
                {size === 'icon' ? (
                  <ActionIcon component="span" size="lg" radius="xl" role="img" aria-label={iconButtonLabel}>
                    <Icon name="chat" size={20} />
                  </ActionIcon>
                ) : (
                  <Button component="span" size={size}>
                    {buttonText}
                  </Button>
                )}
                <Text size="xs" c="gray.7" ff="monospace">
                  {name}
                </Text>
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
          <Group gap="xl" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
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
