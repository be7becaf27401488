// Package-wide checks: every response schema can be serialised by the API, every schema converts to
// OpenAPI, and the entity schemas agree with the catalog constants they describe.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';

type AnySchema = z.core.$ZodType;

const schemas: [string, AnySchema][] = [];
for (const [name, value] of Object.entries(contracts as Record<string, unknown>)) {
  if (value instanceof z.core.$ZodType) schemas.push([name, value]);
}
const responses = schemas.filter(([name]) => /^Z\w+Response$/.test(name));
const requests = schemas.filter(([name]) => /^Z\w+(Request|Query|Params)$/.test(name));

/** Paths inside a schema where a one-way transform sits (the API serialiser encodes responses). */
function transformsIn(schema: AnySchema, path = '$', seen = new Set<AnySchema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const child = (key: string, suffix: string) =>
    def[key] instanceof z.core.$ZodType ? transformsIn(def[key] as AnySchema, path + suffix, seen) : [];
  switch (def.type) {
    case 'transform':
      return [path];
    case 'object':
      return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, value]) =>
        transformsIn(value, `${path}.${key}`, seen),
      );
    case 'union':
      return (def.options as AnySchema[]).flatMap((option, i) => transformsIn(option, `${path}|${i}`, seen));
    case 'array':
      return child('element', '[]');
    case 'record':
      return [...child('keyType', '{key}'), ...child('valueType', '{value}')];
    case 'pipe':
      return [...child('in', '<in>'), ...child('out', '<out>')];
    default:
      return child('innerType', '');
  }
}

describe('response schemas', () => {
  it('are found', () => {
    expect(responses.length).toBeGreaterThan(25);
  });

  it.each(responses)('%s has no one-way transform, so the API can encode it', (_name, schema) => {
    expect(transformsIn(schema)).toEqual([]);
  });

  it.each(responses)('%s converts to a JSON schema', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('encode a sample as the API serialiser does', () => {
    const body = { list: [], total_count: 0, next_cursor: null };
    expect(z.encode(contracts.ZListImagesResponse, body)).toEqual(body);
  });
});

describe('request schemas', () => {
  it('are found', () => {
    expect(requests.length).toBeGreaterThan(20);
  });

  it.each(requests)('%s converts to a JSON schema of its input', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });
});

describe('entities', () => {
  it('describe the catalog constants', () => {
    for (const plan of contracts.PLANS) expect(contracts.ZPlan.parse(plan)).toEqual(plan);
    for (const pack of contracts.COIN_PACKS) expect(contracts.ZCoinPack.parse(pack)).toEqual(pack);
    for (const item of [...contracts.SERVICE_MENU_ITEMS, ...contracts.MANAGE_MENU_ITEMS]) {
      expect(contracts.ZMenuItem.parse(item)).toEqual(item);
    }
  });

  it('give the initial gallery state of the spec', () => {
    const state = contracts.createInitialGalleryState();
    expect(contracts.ZGalleryState.parse(state)).toEqual({
      images: [],
      page: 1,
      loading: false,
      hasMore: true,
      filter: 'ALL',
      sort_by: 'Latest',
      totalCount: 0,
      run_type: 'ALL',
    });
  });

  it('default payment details to a coin payment and toasts to 4000 ms', () => {
    const details = contracts.ZPaymentDetails.parse({
      billingPeriod: '',
      plan: null,
      selectedCoin: 'BTC',
      amount: 500,
      planName: '',
    });
    expect(details.paymentType).toBe('coin');
    expect(contracts.ZToast.parse({ id: '1', message: 'hi' })).toEqual({
      id: '1',
      message: 'hi',
      kind: 'info',
      durationMs: 4000,
    });
  });

  it('enable account deletion only with all four boxes ticked', () => {
    const flags = contracts.createAccountDeletionFlags();
    expect(contracts.isAccountDeletionConfirmed(flags)).toBe(false);
    expect(
      contracts.isAccountDeletionConfirmed({
        ...flags,
        accountDeletion: true,
        coinsLoss: true,
        loginRestriction: true,
      }),
    ).toBe(false);
    expect(
      contracts.isAccountDeletionConfirmed({
        accountDeletion: true,
        coinsLoss: true,
        loginRestriction: true,
        emailRestriction: true,
      }),
    ).toBe(true);
  });

  it('find plans by name regardless of case', () => {
    expect(contracts.findPlan(' ai master ')?.memberKind).toBe('level3');
    expect(contracts.findPlan('Gold')).toBeUndefined();
    expect(contracts.findCoinPack(3600)?.price).toBe(5);
  });
});

describe('storage keys', () => {
  it('are the names of the spec', () => {
    expect(contracts.STORAGE_KEYS).toEqual({
      token: 'token',
      user: 'user',
      theme: 'theme',
      serviceMenuItems: 'serviceMenuItems',
      manageMenuItems: 'manageMenuItems',
      commonCodes: 'commonCodes',
      adultConsent: 'adult-consent-given',
      galleryStore: 'galleryStore',
    });
    expect(contracts.LOGIN_REDIRECT_KEY).toBe('login_redirect');
  });
});

describe('apiPath', () => {
  it('fills and encodes params', () => {
    expect(contracts.apiPath(contracts.API_PATHS.getStatus, { id: 'abc001' })).toBe('/api/v2/status/abc001');
    expect(contracts.apiPath(contracts.API_PATHS.queryRate, { coin: 'a/b' })).toBe('/api/v2/wallet/query/a%2Fb');
    expect(contracts.apiPath(contracts.API_PATHS.selfLogin, {})).toBe('/api/auth/self-login');
  });

  it('throws on a missing param', () => {
    expect(() => contracts.apiPath('/x/:id' as string, {})).toThrow(/missing param id/);
  });

  it('maps each gallery type to its list path', () => {
    expect(contracts.GALLERY_LIST_PATHS).toEqual({
      public_gallery: '/api/v1/images',
      collection_gallery: '/api/v2/images',
      likes_gallery: '/api/v2/likeimages',
    });
  });
});
