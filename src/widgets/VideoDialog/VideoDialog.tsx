import { Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { DIALOG_HEADER_IS_NOT_A_BANNER } from '../dialog-header';
import classes from './VideoDialog.module.css';
import { useSiteData } from '../../site/site-data';

const VideoPlayer = lazy(() => import('./VideoPlayer'));

/** The explainer-video dialog; its player mounts (and autoplays) only while it is open. */
export function VideoDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const siteData = useSiteData();
  const { title, closeLabel } = siteData.config.video;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
      attributes={DIALOG_HEADER_IS_NOT_A_BANNER}
    >
      {opened && (
        <Suspense fallback={<div className={classes.frame} />}>
          <VideoPlayer />
        </Suspense>
      )}
    </Modal>
  );
}
