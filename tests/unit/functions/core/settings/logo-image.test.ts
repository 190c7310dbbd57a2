import { describe, expect, it } from 'vitest';
import { isRasterOfType, sanitizeSvg } from '@kehila/functions/core/settings/logo-image';

const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps shapes, gradients and local references as they were', () => {
    const input = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text x="1">Kehila &amp; friends</text>',
      ' viewBox="0 0 10 10"',
    );
    expect(sanitizeSvg(input)).toEqual({ ok: true, svg: input });
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script><rect/>'), svg('<rect/>')],
    ['an event handler', svg('<rect onclick="alert(1)" width="1"/>'), svg('<rect width="1"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), svg('')],
    ['foreignObject with HTML', svg('<foreignObject><body><img src="x"/></body></foreignObject>'), svg('')],
    ['an outside image', svg('<image href="https://evil.example/x.png"/>'), svg('')],
    ['an outside use reference', svg('<use href="https://evil.example/x.svg#a"/>'), svg('<use/>')],
    ['a style element', svg('<style>@import url(https://evil.example)</style>'), svg('')],
    ['an outside url in a fill', svg('<rect fill="url(https://evil.example/#a)"/>'), svg('<rect/>')],
    ['an animation that rewrites a link', svg('<set attributeName="href" to="javascript:alert(1)"/>'), svg('')],
    ['a CDATA script', svg('<script><![CDATA[alert(1)]]></script>'), svg('')],
  ])('removes %s', (_what, input, output) => {
    expect(sanitizeSvg(input)).toEqual({ ok: true, svg: output });
  });

  it('escapes text and attribute values again on the way out', () => {
    expect(sanitizeSvg(svg('<text>&lt;script&gt;</text>'))).toEqual({ ok: true, svg: svg('<text>&lt;script&gt;</text>') });
  });

  it.each([
    ['a DOCTYPE with entities', '<!DOCTYPE svg [<!ENTITY x "y">]>' + svg('<text>&x;</text>')],
    ['an unknown entity', svg('<text>&x;</text>')],
    ['a bare ampersand', svg('<text>a & b</text>')],
    ['a root that is not svg', '<html><svg/></html>'],
    ['mismatched tags', svg('<g></rect>')],
    ['an unclosed tag', '<svg><g>'],
    ['an unquoted attribute', '<svg width=10></svg>'],
    ['no markup at all', 'hello'],
    ['a code point beyond Unicode', svg('<text>&#x110000;</text>')],
  ])('refuses %s', (_what, input) => {
    expect(sanitizeSvg(input).ok).toBe(false);
  });
});

describe('isRasterOfType', () => {
  it('recognises each type by its signature, not by what the upload claimed', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect(isRasterOfType(png, 'image/png')).toBe(true);
    expect(isRasterOfType(jpeg, 'image/jpeg')).toBe(true);
    expect(isRasterOfType(webp, 'image/webp')).toBe(true);
    expect(isRasterOfType(png, 'image/jpeg')).toBe(false);
    expect(isRasterOfType(Buffer.from('<svg/>'), 'image/png')).toBe(false);
    expect(isRasterOfType(Buffer.from('RIFF'), 'image/webp')).toBe(false);
  });
});
