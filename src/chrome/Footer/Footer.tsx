import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import classes from './Footer.module.css';
import { useSiteData } from '../../site/site-data';

/**
 * Site footer, rendered on the server: the email form with its phone alternative (an island that
 * hydrates as the footer nears the screen), link groups (folder groups derived from the page
 * documents) and the copyright line.
 */
export function Footer() {
  const siteData = useSiteData();
  const { brand } = siteData.config;
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <div className={classes.top}>
          <Stack gap="xs">
            <Logo name={brand.productName} />
            <Text c="gray.7" maw={420}>
              {brand.tagline}
            </Text>
          </Stack>
          <Island name="FooterContact" hydrate="visible" props={{}} />
        </div>
        <FooterLinks />
        <Text size="sm" c="gray.7" mt="xl" pt="lg" className={classes.copyright}>
          {brand.copyright}
        </Text>
      </Container>
    </footer>
  );
}

/** The link groups: folder groups are derived from the page documents. */
function FooterLinks() {
  const siteData = useSiteData();
  const { footer } = siteData.config;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: footer.groups.length }} spacing="xl" component="nav" aria-label={footer.navLabel}>
      {footer.groups.map((group) => (
        <div key={group.label}>
          <Title order={2} size="h6" mb="sm">
            {group.label}
          </Title>
          <ul className={classes.list}>
            {group.entries
              .flatMap((entry) => ('href' in entry ? [entry] : (siteData.menus[entry.section] ?? [])))
              .map((link) => (
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
  );
}
