// After `vite build`: write .br and .gz beside each text asset so @fastify/static can send the
// compressed file as is (preCompressed) instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = 'dist/client';
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

// Small files too (pages load many small chunks), but only where compressing makes them smaller.
function writeIfSmaller(file, content, compressed) {
  if (compressed.length < content.length) fs.writeFileSync(file, compressed);
}

for (const file of files(root)) {
  const content = fs.readFileSync(file);
  writeIfSmaller(`${file}.gz`, content, zlib.gzipSync(content, { level: 9 }));
  writeIfSmaller(
    `${file}.br`,
    content,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
