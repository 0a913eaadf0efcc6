// The least any Node server can do per request, as the instances phase's baseline for the cached
// home page at 200 connections (scripts/bench/wrk.ts starts it and stops it after that case): one
// file's bytes, read once, sent to every request with the given headers and nothing else.
//
//   node scripts/bench/bare-node-server.mjs PORT BODY_FILE HEADERS_FILE
//
// HEADERS_FILE is a JSON object of header names and values (wrk.ts writes the content-type and
// content-encoding the app answered with). Listens on 127.0.0.1 and prints one line once it does.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [portArgument, bodyFile, headersFile] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || !bodyFile || !headersFile) {
  console.error('usage: node scripts/bench/bare-node-server.mjs PORT BODY_FILE HEADERS_FILE');
  process.exit(2);
}

const body = readFileSync(bodyFile);
const headers = { ...JSON.parse(readFileSync(headersFile, 'utf8')), 'content-length': String(body.length) };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`bare Node server listening on 127.0.0.1:${port} (${body.length} bytes)`);
});
