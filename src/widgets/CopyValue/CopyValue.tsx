import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { showToast } from '../../toasts/toast';
import { useSiteData } from '../../site/site-data';

export interface CopyValueProps extends Omit<ActionIconProps, 'children'> {
  value: string;
  /** The button's accessible name, e.g. "Copy phone number". */
  label: string;
  /** The toast's text after copying (its title is the site's 'Copied!'). */
  copiedMessage: string;
}

/** A button that copies a value to the clipboard and says so with the 'Copied!' toast (the phone number, a brand colour). */
export function CopyValue({ value, label, copiedMessage, ...iconProps }: CopyValueProps) {
  const siteData = useSiteData();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ title: siteData.config.toasts.copiedTitle, message: copiedMessage, tone: 'success' });
    } catch {
      // Clipboard refused (permissions, insecure origin): the value stays on screen to copy by hand.
    }
  }
  return (
    <ActionIcon variant="light" size="lg" radius="xl" aria-label={label} onClick={copy} {...iconProps}>
      <IconCopy size={18} aria-hidden />
    </ActionIcon>
  );
}
