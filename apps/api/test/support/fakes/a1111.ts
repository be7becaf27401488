// A stand-in for AUTOMATIC1111 / Forge started with --api: POST /sdapi/v1/txt2img answers
// { images: [base64 PNG], parameters, info } with batch_size x n_iter pictures of width x height
// (times hr_scale with enable_hr), plus the detected map when a ControlNet unit is enabled, as the
// ControlNet extension does. --api-auth is honoured when the fake is given credentials. In 'face'
// mode every picture is a real photograph of people (the group photo that ships with
// @vladmandic/human, adults), for the picture safety check.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { makePng, sendJson, startFakeServer, type FakeServer } from './http-fake.ts';

/** The group photo of adults in @vladmandic/human's assets (17 faces; estimated ages about 30). */
export const FACE_SAMPLE_PATH = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))),
  'assets',
  'samples.jpg',
);

/** The face photo as a PNG of exactly width x height (scaled to cover, centred), as a model returns it. */
export function makeFacePng(width: number, height: number): Promise<Buffer> {
  return sharp(FACE_SAMPLE_PATH).resize(width, height, { fit: 'cover' }).png({ compressionLevel: 1 }).toBuffer();
}

export type A1111FakeMode =
  | 'ok'
  /** Never answers (a stuck generation). */
  | 'never'
  /** HTTP 500 (e.g. an exception while sampling). */
  | 'server-error'
  /** HTTP 422, FastAPI's validation error. */
  | 'invalid-request'
  /** 200 with a body that is not JSON. */
  | 'not-json'
  /** One picture less than asked for. */
  | 'too-few'
  /** Every picture is a real photograph of people's faces (FACE_SAMPLE_PATH). */
  | 'face';

interface Txt2ImgBody {
  width?: number;
  height?: number;
  batch_size?: number;
  n_iter?: number;
  enable_hr?: boolean;
  hr_scale?: number;
  alwayson_scripts?: { controlnet?: { args?: Array<{ enabled?: boolean }> } };
}

export interface A1111Fake extends FakeServer {
  mode: A1111FakeMode;
}

export async function startA1111Fake(
  mode: A1111FakeMode = 'ok',
  options: { apiAuth?: string } = {},
): Promise<A1111Fake> {
  const server = await startFakeServer(async (req, res) => {
    if (options.apiAuth) {
      const expected = `Basic ${Buffer.from(options.apiAuth).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': 'Basic', 'content-type': 'application/json' });
        return res.end(JSON.stringify({ detail: 'Incorrect username or password' }));
      }
    }
    if (req.method !== 'POST' || req.path !== '/sdapi/v1/txt2img') return sendJson(res, 404, { detail: 'Not Found' });
    switch (fake.mode) {
      case 'never':
        return; // the response is never written
      case 'server-error':
        return sendJson(res, 500, {
          error: 'RuntimeError',
          detail: '',
          body: '',
          errors: 'CUDA error: device-side assert',
        });
      case 'invalid-request':
        return sendJson(res, 422, {
          detail: [{ loc: ['body', 'width'], msg: 'value is not a valid integer', type: 'type_error.integer' }],
        });
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>Gradio is starting</html>');
      default:
        break;
    }
    const body = req.json as Txt2ImgBody;
    const scale = body.enable_hr ? Number(body.hr_scale ?? 2) : 1;
    const width = Number(body.width) * scale;
    const height = Number(body.height) * scale;
    let count = Number(body.batch_size ?? 1) * Number(body.n_iter ?? 1);
    if (fake.mode === 'too-few') count -= 1;
    const images: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const picture = fake.mode === 'face' ? await makeFacePng(width, height) : await makePng(width, height, i);
      images.push(picture.toString('base64'));
    }
    if (body.alwayson_scripts?.controlnet?.args?.some((unit) => unit.enabled)) {
      images.push((await makePng(Number(body.width), Number(body.height), 99)).toString('base64'));
    }
    return sendJson(res, 200, { images, parameters: body, info: JSON.stringify({ seed: 1, width, height }) });
  });
  const fake: A1111Fake = { ...server, mode };
  return fake;
}
