import { POLICY } from '@velvet/contracts/catalog';
import { ZLegalSection } from '@velvet/contracts/entities';
import { describe, expect, it } from 'vitest';
import {
  LEGAL_DOCUMENTS,
  LEGAL_LAST_UPDATED,
  PRIVACY_POLICY,
  TERMS_AND_CONDITIONS,
  paragraphs,
  parseTermsTab,
} from './content.ts';

const all = [...PRIVACY_POLICY, ...TERMS_AND_CONDITIONS];
const privacyText = PRIVACY_POLICY.map((s) => `${s.title}\n${s.content}`).join('\n');
const termsText = TERMS_AND_CONDITIONS.map((s) => `${s.title}\n${s.content}`).join('\n');
const allText = `${privacyText}\n${termsText}`;

describe('legal content', () => {
  it('has two tabs, Privacy Policy first', () => {
    expect(LEGAL_DOCUMENTS.map((doc) => [doc.tab, doc.label])).toEqual([
      ['privacy', 'Privacy Policy'],
      ['terms', 'Terms & Conditions'],
    ]);
    expect(LEGAL_LAST_UPDATED).toBe('Last updated: December 2024');
  });

  it('every section is a legal section with a unique title and real content', () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (const section of all) {
      expect(ZLegalSection.parse(section)).toEqual(section);
      expect(section.content.length).toBeGreaterThan(120);
    }
    expect(new Set(all.map((s) => s.title)).size).toBe(all.length);
  });

  it.each([
    ['the 14-day free trial', termsText, '14-day free trial'],
    ['the 30-day money-back guarantee', termsText, '30-day money-back guarantee'],
    ['refund disputes within 30 days', termsText, 'Refund disputes must be raised within 30 days'],
    ['coins are non-refundable', termsText, 'Coins are non-refundable'],
    ['the liability cap of $100', termsText, 'limited to US$100'],
    ['age 18+ only', termsText, 'at least 18 years old'],
    ['arbitration in Ontario, Canada', termsText, 'binding arbitration in Ontario, Canada'],
    ['guests browse but must register to create content', termsText, 'must register to create content'],
    ['support replies within 24 hours', termsText, 'replies within 24 hours'],
    ['privacy requests within one month', privacyText, 'handle privacy requests within one month'],
    ['data kept until deletion is requested', privacyText, 'until you request its deletion'],
    ['adults only in the privacy policy too', privacyText, 'aged 18 or older'],
  ])('states %s', (_claim, text, phrase) => {
    expect(text).toContain(phrase);
  });

  it('takes its figures from POLICY', () => {
    expect(allText).toContain(`${POLICY.freeTrialDays}-day`);
    expect(allText).toContain(`US$${POLICY.liabilityCapUsd}`);
    expect(allText).toContain(POLICY.arbitration);
  });
});

describe('parseTermsTab', () => {
  it('terms selects Terms & Conditions; anything else the Privacy Policy', () => {
    expect(parseTermsTab('terms')).toBe('terms');
    expect(parseTermsTab('privacy')).toBe('privacy');
    expect(parseTermsTab(null)).toBe('privacy');
    expect(parseTermsTab('TERMS')).toBe('privacy');
  });
});

describe('paragraphs', () => {
  it('splits on blank lines', () => {
    expect(paragraphs('One.\n\nTwo.\n  \nThree.')).toEqual(['One.', 'Two.', 'Three.']);
  });
});
