import { Button, Group } from '@mantine/core';
import siteData from 'virtual:site-data';
import { Island } from '../../hydration/Island';
import { SiteLink } from '../../ui/SiteLink';
import type { PanelButtonProps } from '../../widgets/PanelButton/PanelButton';

/** The account and demo actions of the desktop bar; Talk to Our Team ends each dropdown (the mobile menu offers all of them). */
export function HeaderActions() {
  const { header } = siteData.config;
  return (
    <Group gap={6} wrap="nowrap" visibleFrom="lg">
      <Island<PanelButtonProps>
        name="PanelButton"
        hydrate="interaction"
        props={{ panel: 'video', label: header.howItWorks, variant: 'subtle', color: 'gray', c: 'gray.9', size: 'sm' }}
      />
      <Button component={SiteLink} href={header.signIn.href} variant="subtle" color="gray" c="gray.9" size="sm">
        {header.signIn.label}
      </Button>
      <Button component={SiteLink} href={header.bookDemo.href} variant="outline" size="sm" radius="xl">
        {header.bookDemo.label}
      </Button>
      <Button component={SiteLink} href={header.tryFree.href} size="sm" radius="xl">
        {header.tryFree.label}
      </Button>
    </Group>
  );
}
