import { describe, expect, it } from 'vitest';
import { webUrlOf } from './leave-for.ts';

describe('leaving for a processor page', () => {
  it("follows the processor's web address as given", () => {
    const page = 'https://secure.verotel.com/startorder?shopID=117000&signature=ab12';
    expect(webUrlOf(page)).toBe(page);
    expect(webUrlOf('http://127.0.0.1:4100/cancel-subscription?saleID=1')).toBe(
      'http://127.0.0.1:4100/cancel-subscription?saleID=1',
    );
  });

  it('never a script, a relative path or garbage', () => {
    expect(webUrlOf('javascript:alert(1)')).toBeNull();
    expect(webUrlOf('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(webUrlOf('/startorder')).toBeNull();
    expect(webUrlOf('')).toBeNull();
  });
});
