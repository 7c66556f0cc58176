import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { SiteLink } from '../../ui/SiteLink';
import { navItems } from './nav-items';
import classes from './Header.module.css';
import { useSiteData } from '../../site/site-data';

/**
 * The desktop navigation bar. Dropdowns open on hover and by keyboard (Enter,
 * Space, arrow keys, Escape); one state for all of them keeps one open at a time.
 * Dropdowns render inside the nav (no portal) so they stay in its landmark, and
 * without Mantine's focus placeholder, which axe rejects as a child of role=menu.
 */
export function DesktopNav() {
  const siteData = useSiteData();
  const { navLabel, talkToTeam } = siteData.config.header;
  // Focus moves into a dropdown only when it was opened by click or keyboard: on hover it stays where it was.
  const [open, setOpen] = useState<{ label: string; byClick: boolean } | null>(null);
  const onChange = (label: string) => (opened: boolean) =>
    setOpen((current) => {
      if (opened) return current?.label === label ? current : { label, byClick: false };
      return current?.label === label ? null : current; // a late close of a menu that already gave way
    });

  return (
    <Group component="nav" aria-label={navLabel} gap={4} wrap="nowrap" visibleFrom="sm">
      {navItems(siteData).map((item) =>
        item.links ? (
          <Menu
            key={item.label}
            trigger="click-hover"
            opened={open?.label === item.label}
            onChange={onChange(item.label)}
            trapFocus={open?.label === item.label && open.byClick}
            position="bottom-start"
            offset={4}
            shadow="md"
            width={260}
            withinPortal={false}
            withInitialFocusPlaceholder={false}
          >
            <Menu.Target>
              <Button
                variant="subtle"
                color="gray"
                c="gray.9"
                className={classes.navButton}
                onClick={() => setOpen({ label: item.label, byClick: true })}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                {item.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {item.links.map((link) => (
                <Menu.Item key={link.href} component={SiteLink} href={link.href}>
                  {link.label}
                </Menu.Item>
              ))}
              {/* The bar has no room for it on laptop widths: every dropdown ends with the way to a person. */}
              <Menu.Divider />
              <Menu.Item component={SiteLink} href={talkToTeam.href} c="brand.8" fw={600}>
                {talkToTeam.label}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button
            key={item.label}
            component={SiteLink}
            href={item.href}
            variant="subtle"
            color="gray"
            c="gray.9"
            className={classes.navButton}
          >
            {item.label}
          </Button>
        ),
      )}
    </Group>
  );
}
