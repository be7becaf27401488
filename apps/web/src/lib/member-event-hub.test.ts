import { describe, expect, it } from 'vitest';
import type { TMemberEvent } from '@velvet/contracts/events/member-event';
import { memberEventHub } from './member-event-hub.ts';

describe('member event hub', () => {
  it('hands every event and every (re)opening to each subscriber until it unsubscribes', () => {
    const a: TMemberEvent[] = [];
    const b: TMemberEvent[] = [];
    let openings = 0;
    const stopA = memberEventHub.subscribe({ onEvent: (event) => a.push(event), onOpen: () => (openings += 1) });
    const stopB = memberEventHub.subscribe({ onEvent: (event) => b.push(event) });
    const balance: TMemberEvent = { type: 'balance', cur_tokens: 400 };
    memberEventHub.opened();
    memberEventHub.emit(balance);
    stopA();
    memberEventHub.emit({ type: 'image.status', image_id: 'x', status: 'complete' });
    stopB();
    memberEventHub.emit(balance);
    expect(openings).toBe(1);
    expect(a).toEqual([balance]);
    expect(b).toEqual([balance, { type: 'image.status', image_id: 'x', status: 'complete' }]);
  });
});
