import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { API_TAGS } from './openapi.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
}

interface OpenApiDocument {
  openapi: string;
  info: { title?: string; description?: string; contact?: object };
  servers?: unknown[];
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
}

/** What Spectral reports of one rule at one place (its `-f json` output). */
interface SpectralResult {
  code: string;
  message: string;
  path: string[];
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
}

/** Lints an OpenAPI document with Spectral's CLI and the repository's `.spectral.yaml`. */
async function spectralLint(document: string): Promise<SpectralResult[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  const file = path.join(folder, 'openapi.json');
  const report = path.join(folder, 'report.json');
  fs.writeFileSync(file, document);
  const cliPackage = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/package.json');
  const cli = path.join(path.dirname(cliPackage), 'dist/index.js');
  const ruleset = path.join(repoRoot, '.spectral.yaml');
  const args = [cli, 'lint', file, '--ruleset', ruleset, '--format', 'json'];
  try {
    await promisify(execFile)(
      process.execPath,
      [...args, '--output', report, '--fail-severity', 'hint', '--quiet'],
      { cwd: repoRoot },
    ).catch((error: { stderr?: string; message: string }) => {
      // Any finding makes the CLI exit non-zero; its report is in the file all the same.
      if (!fs.existsSync(report))
        throw new Error(`spectral failed: ${error.stderr || error.message}`);
    });
    return JSON.parse(fs.readFileSync(report, 'utf8')) as SpectralResult[];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('GET /api/docs', () => {
  let ctx: TestApp;
  let response: Awaited<ReturnType<TestApp['app']['inject']>>;
  let document: OpenApiDocument;
  const operations = () =>
    Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${url}`,
        ...operation,
      })),
    );

  beforeAll(async () => {
    ctx = await buildTestApp('sqlite');
    response = await ctx.app.inject({ url: '/api/docs' });
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => ctx.close());

  it('answers the OpenAPI document itself: JSON, without the envelope', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(document)).not.toEqual(expect.arrayContaining(['code', 'message']));
    expect(document.openapi).toMatch(/^3\./);
    expect(document).toEqual(JSON.parse(JSON.stringify(ctx.app.swagger())));
  });

  it('gives every operation a unique camelCase operationId, a summary and a description', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const problems = all.flatMap(({ name, operationId, summary, description }) => [
      ...(operationId && /^[a-z][A-Za-z0-9]*$/.test(operationId)
        ? []
        : [`${name}: operationId ${operationId}`]),
      ...(summary?.trim() ? [] : [`${name}: no summary`]),
      ...(description?.trim() && description !== summary ? [] : [`${name}: no description`]),
    ]);
    expect(problems).toEqual([]);
    const ids = all.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('tags every operation with one tag the document defines and describes', () => {
    const defined = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    expect([...defined.keys()].sort()).toEqual(Object.keys(API_TAGS).sort());
    for (const [name, description] of defined) expect(description, name).toBeTruthy();
    const untagged = operations()
      .filter((operation) => operation.tags?.length !== 1 || !defined.has(operation.tags[0] ?? ''))
      .map((operation) => `${operation.name}: ${JSON.stringify(operation.tags)}`);
    expect(untagged).toEqual([]);
    // Every group holds something.
    const used = new Set(operations().flatMap((operation) => operation.tags ?? []));
    expect([...defined.keys()].filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('describes the API, its contact and its server', () => {
    expect(document.info.description).toContain('{ code, message, data }');
    expect(document.info.contact).toBeTruthy();
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it('passes Spectral’s OpenAPI rules with no error and no warning', async () => {
    const findings = (await spectralLint(response.body))
      .filter((finding) => finding.severity <= 1)
      .map(
        (finding) =>
          `${finding.severity === 0 ? 'error' : 'warning'} ${finding.code} at ${finding.path.join('.')}: ${finding.message}`,
      );
    expect(findings).toEqual([]);
  }, 60_000);
});
