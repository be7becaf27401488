import { describe, expect, it } from 'vitest';
import { drawDemoImage } from '../providers/image-model/demo.ts';
import { decodeRgb, releasePixels } from './picture-pixels.ts';

const MIB = 1024 * 1024;
/** Node 24 has ArrayBuffer.prototype.transfer; Node 20 has not (CI runs both). */
const canTransfer = typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function';

describe('releasePixels', () => {
  it(`gives a decoded picture's memory back at once ${canTransfer ? '' : '(not on this Node: left to the collector)'}`, async () => {
    const picture = await decodeRgb(await drawDemoImage('a picture to release', 1024, 1024));
    expect(picture.data.length).toBe(1024 * 1024 * 3);
    const before = process.memoryUsage().external;
    releasePixels(picture);
    const freed = before - process.memoryUsage().external;
    if (canTransfer) {
      expect(picture.data.length).toBe(0);
      expect(freed).toBeGreaterThan(2.9 * MIB);
    } else {
      expect(picture.data.length).toBe(1024 * 1024 * 3);
      expect(freed).toBeLessThan(0.1 * MIB);
    }
  });

  it('leaves alone a buffer that shares its memory with other buffers', () => {
    // Small buffers are slices of one pool of Node's.
    const data = Buffer.from('three bytes');
    const neighbour = Buffer.from('its neighbour');
    expect(data.buffer).toBe(neighbour.buffer);
    releasePixels({ data, width: 1, height: 1, pictureWidth: 1, pictureHeight: 1, hadAlpha: false });
    expect(data.toString()).toBe('three bytes');
    expect(neighbour.toString()).toBe('its neighbour');
  });
});
