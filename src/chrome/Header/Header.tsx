import { Anchor, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import siteData from 'virtual:site-data';
import { KeepServerHtml } from '../../app/KeepServerHtml';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import { MobileMenu } from '../MobileMenu/MobileMenu';
import { DesktopNav } from './DesktopNav';
import { HeaderActions } from './HeaderActions';
import { MOBILE_MEDIA_QUERY } from './mobile-query';
import { useHeaderOffset } from './useHeaderOffset';
import classes from './Header.module.css';

/** The fixed site header: logo, navigation, actions, and the mobile menu; everything from the site configuration. */
export function Header() {
  const { header, brand } = siteData.config;
  const belowBanner = useHeaderOffset();
  // On phones the bar is hidden (the burger menu takes over): it stays as prerendered,
  // unhydrated, until the viewport widens. Read synchronously so hydration knows at once.
  const isPhone = useMediaQuery(MOBILE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <header className={classes.header} data-below-banner={belowBanner || undefined}>
      <Container size="xl" className={classes.inner}>
        <Anchor component={SiteLink} href="/" aria-label={header.homeLabel} underline="never" className={classes.logo}>
          <Logo name={brand.productName} />
        </Anchor>
        <KeepServerHtml keep={isPhone} content={isPhone}>
          <DesktopNav />
        </KeepServerHtml>
        <Group gap="xs" wrap="nowrap" className={classes.end}>
          <HeaderActions />
          <MobileMenu />
        </Group>
      </Container>
    </header>
  );
}
