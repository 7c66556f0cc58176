import { Modal, Text } from '@mantine/core';
import { ChatForm } from '../../widgets/ChatForm/ChatForm';
import { DIALOG_HEADER_IS_NOT_A_BANNER } from '../../widgets/dialog-header';
import { useSiteData } from '../../site/site-data';

export interface ExitDialogPanelProps {
  opened: boolean;
  onClose: () => void;
}

/** The exit dialog itself: the configured title and description over the email form; a successful submission closes it. */
export function ExitDialogPanel({ opened, onClose }: ExitDialogPanelProps) {
  const siteData = useSiteData();
  const { title, description, closeLabel } = siteData.config.exitDialog;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
      attributes={DIALOG_HEADER_IS_NOT_A_BANNER}
    >
      <Text c="gray.7" mb="md">
        {description}
      </Text>
      <ChatForm variant="subscribe" placement="exit-dialog" onSuccess={onClose} />
    </Modal>
  );
}
