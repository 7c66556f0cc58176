import { Anchor, Container, Group } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { SiteLink } from '../../ui/SiteLink';
import { Logo } from '../Logo';
import { LanguageMenu } from '../LanguageLinks/LanguageMenu';
import { headerBreakpoint } from './header-breakpoint';
import { HeaderActions } from './HeaderActions';
import { HEADER_ID } from './header-offset';
import classes from './Header.module.css';
import { useSiteData } from '../../site/site-data';

/**
 * The fixed site header, rendered on the server: logo, navigation, actions, mobile menu; everything
 * from the site configuration. Its interactive parts are islands: the dropdown bar and the mobile
 * menu load their code when the visitor points at, touches or focuses them (on phones, where the bar
 * is hidden, it never loads); under the home page's promo banner, a plain script moves it (header-offset.ts).
 */
export function Header({ belowBanner, route }: { belowBanner: boolean; route: string | null }) {
  const siteData = useSiteData();
  const { header, brand } = siteData.config;
  const breakpoint = headerBreakpoint(siteData);
  return (
    <header id={HEADER_ID} className={classes.header} data-below-banner={belowBanner || undefined}>
      <Container size="xl" className={classes.inner}>
        <Anchor component={SiteLink} href="/" aria-label={header.homeLabel} underline="never" className={classes.logo}>
          <Logo name={brand.productName} />
        </Anchor>
        <Island name="DesktopNav" hydrate="interaction" props={{}} />
        <Group gap="xs" wrap="nowrap" className={classes.end}>
          <LanguageMenu route={route} visibleFrom={breakpoint} />
          <HeaderActions visibleFrom={breakpoint} />
          <Island name="MobileMenu" hydrate="interaction" props={{ route, breakpoint }} />
        </Group>
      </Container>
    </header>
  );
}
