// The ceiling of any Node.js server here: node:http answering fixed bytes, gzip when accepted,
// with only the headers an API needs. Run as its own process by the reads benchmark:
// `node --import tsx bare-server.ts <port> <files.json>`, files: {path: {identity, gzip}} (base64).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [portArg, filesArg] = process.argv.slice(2);
const files = JSON.parse(readFileSync(filesArg ?? '', 'utf8')) as Record<
  string,
  { identity: string; gzip: string }
>;
const bodies = new Map(
  Object.entries(files).map(([path, f]) => [
    path,
    { identity: Buffer.from(f.identity, 'base64'), gzip: Buffer.from(f.gzip, 'base64') },
  ]),
);

createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const bytes = gzip ? body.gzip : body.identity;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    vary: 'accept-encoding',
  });
  res.end(bytes);
}).listen(Number(portArg), '127.0.0.1');
