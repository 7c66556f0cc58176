import { Anchor, Button, Container, Group } from '@mantine/core';
import siteData from 'virtual:site-data';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import classes from './Header.module.css';

/** Site header: logo, menus and the account/demo actions, all from the site configuration. */
export function Header() {
  const { header, brand } = siteData.config;
  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Anchor component={SiteLink} href="/" aria-label={header.homeLabel} underline="never">
          <Logo name={brand.productName} />
        </Anchor>
        <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
          {header.menus.map((entry) =>
            'href' in entry ? (
              <Anchor key={entry.label} component={SiteLink} href={entry.href} c="gray.9">
                {entry.label}
              </Anchor>
            ) : (
              <Anchor key={entry.label} component={SiteLink} href={siteData.menus[entry.section]?.[0]?.href ?? '/'} c="gray.9">
                {entry.label}
              </Anchor>
            ),
          )}
        </Group>
        <Group gap="sm" visibleFrom="sm">
          <Button component={SiteLink} href={header.signIn.href} variant="subtle">
            {header.signIn.label}
          </Button>
          <Button component={SiteLink} href={header.tryFree.href} radius="xl">
            {header.tryFree.label}
          </Button>
        </Group>
      </Container>
    </header>
  );
}
