// The ceiling of any Node.js server here: node:http answering fixed bytes, gzip when accepted,
// with the headers Jono sent for them (name-value pairs). Run as its own process by the reads
// benchmark: `node --import tsx bare-server.ts <port> <files.json>`, files:
// {path: {identity, gzip (base64), identityHeaders, gzipHeaders}}.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [portArg, filesArg] = process.argv.slice(2);
const files = JSON.parse(readFileSync(filesArg ?? '', 'utf8')) as Record<
  string,
  { identity: string; gzip: string; identityHeaders: string[]; gzipHeaders: string[] }
>;
const bodies = new Map(
  Object.entries(files).map(([path, f]) => {
    const identity = Buffer.from(f.identity, 'base64');
    const gzip = Buffer.from(f.gzip, 'base64');
    return [
      path,
      {
        identity,
        gzip,
        identityHeaders: [...f.identityHeaders, 'content-length', String(identity.length)],
        gzipHeaders: [...f.gzipHeaders, 'content-length', String(gzip.length)],
      },
    ];
  }),
);

createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, gzip ? body.gzipHeaders : body.identityHeaders);
  res.end(gzip ? body.gzip : body.identity);
}).listen(Number(portArg), '127.0.0.1');
