import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import siteData from 'virtual:site-data';
import { KeepServerHtml } from '../../app/KeepServerHtml';
import { SiteLink } from '../../ui/SiteLink';
import { ChatForm } from '../ChatForm/ChatForm';
import { Logo } from '../Logo';
import { PhoneContact } from '../PhoneContact/PhoneContact';
import classes from './Footer.module.css';

/** Site footer: the email form with its phone alternative, link groups (folder groups derived from the page documents) and the copyright line. */
export function Footer() {
  const { footer, brand } = siteData.config;
  const [phoneOpen, setPhoneOpen] = useState(false);
  const phonePanelId = useId();
  const formHeadingId = useId();
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <div className={classes.top}>
          <Stack gap="xs">
            <Logo name={brand.productName} />
            <Text c="gray.7" maw={420}>
              {brand.tagline}
            </Text>
          </Stack>
          <section className={classes.contact} aria-labelledby={formHeadingId}>
            <Title order={2} size="h4" id={formHeadingId} mb="sm">
              {footer.formHeading}
            </Title>
            <ChatForm variant="subscribe" placement="footer" />
            <Anchor
              component="button"
              type="button"
              className={classes.phoneToggle}
              fw={600}
              aria-expanded={phoneOpen}
              aria-controls={phonePanelId}
              onClick={() => setPhoneOpen((open) => !open)}
            >
              {phoneOpen ? footer.phoneHideLabel : footer.phoneShowLabel}
              {phoneOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
            </Anchor>
            <div id={phonePanelId} hidden={!phoneOpen} className={classes.phonePanel}>
              <PhoneContact />
            </div>
          </section>
        </div>
        {/* Plain links, the same on every page: kept as prerendered, never hydrated. */}
        <KeepServerHtml>
          <FooterLinks />
        </KeepServerHtml>
        <Text size="sm" c="gray.7" mt="xl" pt="lg" className={classes.copyright}>
          {brand.copyright}
        </Text>
      </Container>
    </footer>
  );
}

/** The link groups: folder groups are derived from the page documents. */
function FooterLinks() {
  const { footer } = siteData.config;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: footer.groups.length }} spacing="xl" component="nav" aria-label="Footer">
      {footer.groups.map((group) => (
        <div key={group.label}>
          <Title order={2} size="h6" mb="sm">
            {group.label}
          </Title>
          <ul className={classes.list}>
            {group.entries.flatMap((entry) =>
              'href' in entry ? [entry] : (siteData.menus[entry.section] ?? []),
            ).map((link) => (
              <li key={link.href + link.label}>
                <Anchor component={SiteLink} href={link.href} c="gray.8" size="sm">
                  {link.label}
                </Anchor>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </SimpleGrid>
  );
}
