import { Anchor, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ChatForm } from '../../widgets/ChatForm/ChatForm';
import { PhoneContact } from '../../widgets/PhoneContact/PhoneContact';
import classes from './Footer.module.css';
import { useSiteData } from '../../site/site-data';

/** The footer's email form, with the phone panel that 'Call or Text Instead' toggles. */
export function FooterContact() {
  const siteData = useSiteData();
  const { footer } = siteData.config;
  const [phoneOpen, setPhoneOpen] = useState(false);
  const phonePanelId = useId();
  const formHeadingId = useId();
  return (
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
  );
}
