import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, resolveRendererFile } from '../src/renderer-protocol.js';

const root = join('/opt', 'Compliance Portal', 'resources', 'renderer');

describe('resolveRendererFile', () => {
  it('serves index.html for the root and for client-side routes', () => {
    expect(resolveRendererFile(root, 'app://portal/')).toBe(join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://portal/cases/42')).toBe(join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://portal/cases/')).toBe(join(root, 'index.html'));
  });

  it('serves built assets by path, ignoring query and fragment', () => {
    expect(resolveRendererFile(root, 'app://portal/assets/index-abc123.js?v=1#x')).toBe(join(root, 'assets', 'index-abc123.js'));
    expect(resolveRendererFile(root, 'app://portal/assets/a%20b.css')).toBe(join(root, 'assets', 'a b.css'));
  });

  it('never serves anything outside the renderer folder', () => {
    for (const url of [
      'app://portal/../../secret.txt',
      'app://portal/%2e%2e/%2e%2e/secret.txt',
      'app://portal/assets/..%2f..%2f..%2fsecret.txt',
      'app://portal/assets/..%5c..%5csecret.txt',
      'app://portal/%00.js',
      'app://portal/%E0%A4%A.js',
    ]) {
      const file = resolveRendererFile(root, url);
      if (file !== null) expect(file.startsWith(root + '/') || file.startsWith(root + '\\'), `${url} → ${file}`).toBe(true);
    }
    expect(resolveRendererFile(root, 'app://portal/assets/..%2f..%2f..%2fsecret.txt')).toBeNull();
  });

  it('answers only its own scheme and host', () => {
    expect(resolveRendererFile(root, 'app://other/index.html')).toBeNull();
    expect(resolveRendererFile(root, 'file:///index.html')).toBeNull();
    expect(resolveRendererFile(root, 'garbage')).toBeNull();
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the page connect only to itself and the configured server', () => {
    const csp = contentSecurityPolicy('https://portal.example.com/base');
    expect(csp).toContain("connect-src 'self' https://portal.example.com wss://portal.example.com;");
    // Scripts only from the app; WebAssembly compiled (pdf.js's decoders), never eval.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("object-src 'none'");
  });

  it('uses ws: for a plain-http server', () => {
    expect(contentSecurityPolicy('http://localhost:8080')).toContain("connect-src 'self' http://localhost:8080 ws://localhost:8080;");
  });
});
