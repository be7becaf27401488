import { describe, expect, it } from 'vitest';
import { auditDiff } from './diff.ts';

describe('auditDiff', () => {
  it('lists only the fields that changed, with what they were and became', () => {
    expect(
      auditDiff({ cur_tokens: 10, role: 'member', suspended: false }, { cur_tokens: 35, role: 'member', delta: 25 }),
    ).toEqual([
      { field: 'cur_tokens', before: '10', after: '35' },
      { field: 'suspended', before: 'false', after: '—' },
      { field: 'delta', before: '—', after: '25' },
    ]);
  });

  it('handles a missing side and nulls', () => {
    expect(auditDiff(null, { muted_until: null, role: 'support' })).toEqual([
      { field: 'muted_until', before: '—', after: 'none' },
      { field: 'role', before: '—', after: 'support' },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
