// The generation screen (spec section 2): the generate feature, given the session (token, member,
// nickname), the layout's mobile breakpoint, the login modal, the balance and the toasts, and the
// shared image detail view (the 'generation' variant: every action). The store clears the generated
// groups on logout (app/store.ts).
import { useCallback } from 'react';
import { selectNickname, selectToken, selectUser, setBalance } from '../../../features/auth/slice.ts';
import { GenerateScreen } from '../../../features/generate/components/generate-screen.tsx';
import { imageFlagsChanged, type GeneratedImage, type GenerationGroup } from '../../../features/generate/slice.ts';
import { ImageDetail } from '../../../features/image-detail/components/image-detail.tsx';
import type { DetailImage, DetailImagePatch } from '../../../features/image-detail/detail-rules.ts';
import { useImageDetail } from '../../../features/image-detail/hooks/use-image-detail.ts';
import { useIsMobile } from '../../../features/layout/hooks/use-media-query.ts';
import { openModal } from '../../../features/modals/slice.ts';
import { useToast } from '../../../features/toast/use-toast.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';

/** What the detail view needs of a generated image: the group's settings, the image's status and flags. */
function detailImageOf(group: GenerationGroup, image: GeneratedImage): DetailImage {
  return {
    image_id: image.image_id,
    prompt: group.prompt,
    run_type: group.settings.model,
    run_style: group.settings.style,
    run_ratio: group.settings.ratio,
    strength: group.settings.strength,
    run_dt: group.created_at,
    is_open: image.is_open,
    is_claim: image.is_claim,
    is_delete: image.is_delete,
    status: image.status,
  };
}

export function Component() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const nickname = useAppSelector(selectNickname);
  const isMobile = useIsMobile();
  const toast = useToast();
  const detail = useImageDetail();

  const onLoginRequired = useCallback(() => dispatch(openModal('login')), [dispatch]);
  const onBalance = useCallback((balance: number) => dispatch(setBalance(balance)), [dispatch]);
  const { open } = detail;
  const onOpenImage = useCallback(
    (group: GenerationGroup, image: GeneratedImage) => open(detailImageOf(group, image)),
    [open],
  );
  const onImageChange = useCallback(
    // The slice keeps the flags (published, claimed, deleted); likes and views are the detail view's.
    (imageId: string, patch: DetailImagePatch) => dispatch(imageFlagsChanged({ image_id: imageId, ...patch })),
    [dispatch],
  );

  return (
    <>
      <GenerateScreen
        token={token}
        memberId={token ? (user?.member_id ?? null) : null}
        canGenerate={Boolean(token && user && nickname)}
        isMobile={isMobile}
        onLoginRequired={onLoginRequired}
        onBalance={onBalance}
        onOpenImage={onOpenImage}
        notify={toast}
      />
      {detail.image ? (
        <ImageDetail
          key={detail.image.image_id}
          image={detail.image}
          variant="generation"
          onClose={detail.close}
          onImageChange={onImageChange}
          onLoginRequired={onLoginRequired}
          notify={toast}
        />
      ) : null}
    </>
  );
}
