import { Badge, Box, Container, Group, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { PictureData } from '../../lib/picture-data';
import { Picture } from '../../ui/Picture/Picture';
import { ActionButton } from '../../widgets/PanelButton/ActionButton';
import type { HeroBlock } from './schema';
import classes from './Hero.module.css';

/**
 * With an image, the text and the image stand side by side on wide screens (the text first, start-aligned); the image's
 * caption, when its record has one, under it.
 */
export function Hero({
  id,
  badge,
  heading,
  subheading,
  buttons,
  highlights,
  picture,
  caption,
}: HeroBlock & { picture?: PictureData; caption?: string }) {
  const text = (
    <>
      {badge && (
        <Badge size="lg" variant="light" mb="md" className={classes.badge}>
          {badge}
        </Badge>
      )}
      <Title order={1} className={classes.title}>
        {heading}
      </Title>
      {subheading && (
        <Text size="xl" c="gray.7" mt="lg" className={classes.sub}>
          {subheading}
        </Text>
      )}
      {buttons && buttons.length > 0 && (
        <Group justify={picture ? 'flex-start' : 'center'} mt="xl" gap="md">
          {buttons.map((button, i) => (
            <ActionButton
              key={button.href + button.label}
              action={button}
              size="lg"
              radius="xl"
              variant={button.variant ?? (i === 0 ? 'default' : 'outline')}
            />
          ))}
        </Group>
      )}
      {highlights && highlights.length > 0 && (
        <Group justify={picture ? 'flex-start' : 'center'} mt="lg" gap="lg" component="ul" className={classes.highlights}>
          {highlights.map((h) => (
            <li key={h}>
              <IconCheck size={16} aria-hidden /> {h}
            </li>
          ))}
        </Group>
      )}
    </>
  );
  return (
    <section id={id} className={classes.hero}>
      {picture ? (
        <Container size="lg" className={classes.split}>
          <div className={classes.text}>{text}</div>
          {caption ? (
            <Box component="figure" className={classes.image} m={0}>
              <Picture image={picture} />
              <Text component="figcaption" size="sm" c="gray.7" mt="xs" ta="center">
                {caption}
              </Text>
            </Box>
          ) : (
            <Picture image={picture} className={classes.image} />
          )}
        </Container>
      ) : (
        <Container size="md" ta="center">
          {text}
        </Container>
      )}
    </section>
  );
}
