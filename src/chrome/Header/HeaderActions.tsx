import { Button, Group } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { brandButton } from '../../theme/buttons';
import { SiteLink } from '../../ui/SiteLink';
import type { PanelButtonProps } from '../../widgets/PanelButton/PanelButton';
import { useSiteData } from '../../site/site-data';
import type { HeaderBreakpoint } from './header-breakpoint';

/** The ghost buttons of the bar take the gray of the menu triggers beside them (DesktopNav). */
const NAV_GRAY = { color: 'gray', c: 'gray.9', px: 8 } as const;

/** The account and demo actions of the desktop bar; Talk to Our Team ends each dropdown (the mobile menu offers all of them). */
export function HeaderActions({ visibleFrom }: { visibleFrom: HeaderBreakpoint }) {
  const siteData = useSiteData();
  const { header } = siteData.config;
  return (
    <Group gap={6} wrap="nowrap" visibleFrom={visibleFrom}>
      <Island<PanelButtonProps>
        name="PanelButton"
        hydrate="interaction"
        props={{ panel: 'video', label: header.howItWorks, ...brandButton('ghost', 'sm'), ...NAV_GRAY }}
      />
      <Button component={SiteLink} href={header.signIn.href} {...brandButton('ghost', 'sm')} {...NAV_GRAY}>
        {header.signIn.label}
      </Button>
      <Button component={SiteLink} href={header.bookDemo.href} {...brandButton('outline', 'sm')}>
        {header.bookDemo.label}
      </Button>
      <Button component={SiteLink} href={header.tryFree.href} {...brandButton('default', 'sm')}>
        {header.tryFree.label}
      </Button>
    </Group>
  );
}
