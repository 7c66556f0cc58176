import classes from './VideoDialog.module.css';
import { useSiteData } from '../../site/site-data';

/**
 * The embedded explainer player. Loaded with React.lazy when the dialog opens,
 * so neither this code nor the iframe is part of the first page load.
 */
export default function VideoPlayer() {
  const siteData = useSiteData();
  const { youtubeId, title } = siteData.config.video;
  return (
    <div className={classes.frame}>
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
