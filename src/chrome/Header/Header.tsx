import { Anchor, Container, Group } from '@mantine/core';
import siteData from 'virtual:site-data';
import { deferHydration } from '../../app/deferred-hydration';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import { MobileMenu } from '../MobileMenu/MobileMenu';
import { HeaderActions } from './HeaderActions';
import { useHeaderOffset } from './useHeaderOffset';
import classes from './Header.module.css';

/**
 * The dropdown bar's code (Menu, Popover, floating-ui) loads when the visitor points at the bar,
 * focuses into it or starts using the keyboard; until then it is the prerendered markup. On phones,
 * where the bar is hidden, that is never, unless the window widens.
 */
const DesktopNav = deferHydration('desktop-nav', () => import('./DesktopNav').then((m) => m.DesktopNav), { intent: true, keyboard: true });

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
