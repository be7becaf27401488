// A local stand-in for the ad network, speaking its real protocol: a VAST 3.0 document whose NonLinear
// creative has a StaticResource image and a NonLinearClickThrough (plus an Impression tracker), the
// banner image itself, and an HTML page for the iframe zone. The stack is started with ADS_VAST_URL and
// ADS_IFRAME_URL pointing here, so the grids show these ads exactly as they would a network's.
// GET /__hits answers how often each path was requested (impressions, VAST fetches).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AdServerFake {
  origin: string;
  vastUrl: string;
  iframeUrl: string;
  bannerUrl: string;
  clickThroughUrl: string;
  stop(): Promise<void>;
}

export function vastDocument(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <Ad id="velvet-e2e-splash">
    <InLine>
      <AdSystem version="1.0">E2E Ad Network</AdSystem>
      <AdTitle>Splash</AdTitle>
      <Impression><![CDATA[${origin}/impression?ad=splash]]></Impression>
      <Creatives>
        <Creative id="splash-creative">
          <NonLinearAds>
            <NonLinear id="splash" width="600" height="500" minSuggestedDuration="00:00:05">
              <StaticResource creativeType="image/svg+xml"><![CDATA[${origin}/banner.svg]]></StaticResource>
              <NonLinearClickThrough><![CDATA[${origin}/landing?ad=splash&src=velvet]]></NonLinearClickThrough>
            </NonLinear>
          </NonLinearAds>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}

const BANNER = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="500" viewBox="0 0 600 500">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/>
      <stop offset="1" stop-color="#0f766e"/>
    </linearGradient>
  </defs>
  <rect width="600" height="500" fill="url(#g)"/>
  <circle cx="480" cy="110" r="150" fill="#ffffff" fill-opacity="0.07"/>
  <circle cx="90" cy="430" r="120" fill="#ffffff" fill-opacity="0.06"/>
  <text x="48" y="210" fill="#ffffff" font-family="Arial, sans-serif" font-size="46" font-weight="700">Splash Ad</text>
  <text x="48" y="262" fill="#d1fae5" font-family="Arial, sans-serif" font-size="24">Served from a VAST StaticResource</text>
  <rect x="48" y="320" width="190" height="56" rx="28" fill="#ffffff"/>
  <text x="143" y="356" fill="#0f766e" font-family="Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle">Learn more</text>
</svg>`;

const FRAME = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ad</title>
<style>
  html,body{margin:0;height:100%;font-family:Arial,sans-serif}
  body{display:grid;place-items:center;background:linear-gradient(135deg,#312e81,#7c2d12);color:#fff;text-align:center}
  h1{margin:0 0 8px;font-size:26px} p{margin:0;opacity:.8;font-size:14px}
  a{display:inline-block;margin-top:16px;padding:10px 18px;border-radius:999px;background:#fff;color:#312e81;font-weight:700;text-decoration:none}
</style></head>
<body><main><h1 id="frame-ad">Iframe Ad</h1><p>Served by the ad network's iframe zone</p>
<a href="/landing?ad=iframe" target="_blank" rel="noopener">Visit</a></main></body></html>`;

export async function startAdServerFake(): Promise<AdServerFake> {
  const hits = new Map<string, number>();
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cache-Control', 'no-store');
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    };
    switch (url.pathname) {
      case '/vast.xml':
        return send(200, 'application/xml; charset=utf-8', vastDocument(origin));
      case '/banner.svg':
        return send(200, 'image/svg+xml', BANNER);
      case '/frame.html':
        return send(200, 'text/html; charset=utf-8', FRAME);
      case '/landing':
        return send(200, 'text/html; charset=utf-8', '<!doctype html><title>Advertiser</title><h1>Advertiser</h1>');
      case '/impression':
        return send(200, 'image/gif', '');
      case '/__hits':
        return send(200, 'application/json', JSON.stringify(Object.fromEntries(hits)));
      default:
        return send(404, 'text/plain', 'not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    vastUrl: `${origin}/vast.xml`,
    iframeUrl: `${origin}/frame.html`,
    bannerUrl: `${origin}/banner.svg`,
    clickThroughUrl: `${origin}/landing?ad=splash&src=velvet`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
