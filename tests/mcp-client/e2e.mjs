// Drives an MCP server with the official TypeScript SDK client and reports what it saw; it asserts nothing about
// values (McpClientEndToEndTest does, against git's own output).
//
// Usage: node e2e.mjs CASES.json COMMAND [ARG...]
//   COMMAND ARG... starts the server on stdio, with this process's whole environment.
//   CASES.json: [{"name", "tool", "arguments", "structuredSchema"?, "textSchema"?, "walk"?}]: one tools/call each,
//     in order. structuredSchema (default: the tool's listed outputSchema) validates structuredContent;
//     textSchema validates the first text block parsed as JSON. walk: follow the answer as an agent would: the
//     call on its last line ("# prdiff: the next files: TOOL {...}") until an answer has none, then each file
//     the tables name with a call of its own and each file the last table lists, a file that comes in pages of
//     its lines followed page by page ("# prdiff: lines ...; the next lines: TOOL {...}") to its end; the report's
//     "walk" holds every step (tool, arguments, result, bytes: the result's length as JSON).
// Prints one JSON object on stdout. Exits 1 if the client could not connect, list tools or complete a call.
//
// Runs from tests/.cache/mcp-client, next to the node_modules `npm ci` installed there.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

// The first launch may compile the server with JBang; calls after that are quick.
const CONNECT_TIMEOUT_MS = 240_000;
const CALL_TIMEOUT_MS = 120_000;

const [casesFile, command, ...args] = process.argv.slice(2);
if (!casesFile || !command) {
  console.error('usage: node e2e.mjs CASES.json COMMAND [ARG...]');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const validator = new AjvJsonSchemaValidator();

function schemaErrors(schema, value) {
  if (schema === undefined || schema === null) return null;
  const result = validator.getValidator(schema)(value);
  return result.valid ? null : result.errorMessage;
}

function textJson(result) {
  const block = (result.content ?? []).find((c) => c.type === 'text');
  try {
    return block === undefined ? undefined : JSON.parse(block.text);
  } catch {
    return undefined;
  }
}

const NEXT = '# prdiff: the next files: ';
const LINES = '# prdiff: lines ';
const NEXT_LINES = '; the next lines: ';

/** A text's last line. */
function lastLine(text) {
  const lines = text.split('\n');
  return (lines[lines.length - 1] === '' ? lines[lines.length - 2] : lines[lines.length - 1]) ?? '';
}
const ENTRY = /^# (\S+) \+(\d+) -(\d+) (.*), (\d+) bytes(?:: (.*))?$/;
const HEADER = /^# prdiff: \d+ of \d+ files shown.*?(?:, each fetched by (.*))?$/;

/** "TOOL {JSON}" as callTool's request. */
function asCall(line) {
  const space = line.indexOf(' ');
  return { name: line.slice(0, space), arguments: JSON.parse(line.slice(space + 1)) };
}

/** The table of contents an answer opens with: the call stated once, and each file left out with its call. */
function table(text) {
  let template = null;
  const files = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('# ') || line.startsWith(NEXT)) break;
    const h = HEADER.exec(line);
    const e = ENTRY.exec(line);
    if (h) {
      template = h[1] ?? null;
    } else if (e) {
      const name = e[4].replace(/ \(from .*\)$/, '');
      files.push(e[6] ?? template.replace('"PATH"', JSON.stringify(name)));
    }
  }
  return { template, files };
}

async function walk(c) {
  const steps = [];
  const fetches = new Set();
  let next = { name: c.tool, arguments: c.arguments };
  let last = null;
  async function step(request) {
    const result = await client.callTool(request, undefined, { timeout: CALL_TIMEOUT_MS });
    steps.push({ tool: request.name, arguments: request.arguments, result,
      bytes: Buffer.byteLength(JSON.stringify(result), 'utf8') });
    return result;
  }
  while (next !== null && steps.length < 200) {
    const result = await step(next);
    const text = result.content?.[0]?.text ?? '';
    const toc = table(text);
    // A file's own call (not the template's) may name a file no later answer lists.
    for (const line of text.split('\n')) {
      const e = ENTRY.exec(line);
      if (e && e[6]) fetches.add(e[6]);
    }
    last = toc;
    const tail = lastLine(text);
    next = tail.startsWith(NEXT) ? asCall(tail.slice(NEXT.length)) : null;
  }
  for (const f of last?.files ?? []) fetches.add(f);
  for (const f of fetches) {
    // A section over the budget comes in pages of its lines, each naming the call for the next.
    let page = asCall(f);
    while (page !== null && steps.length < 400) {
      const tail = lastLine((await step(page)).content?.[0]?.text ?? '');
      const at = tail.startsWith(LINES) ? tail.indexOf(NEXT_LINES) : -1;
      page = at < 0 ? null : asCall(tail.slice(at + NEXT_LINES.length));
    }
  }
  return steps;
}

const transport = new StdioClientTransport({ command, args, env: process.env });
let negotiatedProtocolVersion = null;
// Client.connect hands the version the server answered to the transport, if the transport wants it.
transport.setProtocolVersion = (version) => {
  negotiatedProtocolVersion = version;
};
const client = new Client({ name: 'prdiff-e2e', version: '1.0.0' });

const report = { clientProtocolVersion: LATEST_PROTOCOL_VERSION, calls: [] };
let failed = false;
try {
  await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
  report.negotiatedProtocolVersion = negotiatedProtocolVersion;
  report.serverInfo = client.getServerVersion();
  report.serverCapabilities = client.getServerCapabilities();
  report.instructions = client.getInstructions();
  // listTools also primes the client's own outputSchema validation for callTool.
  report.tools = (await client.listTools()).tools;

  for (const c of cases) {
    const tool = report.tools.find((t) => t.name === c.tool);
    const call = { name: c.name, tool: c.tool, result: null, clientError: null };
    try {
      if (c.walk) {
        call.walk = await walk(c);
        report.calls.push(call);
        continue;
      }
      const result = await client.callTool({ name: c.tool, arguments: c.arguments }, undefined,
        { timeout: CALL_TIMEOUT_MS });
      call.result = result;
      const structuredSchema = c.structuredSchema ?? tool?.outputSchema;
      call.structuredContentErrors = result.structuredContent === undefined
        ? (structuredSchema && !result.isError ? 'no structuredContent' : null)
        : schemaErrors(structuredSchema, result.structuredContent);
      if (c.textSchema) {
        const json = textJson(result);
        call.textJsonErrors = json === undefined ? 'the text block is not JSON' : schemaErrors(c.textSchema, json);
      }
    } catch (e) {
      call.clientError = String(e?.stack ?? e);
      failed = true;
    }
    report.calls.push(call);
  }
} catch (e) {
  report.clientError = String(e?.stack ?? e);
  failed = true;
} finally {
  await client.close().catch(() => {});
}
process.stdout.write(JSON.stringify(report) + '\n');
process.exitCode = failed ? 1 : 0;
