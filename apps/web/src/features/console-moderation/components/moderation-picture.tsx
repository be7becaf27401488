// The picture under review, fetched with the support person's token from an admin route (a held
// picture is never served to members; a hidden reported one neither). Blurred until shown.
import { useSelector } from 'react-redux';
import { Button } from '../../../components/ui/button.tsx';
import { selectBearerToken } from '../../../lib/api.ts';
import { useAuthorizedImage } from '../../../lib/use-authorized-image.ts';
import styles from './moderation.module.css';

export function ModerationPicture({
  path,
  prompt,
  blurred,
  onToggleBlur,
}: {
  path: string | null;
  prompt: string;
  blurred: boolean;
  onToggleBlur: () => void;
}) {
  const token = useSelector(selectBearerToken);
  const picture = useAuthorizedImage(path, token);
  return (
    <figure className={styles.picture}>
      {picture.src ? (
        <img
          src={picture.src}
          alt={`Picture under review: ${prompt}`}
          className={blurred ? styles.blurred : undefined}
          data-testid="moderation-picture"
        />
      ) : (
        <div className={styles.pictureEmpty}>
          {picture.loading ? 'Loading…' : path ? (picture.error ?? 'No picture') : 'No stored copy'}
        </div>
      )}
      <figcaption>
        <Button size="sm" variant="secondary" onClick={onToggleBlur} aria-pressed={!blurred} disabled={!picture.src}>
          {blurred ? 'Show picture' : 'Blur picture'}
        </Button>
      </figcaption>
    </figure>
  );
}
