// useToast(): show toasts from any component.
//   const toast = useToast();
//   toast.success('Image has been published successfully', { durationMs: TIMINGS.toastShortMs });
import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { dismissToast, showToast, type ToastInput, type ToastVariant } from './slice.ts';

type Options = Omit<ToastInput, 'message' | 'variant'>;

export interface ToastApi {
  show(input: ToastInput): string;
  success(message: string, options?: Options): string;
  error(message: string, options?: Options): string;
  info(message: string, options?: Options): string;
  dismiss(id: string): void;
}

export function useToast(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show = (input: ToastInput) => dispatch(showToast(input)).payload.id;
    const variant = (v: ToastVariant) => (message: string, options?: Options) =>
      show({ ...options, message, variant: v });
    return {
      show,
      success: variant('success'),
      error: variant('error'),
      info: variant('info'),
      dismiss: (id: string) => {
        dispatch(dismissToast(id));
      },
    };
  }, [dispatch]);
}
