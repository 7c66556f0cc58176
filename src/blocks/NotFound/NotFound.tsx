import { Anchor, Container, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { SiteLink } from '../../ui/SiteLink';
import type { NotFoundBlock, NotFoundData } from './schema';

export function NotFound({ id, code, message, homeLink, logMissingPath }: NotFoundBlock & NotFoundData) {
  useEffect(() => {
    // Spec: the not-found page logs the path the visitor tried.
    if (logMissingPath) console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
  }, [logMissingPath]);

  return (
    <section id={id}>
      <Container size="sm" ta="center" py={120}>
        <Title order={1} size={72}>
          {code}
        </Title>
        <Text size="xl" c="gray.7" mt="md" mb="xl">
          {message}
        </Text>
        <Anchor component={SiteLink} href={homeLink.href} size="lg" fw={600}>
          {homeLink.label}
        </Anchor>
      </Container>
    </section>
  );
}
