// The claimed picture, fetched with the support person's token (the image is private; only the
// console's claim image route serves it to support).
import { useSelector } from 'react-redux';
import { selectBearerToken } from '../../../lib/api.ts';
import { useAuthorizedImage } from '../../../lib/use-authorized-image.ts';
import styles from './claims.module.css';

export function ClaimThumb({ url, prompt }: { url: string; prompt: string }) {
  const token = useSelector(selectBearerToken);
  const picture = useAuthorizedImage(url, token);
  if (!picture.src) {
    return <span className={styles.thumbEmpty}>{picture.loading ? '…' : 'No picture'}</span>;
  }
  return <img className={styles.thumb} src={picture.src} alt={`Claimed image: ${prompt}`} data-testid="claim-image" />;
}
