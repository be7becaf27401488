// Global modal flags (spec section 3, "Modal and toast state"): login, logout confirmation, card
// payment, payment method chooser (paymentKind) and crypto wallet creation. Each opens and closes on
// its own; resetModals closes them all. A 401 from any API call opens the login modal.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { unauthorized } from '../../lib/api.ts';

export const MODAL_NAMES = ['login', 'logout', 'payment', 'paymentKind', 'walletCreation'] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

export type ModalsState = Record<ModalName, boolean>;

export const initialModalsState: ModalsState = {
  login: false,
  logout: false,
  payment: false,
  paymentKind: false,
  walletCreation: false,
};

export const modalsSlice = createSlice({
  name: 'modals',
  initialState: initialModalsState,
  reducers: {
    openModal(state, action: PayloadAction<ModalName>) {
      state[action.payload] = true;
    },
    closeModal(state, action: PayloadAction<ModalName>) {
      state[action.payload] = false;
    },
    resetModals() {
      return initialModalsState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(unauthorized, (state) => {
      state.login = true;
    });
  },
});

export const { openModal, closeModal, resetModals } = modalsSlice.actions;
export const modalsReducer = modalsSlice.reducer;

type WithModals = { modals: ModalsState };
export const selectModals = (state: WithModals) => state.modals;
export const selectModalOpen = (name: ModalName) => (state: WithModals) => state.modals[name];
