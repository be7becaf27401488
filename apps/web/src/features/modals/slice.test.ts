import { describe, expect, it } from 'vitest';
import { unauthorized } from '../../lib/api.ts';
import {
  closeModal,
  initialModalsState,
  MODAL_NAMES,
  modalsReducer,
  openModal,
  resetModals,
  selectModalOpen,
} from './slice.ts';

describe('modals slice', () => {
  it('starts with every modal closed', () => {
    expect(modalsReducer(undefined, { type: 'init' })).toEqual({
      login: false,
      logout: false,
      payment: false,
      paymentKind: false,
      walletCreation: false,
    });
  });

  it.each(MODAL_NAMES)('opens and closes %s on its own', (name) => {
    const opened = modalsReducer(initialModalsState, openModal(name));
    expect(opened[name]).toBe(true);
    for (const other of MODAL_NAMES.filter((n) => n !== name)) expect(opened[other]).toBe(false);
    expect(modalsReducer(opened, closeModal(name))[name]).toBe(false);
  });

  it('resetModals closes them all', () => {
    let state = initialModalsState;
    for (const name of MODAL_NAMES) state = modalsReducer(state, openModal(name));
    expect(Object.values(state).every(Boolean)).toBe(true);
    expect(modalsReducer(state, resetModals())).toEqual(initialModalsState);
  });

  it('an API 401 opens the login modal', () => {
    const state = modalsReducer(initialModalsState, unauthorized({ endpoint: 'x' }));
    expect(state.login).toBe(true);
    expect(selectModalOpen('login')({ modals: state })).toBe(true);
  });
});
