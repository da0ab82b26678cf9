import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { StepOutput } from './StepOutput.js';

describe('step output', () => {
  it("shows stdout as logs with http(s) links only, the error in red, and 'No result' when empty", () => {
    const first = renderWithApp(
      <StepOutput
        step={{
          name: 'say',
          result: { stdout: 'see https://status.io now\njavascript:alert(1)', exitCode: 0 },
          error: 'boom',
        }}
        contentType={undefined}
      />,
    );
    expect(screen.getByRole('link', { name: 'https://status.io' })).toHaveAttribute(
      'href',
      'https://status.io',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
    expect(screen.queryByText('No result')).toBeNull();
    first.unmount();
    renderWithApp(<StepOutput step={{ name: 'say', result: {}, error: null }} contentType={undefined} />);
    expect(screen.getByText('No result')).toBeInTheDocument();
  });

  it('renders Markdown sanitised when the action declares it', () => {
    renderWithApp(
      <StepOutput
        step={{ name: 'report', result: { stdout: '## Report\n<img src=x onerror=alert(1)>' }, error: null }}
        contentType="text/markdown"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Report' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it("downloads the output as a text file: 'Downloaded logs', or 'Failed to download logs'", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // jsdom has no blob URLs: they are given for this test and taken away after it.
    const blobs = URL as unknown as { createObjectURL?: () => string; revokeObjectURL?: () => void };
    blobs.createObjectURL = () => 'blob:x';
    blobs.revokeObjectURL = () => undefined;
    try {
      renderWithApp(
        <StepOutput step={{ name: 'say', result: { stdout: 'hi' }, error: null }} contentType={undefined} />,
      );
      await user.click(screen.getByRole('button', { name: 'Download logs' }));
      expect(await screen.findByText('Downloaded logs')).toBeInTheDocument();
      expect(click).toHaveBeenCalled();

      blobs.createObjectURL = () => {
        throw new Error('no blobs');
      };
      await user.click(screen.getByRole('button', { name: 'Download logs' }));
      expect(await screen.findByText('Failed to download logs')).toBeInTheDocument();
    } finally {
      delete blobs.createObjectURL;
      delete blobs.revokeObjectURL;
    }
    click.mockRestore();
  });
});
