import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazyWhenOpened } from '../../widgets/lazy-when-opened';
import { useSiteData } from '../../site/site-data';
import type { HeaderBreakpoint } from '../Header/header-breakpoint';

const MobileMenuDrawer = lazyWhenOpened(() => import('./MobileMenuDrawer').then((m) => m.MobileMenuDrawer));

/**
 * The burger and the full-screen menu it opens (loaded on first open). Below 768 px it
 * replaces the desktop bar; up to 1200 px, where the desktop actions do not fit
 * next to the menus, it is the way to those actions. An island hydrated on intent.
 */
export function MobileMenu({ route = null, breakpoint = 'lg' }: { route?: string | null; breakpoint?: HeaderBreakpoint }) {
  const siteData = useSiteData();
  const { header } = siteData.config;
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        hiddenFrom={breakpoint}
        size="sm"
        aria-label={header.openMenuLabel}
        aria-expanded={opened}
        aria-haspopup="dialog"
      />
      <MobileMenuDrawer opened={opened} onClose={close} route={route} hiddenFrom={breakpoint} />
    </>
  );
}
