// One ad slot of a gallery grid (spec sections 2 and 7): the iframe embed or the VAST splash ad of the
// deployment's ad zones, alternating by slot. A kind without a zone, or an ad that fails to load,
// shows the house promo for coin packs and plans instead.
import { useState } from 'react';
import { useGetAdsConfigQuery } from '../api.ts';
import { adContentFor, type AdKind } from '../ad-slots.ts';
import { HousePromo } from './house-promo.tsx';
import { IframeAd } from './iframe-ad.tsx';
import { SplashAd } from './splash-ad.tsx';
import styles from './ads.module.css';

export interface AdSlotProps {
  kind: AdKind;
}

export function AdSlot({ kind }: AdSlotProps) {
  const { data, isLoading, isError } = useGetAdsConfigQuery();
  const [failed, setFailed] = useState(false);
  if (isLoading) return <div className={styles.placeholder} aria-hidden="true" />;
  const content = isError || failed ? ({ type: 'promo' } as const) : adContentFor(kind, data);
  if (content.type === 'iframe') return <IframeAd url={content.url} />;
  if (content.type === 'vast') return <SplashAd url={content.url} onFailed={() => setFailed(true)} />;
  return <HousePromo kind={kind} />;
}
