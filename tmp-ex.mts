import { readFile } from 'node:fs/promises';
import { extractMainText } from './src/server/knowledge/connectors/web-extract';
const html = await readFile(process.argv[2]!, 'utf8');
const out = extractMainText(html, 'http://x/');
const i = out.body.indexOf(process.argv[3]!);
console.log(JSON.stringify(out.body.slice(Math.max(0, i - 600), i + 400)));
