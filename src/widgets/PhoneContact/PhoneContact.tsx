import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconCopy, IconMessage, IconPhone } from '@tabler/icons-react';
import siteData from 'virtual:site-data';
import { showToast } from '../../leads/toast';

/**
 * The support phone number. Below 768 px (Mantine's `sm`) it offers Call (tel:) and
 * Text (sms:) links; wider screens, which rarely place calls, get a copy button.
 * The switch is CSS, so the prerendered HTML is right before any script runs.
 */
export function PhoneContact() {
  const { phoneDisplay, phoneE164 } = siteData.config.contact;
  const { callLabel, textLabel, copyLabel } = siteData.config.chatForms.phone;
  const { copiedTitle, copiedMessage } = siteData.config.toasts;

  async function copy() {
    try {
      await navigator.clipboard.writeText(phoneDisplay);
      showToast({ title: copiedTitle, message: copiedMessage, tone: 'success' });
    } catch {
      // Clipboard refused (permissions, insecure origin): the number stays on screen to copy by hand.
    }
  }

  return (
    <div>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="lg">
          {phoneDisplay}
        </Text>
        <ActionIcon visibleFrom="sm" variant="light" size="lg" radius="xl" aria-label={copyLabel} onClick={copy}>
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Group gap="sm" mt="xs" hiddenFrom="sm" grow>
        <Button component="a" href={`tel:${phoneE164}`} variant="light" leftSection={<IconPhone size={18} aria-hidden />}>
          {callLabel}
        </Button>
        <Button component="a" href={`sms:${phoneE164}`} variant="light" leftSection={<IconMessage size={18} aria-hidden />}>
          {textLabel}
        </Button>
      </Group>
    </div>
  );
}
