import { Accordion, Anchor, Button, Drawer, NavLink, Stack } from '@mantine/core';
import { brandButton } from '../../theme/buttons';
import { SiteLink } from '../../ui/SiteLink';
import { DIALOG_HEADER_IS_NOT_A_BANNER } from '../../widgets/dialog-header';
import { navItems } from '../Header/nav-items';
import type { HeaderBreakpoint } from '../Header/header-breakpoint';
import { LanguageLinks } from '../LanguageLinks/LanguageLinks';
import { PanelButton } from '../../widgets/PanelButton/PanelButton';
import classes from './MobileMenu.module.css';
import { useSiteData } from '../../site/site-data';

/** The full-screen menu: the same entries and actions as the desktop bar; clicking any link closes it. */
export function MobileMenuDrawer({
  opened,
  onClose,
  route,
  hiddenFrom,
}: {
  opened: boolean;
  onClose: () => void;
  route: string | null;
  hiddenFrom: HeaderBreakpoint;
}) {
  const siteData = useSiteData();
  const { header } = siteData.config;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="100%"
      position="right"
      title={header.menuTitle}
      closeButtonProps={{ 'aria-label': header.closeMenuLabel }}
      attributes={DIALOG_HEADER_IS_NOT_A_BANNER}
      hiddenFrom={hiddenFrom}
    >
      <nav aria-label={header.menuTitle}>
        <Accordion variant="default" chevronPosition="right">
          {navItems(siteData).map((item) =>
            item.links ? (
              <Accordion.Item key={item.label} value={item.label}>
                <Accordion.Control>{item.label}</Accordion.Control>
                <Accordion.Panel>
                  {item.links.map((link) => (
                    <NavLink key={link.href} component={SiteLink} href={link.href} label={link.label} onClick={onClose} />
                  ))}
                </Accordion.Panel>
              </Accordion.Item>
            ) : (
              <Anchor key={item.label} component={SiteLink} href={item.href} className={classes.topLink} onClick={onClose}>
                {item.label}
              </Anchor>
            ),
          )}
        </Accordion>
        <Stack gap="sm" mt="xl">
          <Button component={SiteLink} href={header.tryFree.href} onClick={onClose} {...brandButton('default')}>
            {header.tryFree.label}
          </Button>
          <Button component={SiteLink} href={header.bookDemo.href} onClick={onClose} {...brandButton('outline')}>
            {header.bookDemo.label}
          </Button>
          <PanelButton panel="video" label={header.howItWorks} {...brandButton('soft')} />
          <Button component={SiteLink} href={header.talkToTeam.href} onClick={onClose} {...brandButton('ghost')}>
            {header.talkToTeam.label}
          </Button>
          <Button component={SiteLink} href={header.signIn.href} onClick={onClose} {...brandButton('ghost')}>
            {header.signIn.label}
          </Button>
        </Stack>
      </nav>
      <LanguageLinks route={route} className={classes.languages} />
    </Drawer>
  );
}
