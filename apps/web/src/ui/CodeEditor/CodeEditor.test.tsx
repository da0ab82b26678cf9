import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer.js';
import { CodeEditor } from './CodeEditor.js';

function renderEditor(ui: React.ReactElement) {
  return render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

describe('CodeEditor', () => {
  it('loads lazily and shows the YAML with line numbers', async () => {
    renderEditor(<CodeEditor value={'name: web\nspec:\n  interval: 30s\n'} ariaLabel="Spec" />);
    // While CodeMirror loads, the text is there already (not a grey box).
    expect(document.querySelector('[aria-busy="true"]')).toHaveTextContent('name: web spec: interval: 30s');
    const editor = await screen.findByRole('textbox', { name: 'Spec' }, { timeout: 5000 });
    expect(editor).toHaveTextContent('name: web');
    expect(document.querySelector('.cm-lineNumbers')).toHaveTextContent('123');
  });

  it('reports the selected lines to the parent', async () => {
    const onSelectLines = vi.fn();
    renderEditor(
      <CodeEditor
        value={'a: 1\nb: 2\nc: 3\nd: 4\n'}
        onSelectLines={onSelectLines}
        initialSelection={{ from: 2, to: 3 }}
        ariaLabel="Spec"
      />,
    );
    await screen.findByRole('textbox', { name: 'Spec' }, { timeout: 5000 });
    await waitFor(() => expect(onSelectLines).toHaveBeenCalledWith({ from: 2, to: 3 }));
  });
});

describe('CodeEditor warnings', () => {
  it('underlines the ranges the caller warns about', { timeout: 20_000 }, async () => {
    const text = 'script: echo {{.component.name}}\n';
    const warnings = vi.fn((t: string) => [
      { from: t.indexOf('{{'), to: t.indexOf('}}') + 2, message: 'pasted' },
    ]);
    renderEditor(<CodeEditor value={text} warnings={warnings} ariaLabel="Spec" />);
    await screen.findByRole('textbox', { name: 'Spec' }, { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('.cm-lintRange-warning')).not.toBeNull(), {
      timeout: 12_000,
    });
    expect(document.querySelector('.cm-lintRange-warning')).toHaveTextContent('{{.component.name}}');
    expect(warnings).toHaveBeenCalledWith(text);
  });
});

describe('CodeEditor schema validation', () => {
  it('validates YAML against the JSON Schema at the given URL', { timeout: 20_000 }, async () => {
    const schema = {
      type: 'object',
      properties: { interval: { type: 'string' } },
      additionalProperties: false,
    };
    const server = fakeServer({ '/api/schemas/canary.schema.json': () => schema });
    renderEditor(
      <CodeEditor
        value={'interval: 30s\nunknown: 1\n'}
        jsonSchemaUrl="/api/schemas/canary.schema.json"
        ariaLabel="Spec"
      />,
    );
    await screen.findByRole('textbox', { name: 'Spec' }, { timeout: 5000 });
    expect(server.hrefs()).toContain('/api/schemas/canary.schema.json');
    await waitFor(
      () => expect(document.querySelector('.cm-lintRange-error, .cm-lintRange-warning')).not.toBeNull(),
      { timeout: 12_000 },
    );
  });
});
