// The VAST splash ad: the static image of the ad network's VAST XML, linking to its click-through in a
// new tab. A failure (could not extract ad data, error loading ad, ad load timed out) is logged and the
// slot falls back to the house promo. Impression trackers are requested once the picture shows.
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type * as vast from '../vast.ts';
import styles from './ads.module.css';

export interface SplashAdProps {
  url: string;
  onFailed: () => void;
}

function trackImpressions(urls: readonly string[]) {
  for (const url of urls) {
    const pixel = new Image();
    pixel.referrerPolicy = 'strict-origin-when-cross-origin';
    pixel.src = url;
  }
}

export function SplashAd({ url, onFailed }: SplashAdProps) {
  const [ad, setAd] = useState<vast.VastAd | null>(null);
  const onFailedRef = useRef(onFailed);
  const tracked = useRef(false);
  useEffect(() => {
    onFailedRef.current = onFailed;
  });

  useEffect(() => {
    const controller = new AbortController();
    // The VAST reader comes with the first splash ad, not with the app: no grid shows one at first
    // paint (its slot is the 38th), and the first load's budget is tight (docs/performance.md).
    const load = async () => {
      let reader: typeof vast | undefined;
      try {
        reader = await import('../vast.ts');
        const loaded = await reader.loadVastAd(url, { signal: controller.signal });
        if (!controller.signal.aborted) setAd(loaded);
      } catch (error) {
        if (controller.signal.aborted) return;
        // A reader that did not load is an ad that did not load.
        const known = reader && error instanceof reader.AdLoadError ? error : null;
        console.warn(known?.message ?? 'error loading ad', known ? (known.detail ?? '') : error);
        onFailedRef.current();
      }
    };
    void load();
    return () => controller.abort();
  }, [url]);

  if (!ad) {
    return (
      <div className={styles.splashLoading} aria-hidden="true">
        <Spinner size={20} />
      </div>
    );
  }

  return (
    <figure className={styles.splash} data-testid="ad-splash">
      <a href={ad.clickThroughUrl} target="_blank" rel="noopener sponsored" className={styles.splashLink}>
        <img
          className={styles.splashImage}
          src={ad.imageUrl}
          alt="Advertisement"
          loading="lazy"
          width={ad.width ?? undefined}
          height={ad.height ?? undefined}
          onLoad={() => {
            if (tracked.current) return;
            tracked.current = true;
            trackImpressions(ad.impressionUrls);
          }}
          onError={() => {
            console.warn('error loading ad', ad.imageUrl);
            onFailedRef.current();
          }}
        />
      </a>
      <figcaption className={styles.adLabel}>Ad</figcaption>
    </figure>
  );
}
