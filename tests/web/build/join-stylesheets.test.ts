import { describe, expect, it } from 'vitest';
import { joinStylesheets } from '../../../web/build/prerender';

const files: Record<string, string> = {
  '/assets/global-a1.css': 'body{margin:0}',
  '/assets/button-b2.css': '.button{color:red}',
  '/assets/input-c3.css': '.input{color:blue}',
};

function join(template: string) {
  const written = new Map<string, string>();
  const html = joinStylesheets(
    template,
    (path) => files[path] ?? '',
    (path, css) => written.set(path, css),
    'login-styles',
  );
  return { html, written };
}

describe('joinStylesheets (the prerendered /login waits for one stylesheet)', () => {
  it('links one file holding every stylesheet of the template, in their order, where the first was', () => {
    const template =
      '<head>\n    <script type="module" crossorigin src="/assets/login-x.js"></script>\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/global-a1.css">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/button-b2.css">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/input-c3.css">\n  </head>';
    const { html, written } = join(template);
    expect(written.size).toBe(1);
    const [path = '', css] = [...written][0] ?? [];
    expect(path).toMatch(/^\/assets\/login-styles-[\w-]{8}\.css$/);
    expect(css).toBe('body{margin:0}\n.button{color:red}\n.input{color:blue}');
    const enabled = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)]
      .map((m) => m[0])
      .filter((t) => !t.includes(' disabled'));
    expect(enabled).toEqual([`<link rel="stylesheet" crossorigin href="${path}">`]);
    // Still named, so a view loaded later does not fetch again what the joined file holds; not loaded.
    for (const original of Object.keys(files))
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="${original}" disabled>`);
    expect(html.indexOf(path)).toBeLessThan(html.indexOf('/assets/global-a1.css'));
    expect(html).toContain('<script type="module" crossorigin src="/assets/login-x.js"></script>');
  });

  it('names the joined file after its contents', () => {
    const a = join(
      '<link rel="stylesheet" crossorigin href="/assets/global-a1.css"><link rel="stylesheet" crossorigin href="/assets/button-b2.css">',
    );
    const b = join(
      '<link rel="stylesheet" crossorigin href="/assets/global-a1.css"><link rel="stylesheet" crossorigin href="/assets/input-c3.css">',
    );
    expect([...a.written.keys()][0]).not.toBe([...b.written.keys()][0]);
  });

  it('leaves a template with a single stylesheet as it is', () => {
    const template = '<link rel="stylesheet" crossorigin href="/assets/global-a1.css">';
    const { html, written } = join(template);
    expect(html).toBe(template);
    expect(written.size).toBe(0);
  });
});
