// Toasts (spec section 3): default 4000 ms, dismissable, paused while hovered. The slice holds what
// is showing; each toast's timer runs in its component so hovering can pause it. An error the spec
// shows as an alert has no duration: it stays until dismissed.
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TIMINGS } from '@velvet/contracts/catalog';

export const TOAST_VARIANTS = ['success', 'error', 'info'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export interface Toast {
  id: string;
  message: string;
  variant: ToastVariant;
  /** null: stays until dismissed. */
  durationMs: number | null;
}

export interface ToastInput {
  message: string;
  variant?: ToastVariant;
  durationMs?: number;
  /** The spec's alert: an error then stays until dismissed (a success keeps its duration). */
  alert?: boolean;
}

export interface ToastState {
  items: Toast[];
}

/** At most this many toasts show at once; the oldest goes first. */
export const MAX_TOASTS = 5;

export const initialToastState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toast',
  initialState: initialToastState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
        if (state.items.length > MAX_TOASTS) state.items.splice(0, state.items.length - MAX_TOASTS);
      },
      prepare(input: ToastInput) {
        const variant = input.variant ?? 'info';
        const stays = input.alert === true && variant === 'error';
        return {
          payload: {
            id: nanoid(),
            message: input.message,
            variant,
            durationMs: stays ? null : (input.durationMs ?? TIMINGS.toastDefaultMs),
          } satisfies Toast,
        };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
    clearToasts() {
      return initialToastState;
    },
  },
});

export const { showToast, dismissToast, clearToasts } = toastSlice.actions;
export const toastReducer = toastSlice.reducer;
export const selectToasts = (state: { toast: ToastState }) => state.toast.items;
