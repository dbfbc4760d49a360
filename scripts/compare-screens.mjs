// Compares two folders of page screenshots (the elder audit writes them with
// `AUDIT_SCREENSHOTS=<folder>`): for each page, the share of pixels that changed, and for every
// page that changed a picture of before | after | the changed pixels in red, to look at.
//
//   node scripts/compare-screens.mjs <before> <after> [<out>]
//
// A style change that should not change the look shows 0% on every page; one that should shows
// where. Dynamic content (relative times, live states) changes a few pages between runs anyway.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const [before, after, out = path.join(after, '..', 'screens-diff')] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/compare-screens.mjs <before> <after> [<out>]');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

/** How far apart two pixels may be (sum over the channels) before they count as changed. */
const TOLERANCE = 48;

async function raw(file, width, height) {
  return sharp(file)
    .resize({ width, height, fit: 'contain', position: 'top', background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer();
}

const names = fs.readdirSync(before).filter((name) => name.endsWith('.png'));
const rows = [];
for (const name of names.sort()) {
  const afterFile = path.join(after, name);
  if (!fs.existsSync(afterFile)) {
    rows.push({ name, changed: 'missing after' });
    continue;
  }
  const [a, b] = await Promise.all([
    sharp(path.join(before, name)).metadata(),
    sharp(afterFile).metadata(),
  ]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const [pa, pb] = await Promise.all([
    raw(path.join(before, name), width, height),
    raw(afterFile, width, height),
  ]);
  const mask = Buffer.alloc(width * height * 4);
  let changed = 0;
  for (let i = 0; i < pa.length; i += 4) {
    const distance =
      Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2]);
    if (distance > TOLERANCE) {
      changed++;
      mask.set([255, 0, 0, 255], i);
    } else {
      const grey = Math.round((pa[i] + pa[i + 1] + pa[i + 2]) / 3 / 2 + 128);
      mask.set([grey, grey, grey, 255], i);
    }
  }
  const share = changed / (width * height);
  const size = a.height === b.height ? '' : ` height ${a.height} -> ${b.height}`;
  rows.push({ name, changed: `${(share * 100).toFixed(2)}%${size}` });
  if (changed > 0 || size) {
    const picture = (buffer) => ({ input: buffer, raw: { width, height, channels: 4 } });
    await sharp({
      create: { width: width * 3 + 20, height, channels: 4, background: '#000000' },
    })
      .composite([
        { ...picture(pa), left: 0, top: 0 },
        { ...picture(pb), left: width + 10, top: 0 },
        { ...picture(mask), left: 2 * width + 20, top: 0 },
      ])
      .png()
      .toFile(path.join(out, name));
  }
}
for (const name of fs.readdirSync(after).filter((n) => n.endsWith('.png'))) {
  if (!names.includes(name)) rows.push({ name, changed: 'new page' });
}
for (const row of rows) console.log(`${row.changed.padEnd(24)} ${row.name}`);
const same = rows.filter((row) => row.changed === '0.00%').length;
console.log(`\n${same} of ${rows.length} pages unchanged; pictures of the others in ${out}`);
