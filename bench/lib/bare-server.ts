// The ceiling of any Node.js server here: node:http answering Jono's own answers, byte for byte
// and header for header (name-value pairs as Jono sent them), per path, Accept-Language (fi or
// en) and Accept-Encoding (br, gzip, none), chosen as Jono chooses. Run as its own process by the
// reads benchmark: `node --import tsx bare-server.ts <port> <variants.json>`, variants:
// {"<path>|<fi|en>|<br|gzip|identity>": {body (base64), headers}}.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [portArg, filesArg] = process.argv.slice(2);
const variants = new Map(
  Object.entries(
    JSON.parse(readFileSync(filesArg ?? '', 'utf8')) as Record<
      string,
      { body: string; headers: string[] }
    >,
  ).map(([key, v]) => {
    const body = Buffer.from(v.body, 'base64');
    return [key, { body, headers: [...v.headers, 'content-length', String(body.length)] }];
  }),
);

/** The language and encoding Jono picks for these request headers. */
export function variantKey(path: string, language = '', encoding = ''): string {
  const lang = /^\s*en\b/i.test(language) ? 'en' : 'fi';
  const enc = /\bbr\b/.test(encoding) ? 'br' : /\bgzip\b/.test(encoding) ? 'gzip' : 'identity';
  return `${path}|${lang}|${enc}`;
}

if (portArg) {
  createServer((req, res) => {
    const v = variants.get(
      variantKey(
        req.url ?? '',
        String(req.headers['accept-language'] ?? ''),
        String(req.headers['accept-encoding'] ?? ''),
      ),
    );
    if (!v) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, v.headers);
    res.end(v.body);
  }).listen(Number(portArg), '127.0.0.1');
}
