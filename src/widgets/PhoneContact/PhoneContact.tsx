import { Button, Group, Text } from '@mantine/core';
import { IconMessage, IconPhone } from '@tabler/icons-react';
import { brandButton } from '../../theme/buttons';
import { CopyValue } from '../CopyValue/CopyValue';
import { useSiteData } from '../../site/site-data';

/**
 * The support phone number. Below 768 px (Mantine's `sm`) it offers Call (tel:) and
 * Text (sms:) links; wider screens, which rarely place calls, get a copy button.
 * The switch is CSS, so the prerendered HTML is right before any script runs.
 */
export function PhoneContact() {
  const siteData = useSiteData();
  const { phoneDisplay, phoneE164 } = siteData.config.contact;
  const { callLabel, textLabel, copyLabel } = siteData.config.chatForms.phone;
  const { copiedMessage } = siteData.config.toasts;

  return (
    <div>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="lg">
          {phoneDisplay}
        </Text>
        <CopyValue visibleFrom="sm" value={phoneDisplay} label={copyLabel} copiedMessage={copiedMessage} />
      </Group>
      <Group gap="sm" mt="xs" hiddenFrom="sm" grow>
        <Button component="a" href={`tel:${phoneE164}`} {...brandButton('soft', 'sm')} leftSection={<IconPhone size={18} aria-hidden />}>
          {callLabel}
        </Button>
        <Button component="a" href={`sms:${phoneE164}`} {...brandButton('soft', 'sm')} leftSection={<IconMessage size={18} aria-hidden />}>
          {textLabel}
        </Button>
      </Group>
    </div>
  );
}
