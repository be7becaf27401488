import { TIMINGS } from '@velvet/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { clearToasts, dismissToast, MAX_TOASTS, showToast, toastReducer } from './slice.ts';

describe('toast slice', () => {
  it('shows an info toast for 4000 ms by default', () => {
    const state = toastReducer(undefined, showToast({ message: 'Hello' }));
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ message: 'Hello', variant: 'info', durationMs: 4000 });
    expect(TIMINGS.toastDefaultMs).toBe(4000);
    expect(state.items[0]?.id).toEqual(expect.any(String));
  });

  it('keeps variant and duration when given', () => {
    const state = toastReducer(undefined, showToast({ message: 'Nope', variant: 'error', durationMs: 2000 }));
    expect(state.items[0]).toMatchObject({ variant: 'error', durationMs: 2000 });
  });

  it('an error the spec shows as an alert stays until dismissed; a success alert keeps its duration', () => {
    let state = toastReducer(undefined, showToast({ message: 'Failed', variant: 'error', alert: true }));
    expect(state.items[0]).toMatchObject({ variant: 'error', durationMs: null });
    state = toastReducer(state, showToast({ message: 'Sent', variant: 'success', alert: true }));
    expect(state.items[1]).toMatchObject({ variant: 'success', durationMs: 4000 });
    state = toastReducer(state, showToast({ message: 'Plain', variant: 'error' }));
    expect(state.items[2]).toMatchObject({ durationMs: 4000 });
  });

  it('gives every toast its own id and dismisses one by id', () => {
    let state = toastReducer(undefined, showToast({ message: 'a' }));
    state = toastReducer(state, showToast({ message: 'b', variant: 'success' }));
    const [a, b] = state.items;
    expect(a?.id).not.toBe(b?.id);
    state = toastReducer(state, dismissToast(a?.id ?? ''));
    expect(state.items.map((t) => t.message)).toEqual(['b']);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    let state = toastReducer(undefined, { type: 'init' });
    for (let i = 0; i < MAX_TOASTS + 2; i += 1) state = toastReducer(state, showToast({ message: `t${i}` }));
    expect(state.items).toHaveLength(MAX_TOASTS);
    expect(state.items[0]?.message).toBe('t2');
  });

  it('clears all', () => {
    const state = toastReducer(toastReducer(undefined, showToast({ message: 'a' })), clearToasts());
    expect(state.items).toEqual([]);
  });
});
