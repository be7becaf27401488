// The ad network's iframe embed: sandboxed, loaded lazily, labelled as an ad.
import { iframeSandbox } from '../ad-slots.ts';
import styles from './ads.module.css';

export function IframeAd({ url }: { url: string }) {
  return (
    <figure className={styles.frameAd} data-testid="ad-iframe">
      <iframe
        className={styles.iframe}
        src={url}
        title="Advertisement"
        loading="lazy"
        sandbox={iframeSandbox(url, window.location.origin)}
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <figcaption className={styles.adLabel}>Ad</figcaption>
    </figure>
  );
}
