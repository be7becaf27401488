import { describe, expect, it } from 'vitest';
import { adContentFor, formatCoins, iframeSandbox, promoContent } from './ad-slots.ts';

describe('adContentFor', () => {
  const config = { iframe_url: 'https://net.example/frame?zone=1', vast_url: 'https://net.example/vast?zone=2' };

  it('shows the configured ad of the slot kind', () => {
    expect(adContentFor('iframe', config)).toEqual({ type: 'iframe', url: config.iframe_url });
    expect(adContentFor('vast', config)).toEqual({ type: 'vast', url: config.vast_url });
  });

  it('shows the house promo for a kind without a zone, or without a config', () => {
    expect(adContentFor('iframe', { ...config, iframe_url: null })).toEqual({ type: 'promo' });
    expect(adContentFor('vast', { ...config, vast_url: '' })).toEqual({ type: 'promo' });
    expect(adContentFor('vast', undefined)).toEqual({ type: 'promo' });
  });
});

describe('iframeSandbox', () => {
  it('lets a frame from another origin keep its origin, never one from the app itself', () => {
    expect(iframeSandbox('https://net.example/frame', 'https://velvet.example')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-same-origin',
    );
    expect(iframeSandbox('/ads/frame.html', 'https://velvet.example')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(iframeSandbox('https://velvet.example/x', 'https://velvet.example')).not.toContain('allow-same-origin');
  });
});

describe('promoContent', () => {
  it('reads the catalog: cheapest and biggest coin pack, the popular plan, the lowest yearly price', () => {
    const promo = promoContent();
    expect(promo.starterPack).toEqual({ amount: 3600, price: 5 });
    expect(promo.biggestPack).toEqual({ amount: 30000, price: 30 });
    expect(promo.popularPlan.name).toBe('Ultimate');
    expect(promo.lowestYearlyPrice).toBe(8);
    expect(formatCoins(12000)).toBe('12,000');
  });
});
