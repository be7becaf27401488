import { describe, expect, it } from 'vitest';
import { createSseParser, parseMemberEvent } from '../../lib/sse-parser.ts';
import {
  DEPOSIT_PROBLEM_TEXTS,
  OVERPAID_NOTE,
  depositView,
  isEventForDeposit,
  stepState,
  type DepositEvent,
} from './deposit-status.ts';

const base: DepositEvent = {
  type: 'deposit',
  deposit_id: 'dep_1',
  coin: 'BTC',
  status: 'pending',
  received: '0',
  requested: '0.00234468',
  outcome: null,
};
const event = (patch: Partial<DepositEvent>): DepositEvent => ({ ...base, ...patch });

describe('deposit status from events', () => {
  it('before any event: waiting for payment', () => {
    expect(depositView(null)).toEqual({
      step: 'waiting',
      problem: null,
      message: null,
      received: null,
      requested: null,
    });
  });

  it.each([
    ['pending', 'waiting'],
    ['seen', 'seen'],
    ['confirmed', 'confirmed'],
    ['credited', 'credited'],
  ] as const)('%s -> %s', (status, step) => {
    const view = depositView(event({ status }));
    expect(view.step).toBe(step);
    expect(view.problem).toBeNull();
    expect(view.message).toBeNull();
  });

  it('expired and failed tell the member that support will contact them', () => {
    for (const status of ['expired', 'failed'] as const) {
      const view = depositView(event({ status }));
      expect(view.problem).toBe(status);
      expect(view.message).toBe(DEPOSIT_PROBLEM_TEXTS[status]);
      expect(view.message).toMatch(/support team will contact you/i);
    }
  });

  it('an underpaid deposit is a problem even once confirmed', () => {
    const view = depositView(event({ status: 'confirmed', outcome: 'underpaid', received: '0.001' }));
    expect(view).toMatchObject({ step: 'confirmed', problem: 'underpaid', received: '0.001', requested: '0.00234468' });
    expect(view.message).toMatch(/less than the requested amount/);
    expect(view.message).toMatch(/support team will contact you/i);
  });

  it('a late deposit is a problem; an overpaid credited one only a note', () => {
    expect(depositView(event({ status: 'expired', outcome: 'late' })).problem).toBe('late');
    const overpaid = depositView(event({ status: 'credited', outcome: 'overpaid' }));
    expect(overpaid).toMatchObject({ step: 'credited', problem: null, message: OVERPAID_NOTE });
  });

  it('step states: done before the current step, todo after; credited is done', () => {
    const seen = depositView(event({ status: 'seen' }));
    expect(['waiting', 'seen', 'confirmed', 'credited'].map((s) => stepState(s as never, seen))).toEqual([
      'done',
      'current',
      'todo',
      'todo',
    ]);
    const credited = depositView(event({ status: 'credited' }));
    expect(stepState('credited', credited)).toBe('done');
  });

  it('matches events by deposit id, or by coin when the id is unknown', () => {
    expect(isEventForDeposit(base, { coin: 'BTC', depositId: 'dep_1' })).toBe(true);
    expect(isEventForDeposit(base, { coin: 'BTC', depositId: 'dep_2' })).toBe(false);
    expect(isEventForDeposit(base, { coin: 'BTC', depositId: null })).toBe(true);
    expect(isEventForDeposit(base, { coin: 'ETH', depositId: null })).toBe(false);
  });
});

describe('deposit events from the member event stream', () => {
  it('parses a deposit frame as the server writes it, across chunks', () => {
    const seen: DepositEvent[] = [];
    const parser = createSseParser({
      onMessage: (message) => {
        const parsed = parseMemberEvent(message);
        if (parsed?.type === 'deposit') seen.push(parsed);
      },
    });
    const credited = event({ status: 'credited', received: '0.00234468', cur_tokens: 500500, member_kind: 'level2' });
    const frame = `retry: 3000\n: connected\n\nevent: deposit\ndata: ${JSON.stringify(credited)}\n\n`;
    parser.push(frame.slice(0, 40));
    parser.push(frame.slice(40, 90));
    parser.push(frame.slice(90));
    expect(seen).toEqual([credited]);
    expect(depositView(seen[0]!).step).toBe('credited');
  });
});
