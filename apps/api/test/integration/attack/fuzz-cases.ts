// The fuzz cases of one operation, generated from its OpenAPI description (parameters and JSON body):
// each case changes one thing of a plausible request. Seeded: the same document gives the same cases.
import {
  sampleValue,
  shorten,
  schemaTypes,
  wrongTypeValue,
  type JsonSchema,
  type Operation,
  type Random,
  type RawRequest,
} from '../../support/attack.ts';

export interface FuzzCase extends RawRequest {
  /** What the case tries, for the failure list. */
  name: string;
}

const MB = 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };

/** Strings that upset parsers, databases and renderers. */
const NUL = 'before\u0000after';
const CONTROL = 'a\u0001b\u0007c\u001bd\u007fe\u0085f\u2028g';
const UNICODE = '\u202Eevil\u202C مرحبا שלום 👩‍👩‍👧‍👦🔥 e\u0301\u0308\u0327 Z\u0351\u0352\u0353 \uFEFF\uD800';
/** Literals spliced into JSON text as they are (some are not valid JSON on purpose). */
const NUMERIC_LITERALS = ['NaN', '1e309', '-0', '123456789012345678901234567890', '-9007199254740993', '1e-400'];
const PATH_VALUES: Array<[string, string]> = [
  ['dot-dot slash (encoded)', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['dot-dot (raw segments)', '../../../etc/passwd'],
  ['%00 alone', '%00'],
  ['%00 inside', 'abc%00def'],
  ['101 characters', 'a'.repeat(101)],
  ['5000 characters', 'A1'.repeat(2500)],
  ['bad %-encoding', '%E0%A4%A'],
  ['lone %', 'abc%'],
  ['unicode', encodeURIComponent('👩‍👩‍👧‍👦\u202Ee\u0301')],
  ['control characters', '%01%1B%7F'],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['-0', '-0'],
  ['huge integer', '99999999999999999999999999'],
];
const QUERY_VALUES: Array<[string, string]> = [
  ['%00', 'a%00b'],
  ['control characters', '%01%1B%7F'],
  ['bad %-encoding', '%E0%A4%A'],
  ['unicode', encodeURIComponent(UNICODE.replace('\uD800', ''))],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['-0', '-0'],
  ['huge integer', '99999999999999999999999999'],
  ['100 KB', 'q'.repeat(100 * 1024)],
];

function bodyFields(schema: JsonSchema | undefined): Array<[string, JsonSchema]> {
  return Object.entries(schema?.properties ?? {});
}

/** JSON text of `body` with `field`'s value replaced by a raw literal (which may not be valid JSON). */
function withRawValue(body: Record<string, unknown>, field: string, literal: string): string {
  const marker = '__FUZZ_RAW_VALUE__';
  return JSON.stringify({ ...body, [field]: marker }).replace(JSON.stringify(marker), literal);
}

function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? '');
}

export function fuzzCases(op: Operation, rnd: Random): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const basePath: Record<string, string> = {};
  for (const p of pathParams) basePath[p.name] = encodeURIComponent(String(sampleValue(p.schema, rnd, p.name)));
  const url = fillPath(op, basePath);
  const hasBody = op.body !== undefined;
  const base = hasBody ? (sampleValue(op.body, rnd) as Record<string, unknown>) : undefined;
  const basePayload = base ? JSON.stringify(base) : undefined;
  const plain = (name: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({
    name,
    method: op.method,
    url,
    ...(basePayload !== undefined ? { payload: basePayload, headers: { ...JSON_TYPE } } : {}),
    ...extra,
  });

  cases.push(plain('plausible request'));
  cases.push(plain('garbage bearer token', { headers: { authorization: 'Bearer not.a.token', ...JSON_TYPE } }));
  cases.push(plain('basic authorization', { headers: { authorization: 'Basic Zm9vOmJhcg==', ...JSON_TYPE } }));

  // Path parameters: traversal, NUL, long, badly encoded, odd numbers.
  for (const p of pathParams) {
    for (const [label, value] of rnd.some(PATH_VALUES, 10)) {
      cases.push(plain(`path ${p.name}: ${label}`, { url: fillPath(op, { ...basePath, [p.name]: value }) }));
    }
  }
  if (pathParams.length > 0) cases.push(plain('path: empty segment', { url: fillPath(op, {}) }));

  // Query parameters: each documented one gets a few hostile values; one unknown parameter too.
  for (const p of rnd.some(queryParams, 4)) {
    for (const [label, value] of rnd.some(QUERY_VALUES, 4)) {
      cases.push(plain(`query ${p.name}: ${label}`, { url: `${url}?${p.name}=${value}` }));
    }
    cases.push(plain(`query ${p.name}: repeated`, { url: `${url}?${p.name}=1&${p.name}=2` }));
    cases.push(plain(`query ${p.name}: object syntax`, { url: `${url}?${p.name}[a]=1` }));
  }
  cases.push(plain('query: unknown parameter with NUL and bad encoding', { url: `${url}?zz=%00&yy=%E0%A4%A` }));
  cases.push(plain('query: __proto__ keys', { url: `${url}?__proto__[role]=admin&constructor[prototype][x]=1` }));
  cases.push(plain('query: 100 KB unknown parameter', { url: `${url}?pad=${'p'.repeat(100 * 1024)}` }));
  cases.push(plain('trailing slash', { url: `${url}/` }));
  cases.push(plain('doubled slashes', { url: url.replace(/\//g, '//') }));
  // Headers: odd values in the ones the app or its plugins read.
  const header = (name: string, value: string) =>
    plain(`header ${name}: ${shorten(value, 30)}`, { headers: { ...(basePayload ? JSON_TYPE : {}), [name]: value } });
  cases.push(header('x-forwarded-for', '127.0.0.1, ::1, not-an-ip, 999.1.1.1'));
  cases.push(header('if-none-match', `"${'x'.repeat(5000)}"`));
  cases.push(header('accept-encoding', 'gzip;q=NaN, br;q=1e309, zstd, *;q=-0'));
  cases.push(header('accept', 'text/html;q=x, */*;q=1e309'));
  cases.push(header('cookie', `a=${'c'.repeat(8 * 1024)}`));
  cases.push(header('range', 'bytes=999999999999-,-0'));
  cases.push(header('x-http-method-override', 'DELETE'));

  if (op.method === 'GET') {
    cases.push(plain('invalid JSON body on a read', { payload: '{"a": [1, 2', headers: { ...JSON_TYPE } }));
    return cases;
  }

  // Bodies every writing operation must survive, documented body or not.
  cases.push(plain('invalid JSON', { payload: '{"a": [1, 2', headers: { ...JSON_TYPE } }));
  cases.push(plain('empty body with a JSON content type', { payload: '', headers: { ...JSON_TYPE } }));
  cases.push(plain('no body and no content type', { payload: undefined, headers: {} }));
  cases.push(plain('JSON null', { payload: 'null', headers: { ...JSON_TYPE } }));
  cases.push(plain('JSON array', { payload: '[]', headers: { ...JSON_TYPE } }));
  cases.push(plain('JSON string', { payload: '"text"', headers: { ...JSON_TYPE } }));
  cases.push(
    plain('text/plain content type', { headers: { 'content-type': 'text/plain' }, payload: basePayload ?? 'hello' }),
  );
  cases.push(
    plain('form content type', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&b=%00',
    }),
  );
  cases.push(
    plain('multipart content type', {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
    }),
  );
  cases.push(plain('JSON with a bad charset', { headers: { 'content-type': 'application/json; charset=utf-7' } }));
  cases.push(
    plain('1 MB body', { payload: JSON.stringify({ ...base, pad: 'x'.repeat(MB) }), headers: { ...JSON_TYPE } }),
  );
  cases.push(
    plain('__proto__ and constructor keys', {
      payload: `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}${basePayload ? `,${basePayload.slice(1)}` : '}'}`,
      headers: { ...JSON_TYPE },
    }),
  );
  cases.push(
    plain('deeply nested arrays', { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: { ...JSON_TYPE } }),
  );
  if (!base) return cases;

  // A documented body: one field at a time.
  const fields = bodyFields(op.body);
  const stringFields = fields.filter(([, s]) => schemaTypes(s).has('string')).map(([name]) => name);
  const required = op.body?.required ?? [];
  const json = (name: string, value: unknown): FuzzCase => plain(name, { payload: JSON.stringify(value) });

  for (const field of rnd.some(required, 5)) {
    const { [field]: _dropped, ...rest } = base;
    cases.push(json(`body ${field}: missing`, rest));
  }
  for (const [field, schema] of rnd.some(fields, 5)) {
    cases.push(json(`body ${field}: wrong type`, { ...base, [field]: wrongTypeValue(schema, rnd) }));
  }
  for (const field of rnd.some(stringFields, 6)) cases.push(json(`body ${field}: NUL`, { ...base, [field]: NUL }));
  if (stringFields.length > 0) {
    const all = (value: string) => Object.fromEntries(stringFields.map((f) => [f, value]));
    cases.push(json('body strings: control characters', { ...base, ...all(CONTROL) }));
    cases.push(json('body strings: RTL, emoji, combining, lone surrogate', { ...base, ...all(UNICODE) }));
    const big = rnd.pick(stringFields);
    cases.push(json(`body ${big}: 1 MB string`, { ...base, [big]: 'ä'.repeat(MB / 2) }));
    cases.push(json(`body ${big}: 200 KB string`, { ...base, [big]: 'b'.repeat(200 * 1024) }));
  }
  for (const literal of NUMERIC_LITERALS) {
    const [field] = rnd.pick(fields) ?? ['n'];
    cases.push(plain(`body ${field}: ${literal}`, { payload: withRawValue(base, field, literal) }));
  }
  cases.push(json('body: unknown extra field', { ...base, is_admin: true, cost: -1 }));
  return cases;
}
