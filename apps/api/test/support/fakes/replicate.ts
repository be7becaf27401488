// A stand-in for Replicate's HTTP API: bearer-token auth, POST /v1/predictions ({ version, input,
// webhook }) and POST /v1/models/{owner}/{name}/predictions ({ input }) answer 201 with a prediction
// (id, status 'starting', urls.get / urls.cancel), GET urls.get moves it to 'processing' and then to
// its end ('succeeded' with output file URLs, or 'failed' with error), POST urls.cancel cancels it.
// `Prefer: wait` finishes the prediction within the create call and returns its files as data URLs.
// A prediction whose input has `image` is an upscaler run: its output is that picture at `scale`.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { makePng, sendBytes, sendJson, startFakeServer, type FakeServer } from './http-fake.ts';

export type ReplicateFakeMode =
  | 'ok'
  /** Predictions stay 'processing' forever. */
  | 'never'
  /** Predictions end 'failed' with an error message. */
  | 'failed'
  /** Create answers HTTP 500 / 429 / 422. */
  | 'server-error'
  | 'rate-limited'
  | 'invalid-input';

interface Prediction {
  id: string;
  model: string;
  version: string | null;
  input: Record<string, unknown>;
  status: string;
  output: string[] | null;
  error: string | null;
  polls: number;
  urls: { get: string; cancel: string };
}

export interface ReplicateFake extends FakeServer {
  mode: ReplicateFakeMode;
  token: string;
  /** GET polls that still answer 'processing'. */
  pendingPolls: number;
  predictions: Map<string, Prediction>;
}

export async function startReplicateFake(mode: ReplicateFakeMode = 'ok'): Promise<ReplicateFake> {
  const files = new Map<string, Buffer>();
  const predictions = new Map<string, Prediction>();

  function view(p: Prediction) {
    const { polls: _polls, ...rest } = p;
    return { ...rest, logs: '', created_at: new Date().toISOString(), data_removed: false };
  }

  async function finish(p: Prediction, inline: boolean): Promise<void> {
    if (fake.mode === 'failed') {
      p.status = 'failed';
      p.error = 'The model failed: invalid dimensions for this checkpoint';
      return;
    }
    let pictures: Buffer[];
    if (typeof p.input.image === 'string') {
      const source = await readFileUrl(p.input.image);
      const meta = await sharp(source).metadata();
      const scale = Number(p.input.scale ?? 4);
      pictures = [await makePng(meta.width * scale, meta.height * scale, 7)];
    } else {
      const count = Number(p.input.num_outputs ?? 1);
      pictures = [];
      for (let i = 0; i < count; i += 1) pictures.push(await makePng(Number(p.input.width), Number(p.input.height), i));
    }
    p.output = pictures.map((png, i) => {
      if (inline) return `data:image/png;base64,${png.toString('base64')}`;
      const name = `${p.id}-${i}.png`;
      files.set(name, png);
      return `${fake.url}/files/${name}`;
    });
    p.status = 'succeeded';
  }

  async function readFileUrl(url: string): Promise<Buffer> {
    const inline = /^data:[^,]*;base64,(.*)$/s.exec(url);
    if (inline) return Buffer.from(inline[1]!, 'base64');
    const file = files.get(url.slice(`${fake.url}/files/`.length));
    if (!file) throw new Error(`upscaler input ${url} is not a file of this fake`);
    return file;
  }

  const server = await startFakeServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${fake.token}`) {
      return sendJson(res, 401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    }
    const modelPath = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(req.path);
    if (req.method === 'POST' && (req.path === '/v1/predictions' || modelPath)) {
      if (fake.mode === 'server-error') return sendJson(res, 500, { title: 'Internal server error', status: 500 });
      if (fake.mode === 'rate-limited') {
        return sendJson(res, 429, { title: 'Too Many Requests', detail: 'Request was throttled.', status: 429 });
      }
      const body = req.json as { version?: string; input?: Record<string, unknown> } | undefined;
      if (fake.mode === 'invalid-input' || !body?.input || (!modelPath && !body.version)) {
        return sendJson(res, 422, {
          title: 'Input validation failed',
          detail: '- input.width: must be a multiple of 8',
          status: 422,
        });
      }
      const id = randomUUID().replace(/-/g, '').slice(0, 26);
      const p: Prediction = {
        id,
        model: modelPath ? `${modelPath[1]}/${modelPath[2]}` : 'velvet/unknown',
        version: body.version ?? null,
        input: body.input,
        status: 'starting',
        output: null,
        error: null,
        polls: 0,
        urls: { get: `${fake.url}/v1/predictions/${id}`, cancel: `${fake.url}/v1/predictions/${id}/cancel` },
      };
      predictions.set(id, p);
      if (/^wait(=\d+)?$/.test(String(req.headers.prefer ?? '')) && fake.mode !== 'never') await finish(p, true);
      return sendJson(res, 201, view(p));
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && get) {
      const p = predictions.get(get[1]!);
      if (!p) return sendJson(res, 404, { title: 'Not found', status: 404 });
      p.polls += 1;
      if (p.status === 'starting' || p.status === 'processing') {
        if (fake.mode === 'never' || p.polls <= fake.pendingPolls) p.status = 'processing';
        else await finish(p, false);
      }
      return sendJson(res, 200, view(p));
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(req.path);
    if (req.method === 'POST' && cancel) {
      const p = predictions.get(cancel[1]!);
      if (!p) return sendJson(res, 404, { title: 'Not found', status: 404 });
      if (p.status === 'starting' || p.status === 'processing') p.status = 'canceled';
      return sendJson(res, 200, view(p));
    }
    const file = /^\/files\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && file && files.has(file[1]!))
      return sendBytes(res, 200, files.get(file[1]!)!, 'image/png');
    return sendJson(res, 404, { title: 'Not found', status: 404 });
  });

  const fake: ReplicateFake = { ...server, mode, token: 'r8_fake_token_for_tests', pendingPolls: 2, predictions };
  return fake;
}
