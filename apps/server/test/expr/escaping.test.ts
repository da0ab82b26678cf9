import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { escapeMarkdownText, evalCel, markdownValues, renderTemplate } from '../../src/expr/index.js';

/** A value an event could carry: command substitutions, backticks and both quotes. */
const HOSTILE = `x-$(touch /tmp/PWNED-expr);\`id\`'"`;

/** What bash makes of words: the characters each stands for, nothing run (one bash for all). */
function shellWords(words: string[]): string[] {
  const out = execFileSync('bash', ['-c', `printf '%s\\0' ${words.join(' ')}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shellQuote: one inert shell word in every template form', () => {
  const data = { component: { name: HOSTILE }, params: { note: HOSTILE } };

  it('quotes in {{ }}, in $( ) and in CEL, and bash reads the value back byte for byte', () => {
    const forms = [
      renderTemplate('{{ .component.name | shellQuote }}', data),
      renderTemplate('{{ shellQuote .params.note }}', data),
      renderTemplate('$(.params.note | shellQuote)', data),
      String(evalCel('shellQuote(component.name)', data)),
      String(evalCel('params.note.shellQuote()', data)),
    ];
    for (const word of forms) expect(word).toBe(`'x-$(touch /tmp/PWNED-expr);\`id\`'"'"'"'`);
    expect(shellWords(forms)).toEqual(forms.map(() => HOSTILE));
  });
});

describe('Markdown bodies: printed values are text', () => {
  const md = (template: string, data: unknown) => renderTemplate(template, data, markdownValues());

  it('escapes what an action prints and leaves the template text as Markdown', () => {
    const data = {
      check: { name: 'api_gateway', message: '[Re-authenticate](https://evil.example/sso-login) <b>x</b>' },
    };
    expect(md('**{{ .check.name }}**: {{ .check.message }} [View](http://console/x)', data)).toBe(
      '**api_gateway**: \\[Re-authenticate\\](https://evil.example/sso-login) \\<b\\>x\\</b\\> [View](http://console/x)',
    );
  });

  it('inserts a value as Markdown with the markdown function', () => {
    const data = { check: { message: '[Re-authenticate](https://evil.example/sso-login)' } };
    expect(md('{{ .check.message | markdown }} / {{ markdown .check.message }}', data)).toBe(
      '[Re-authenticate](https://evil.example/sso-login) / [Re-authenticate](https://evil.example/sso-login)',
    );
  });

  it('escapes emphasis, code and line-start markers, but not an underscore inside a word', () => {
    expect(escapeMarkdownText('*a* `b` ~c~ _d_ e_f \\ !')).toBe('\\*a\\* \\`b\\` \\~c\\~ \\_d\\_ e_f \\\\ !');
    expect(escapeMarkdownText('# title\n- item\n1. one\n+ x\n===')).toBe(
      '\\# title\n\\- item\n1\\. one\n\\+ x\n\\===',
    );
    // In the middle of a line a leading # or - is only text.
    expect(escapeMarkdownText('# not a heading here', { lineStart: false })).toBe('# not a heading here');
    expect(md('Status: {{ .s }}\n{{ .s }}', { s: '# big' })).toBe('Status: # big\n\\# big');
  });

  it('leaves values alone without the option', () => {
    expect(renderTemplate('{{ .m }}', { m: '[x](y)' })).toBe('[x](y)');
  });
});
