import { Anchor, Container, Group } from '@mantine/core';
import siteData from 'virtual:site-data';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import { MobileMenu } from '../MobileMenu/MobileMenu';
import { DesktopNav } from './DesktopNav';
import { HeaderActions } from './HeaderActions';
import { useHeaderOffset } from './useHeaderOffset';
import classes from './Header.module.css';

/** The fixed site header: logo, navigation, actions, and the mobile menu; everything from the site configuration. */
export function Header() {
  const { header, brand } = siteData.config;
  const belowBanner = useHeaderOffset();
  return (
    <header className={classes.header} data-below-banner={belowBanner || undefined}>
      <Container size="xl" className={classes.inner}>
        <Anchor component={SiteLink} href="/" aria-label={header.homeLabel} underline="never" className={classes.logo}>
          <Logo name={brand.productName} />
        </Anchor>
        <DesktopNav />
        <Group gap="xs" wrap="nowrap" className={classes.end}>
          <HeaderActions />
          <MobileMenu />
        </Group>
      </Container>
    </header>
  );
}
