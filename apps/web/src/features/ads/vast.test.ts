import { AD_ERRORS } from '@velvet/contracts/ads/get-ads-config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdLoadError, loadVastAd, parseVast } from './vast.ts';

const NON_LINEAR = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <!-- <StaticResource>https://ads.example/commented-out.png</StaticResource> -->
  <Ad id="42">
    <InLine>
      <AdSystem>Network</AdSystem>
      <Impression><![CDATA[https://ads.example/imp?zone=7&id=42]]></Impression>
      <Creatives>
        <Creative>
          <NonLinearAds>
            <NonLinear id="splash" width="300" height="250" minSuggestedDuration="00:00:10">
              <StaticResource creativeType="image/png">
                <![CDATA[ https://cdn.example/banner.png?w=300&h=250 ]]>
              </StaticResource>
              <NonLinearClickThrough>https://advertiser.example/landing?a=1&amp;b=2</NonLinearClickThrough>
            </NonLinear>
          </NonLinearAds>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;

const COMPANION = `<vast:VAST xmlns:vast="http://www.iab.com/VAST" version="4.1"><vast:Ad><vast:InLine>
  <vast:Creatives><vast:Creative><vast:CompanionAds>
    <vast:Companion width="300" height="600">
      <vast:StaticResource creativeType="application/x-javascript">https://cdn.example/script.js</vast:StaticResource>
      <vast:StaticResource creativeType='image/jpeg'>/relative/tall.jpg</vast:StaticResource>
      <vast:CompanionClickThrough>https://advertiser.example/tall</vast:CompanionClickThrough>
    </vast:Companion>
  </vast:CompanionAds></vast:Creative></vast:Creatives>
</vast:InLine></vast:Ad></vast:VAST>`;

describe('parseVast', () => {
  it('reads the static image and the click-through of a NonLinear creative', () => {
    expect(parseVast(NON_LINEAR)).toEqual({
      kind: 'ad',
      ad: {
        imageUrl: 'https://cdn.example/banner.png?w=300&h=250',
        clickThroughUrl: 'https://advertiser.example/landing?a=1&b=2',
        impressionUrls: ['https://ads.example/imp?zone=7&id=42'],
        width: 300,
        height: 250,
      },
    });
  });

  it('handles namespace prefixes, single quotes, image types and relative URLs', () => {
    const result = parseVast(COMPANION, 'https://ads.example/vast/zone.xml');
    expect(result).toMatchObject({
      kind: 'ad',
      ad: {
        imageUrl: 'https://ads.example/relative/tall.jpg',
        clickThroughUrl: 'https://advertiser.example/tall',
        width: 300,
        height: 600,
      },
    });
  });

  it('falls back to a document-wide click-through', () => {
    const xml = `<VAST version="2.0"><Ad><InLine><Creatives><Creative><Linear><VideoClicks>
      <ClickThrough>https://advertiser.example/video</ClickThrough></VideoClicks></Linear></Creative>
      <Creative><NonLinearAds><NonLinear><StaticResource>https://cdn.example/a.gif</StaticResource></NonLinear>
      </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>`;
    expect(parseVast(xml)).toMatchObject({
      kind: 'ad',
      ad: { imageUrl: 'https://cdn.example/a.gif', clickThroughUrl: 'https://advertiser.example/video' },
    });
  });

  it("says 'could not extract ad data' when the image or the click-through is missing or unusable", () => {
    const cases = [
      '<VAST version="3.0"><Ad><InLine><Creatives/></InLine></Ad></VAST>',
      '<VAST version="3.0"/>',
      NON_LINEAR.replace(/<NonLinearClickThrough>.*<\/NonLinearClickThrough>/, ''),
      NON_LINEAR.replace(/<StaticResource[\s\S]*<\/StaticResource>/, ''),
      NON_LINEAR.replace('https://advertiser.example/landing?a=1&amp;b=2', 'javascript:alert(1)'),
      NON_LINEAR.replace('image/png', 'application/x-shockwave-flash'),
    ];
    for (const xml of cases) {
      expect(() => parseVast(xml)).toThrow(AD_ERRORS.extract);
    }
  });

  it("says 'error loading ad' for a body that is not VAST", () => {
    for (const body of ['', '<html><body>502 Bad Gateway</body></html>', '{"ok":true}', '<VAST version="3.0"><Ad>']) {
      let caught: unknown;
      try {
        parseVast(body);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AdLoadError);
      expect((caught as AdLoadError).message).toBe(AD_ERRORS.load);
    }
  });

  it('answers a wrapper with the next tag URL', () => {
    const xml = `<VAST version="3.0"><Ad><Wrapper><Impression>https://w.example/imp</Impression>
      <VASTAdTagURI><![CDATA[https://second.example/vast.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>`;
    expect(parseVast(xml)).toEqual({
      kind: 'wrapper',
      next: 'https://second.example/vast.xml',
      impressionUrls: ['https://w.example/imp'],
    });
  });
});

function respond(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/xml' } });
}

describe('loadVastAd', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches and reads the ad, following a wrapper', async () => {
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/wrapper.xml')) {
        return respond(
          '<VAST version="3.0"><Ad><Wrapper><Impression>https://w.example/imp</Impression><VASTAdTagURI>https://ads.example/inline.xml</VASTAdTagURI></Wrapper></Ad></VAST>',
        );
      }
      return respond(NON_LINEAR);
    });
    const ad = await loadVastAd('https://ads.example/wrapper.xml', { fetchFn });
    expect(ad.imageUrl).toBe('https://cdn.example/banner.png?w=300&h=250');
    expect(ad.impressionUrls).toEqual(['https://w.example/imp', 'https://ads.example/imp?zone=7&id=42']);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it("rejects with 'could not extract ad data' when the XML lacks the ad", async () => {
    const fetchFn = vi.fn(async () => respond('<VAST version="3.0"></VAST>'));
    await expect(loadVastAd('https://ads.example/zone.xml', { fetchFn })).rejects.toThrow(AD_ERRORS.extract);
  });

  it("rejects with 'error loading ad' on a network failure, an HTTP error or a non-VAST body", async () => {
    const failing = [
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      vi.fn(async () => respond('Server error', 500)),
      vi.fn(async () => respond('<html>not an ad</html>')),
    ];
    for (const fetchFn of failing) {
      await expect(loadVastAd('https://ads.example/zone.xml', { fetchFn })).rejects.toMatchObject({
        kind: 'load',
        message: AD_ERRORS.load,
      });
    }
  });

  it("rejects with 'error loading ad' when wrappers never end", async () => {
    const fetchFn = vi.fn(async () =>
      respond('<VAST><Ad><Wrapper><VASTAdTagURI>https://ads.example/again.xml</VASTAdTagURI></Wrapper></Ad></VAST>'),
    );
    await expect(loadVastAd('https://ads.example/zone.xml', { fetchFn })).rejects.toThrow(AD_ERRORS.load);
    expect(fetchFn).toHaveBeenCalledTimes(4);
  });

  it("rejects with 'ad load timed out' after 10 s and aborts the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchFn = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = loadVastAd('https://ads.example/zone.xml', { fetchFn });
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toMatchObject({ kind: 'timeout', message: AD_ERRORS.timeout });
    expect(signal?.aborted).toBe(true);
  });
});
