// Writes .br and .gz copies of a built app's text assets, so the server sends them compressed
// without compressing on every request (@fastify/static `preCompressed`).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dist directory>');
  process.exit(2);
}
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) {
      const data = readFileSync(path);
      const gz = gzipSync(data, { level: 9 });
      const br = brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      writeFileSync(`${path}.gz`, gz);
      writeFileSync(`${path}.br`, br);
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
}
walk(root);
console.log(`precompressed ${files} files in ${root}: ${before} bytes, ${after} bytes with brotli`);
