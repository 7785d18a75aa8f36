import { describe, expect, it } from 'vitest';
import { appLocationOf, decideNavigation, decideWindowOpen, externalUrl, isAppUrl } from '../src/navigation-policy.js';

const packaged = appLocationOf('app://portal/');
const dev = appLocationOf('http://localhost:5173/');

describe('isAppUrl', () => {
  it('accepts any page of the packaged app', () => {
    expect(isAppUrl('app://portal/', packaged)).toBe(true);
    expect(isAppUrl('app://portal/cases/42?tab=documents#top', packaged)).toBe(true);
    expect(isAppUrl('APP://PORTAL/index.html', packaged)).toBe(true);
  });

  it('refuses other hosts, schemes and ports', () => {
    expect(isAppUrl('app://other/', packaged)).toBe(false);
    expect(isAppUrl('https://portal/', packaged)).toBe(false);
    expect(isAppUrl('file:///index.html', packaged)).toBe(false);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('http://localhost.evil.com:5173/', dev)).toBe(false);
    expect(isAppUrl('not a url', packaged)).toBe(false);
  });

  it('follows the dev server when that is where the app lives', () => {
    expect(isAppUrl('http://localhost:5173/cases', dev)).toBe(true);
    expect(isAppUrl('app://portal/', dev)).toBe(false);
  });
});

describe('externalUrl', () => {
  it('passes http and https links', () => {
    expect(externalUrl('https://example.com/docs')).toBe('https://example.com/docs');
    expect(externalUrl('http://example.com')).toBe('http://example.com/');
  });

  it('never passes schemes that run code or programs', () => {
    for (const url of [
      'file:///C:/Windows/System32/calc.exe',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'smb://host/share',
      'ms-msdt:/id PCWDiagnostic',
      'app://portal/',
      'mailto:someone@example.com',
      '//example.com',
      '',
    ]) {
      expect(externalUrl(url), url).toBeNull();
    }
  });
});

describe('decideNavigation', () => {
  it('lets the app navigate within itself', () => {
    expect(decideNavigation('app://portal/cases', packaged)).toEqual({ action: 'allow' });
  });

  it('stops a navigation away and sends http(s) to the browser', () => {
    expect(decideNavigation('https://example.com/', packaged)).toEqual({ action: 'deny', openExternally: 'https://example.com/' });
  });

  it('stops a navigation to a dangerous scheme without opening anything', () => {
    expect(decideNavigation('file:///etc/passwd', packaged)).toEqual({ action: 'deny', openExternally: null });
    expect(decideNavigation('javascript:void(0)', packaged)).toEqual({ action: 'deny', openExternally: null });
  });
});

describe('decideWindowOpen', () => {
  it('opens only http(s) externally', () => {
    expect(decideWindowOpen('https://example.com/a')).toEqual({ openExternally: 'https://example.com/a' });
    expect(decideWindowOpen('file:///tmp/x.pdf')).toEqual({ openExternally: null });
  });
});
