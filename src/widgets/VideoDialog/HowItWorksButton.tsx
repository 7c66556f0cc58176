import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazyWhenOpened } from '../lazy-when-opened';

const VideoDialog = lazyWhenOpened(() => import('./VideoDialog').then((m) => m.VideoDialog));

export interface HowItWorksButtonProps extends Omit<ButtonProps, 'children'> {
  /** Button text, from the page document or the site configuration. */
  label: string;
}

/** A button that opens the explainer-video dialog (header, final call to action). */
export function HowItWorksButton({ label, ...buttonProps }: HowItWorksButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...buttonProps} onClick={open} aria-haspopup="dialog">
        {label}
      </Button>
      <VideoDialog opened={opened} onClose={close} />
    </>
  );
}
