import { drawDemoImage } from './dist/providers/image-model/demo.js';
import { decodeRgb } from './dist/lib/picture-pixels.js';
import { makeThumbnail } from './dist/providers/storage/image-files.js';
import sharp from 'sharp';
import fs from 'node:fs';
sharp.cache({ memory: 8, files: 0, items: 8 }); sharp.concurrency(1);
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
const w = [];
let cpu0;
for (let i = 0; i < 60; i++) {
  if (i === 10) cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const webp = await drawDemoImage(`seed ${i} ${process.env.LABEL}`, 1024, 1024);
  const px = decodeRgb(webp);
  await px;
  await makeThumbnail(webp, px);
  if (i >= 10) w.push(performance.now() - t0);
}
const c = process.cpuUsage(cpu0);
const st = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
const rss = fs.readFileSync('/proc/self/status','utf8').match(/VmRSS:\s+(\d+)/)[1]/1024;
console.log(process.env.LABEL.padEnd(10), 'wall', med(w).toFixed(1), 'user', (c.user/50000).toFixed(1), 'sys', (c.system/50000).toFixed(1), 'minflt', st[7], 'rss', rss.toFixed(0));
