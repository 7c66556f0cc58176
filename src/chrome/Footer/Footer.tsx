import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import siteData from 'virtual:site-data';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import classes from './Footer.module.css';

/** Site footer: link groups (folder groups are derived from the page documents) and the copyright line. */
export function Footer() {
  const { footer, brand } = siteData.config;
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <Stack gap="xs" mb="xl">
          <Logo name={brand.productName} />
          <Text c="gray.7" maw={420}>
            {brand.tagline}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: footer.groups.length }} spacing="xl" component="nav" aria-label="Footer">
          {footer.groups.map((group) => (
            <div key={group.label}>
              <Title order={2} size="h6" mb="sm">
                {group.label}
              </Title>
              <ul className={classes.list}>
                {group.entries.flatMap((entry) =>
                  'href' in entry ? [entry] : (siteData.menus[entry.section] ?? []),
                ).map((link) => (
                  <li key={link.href + link.label}>
                    <Anchor component={SiteLink} href={link.href} c="gray.8" size="sm">
                      {link.label}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm" c="gray.7" mt="xl" pt="lg" className={classes.copyright}>
          {brand.copyright}
        </Text>
      </Container>
    </footer>
  );
}
