// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { act, Profiler } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id.ts';

function Labelled({ staticId }: { staticId?: string }) {
  const id = useId(staticId);
  return <input id={id} aria-label="field" />;
}

describe("Mantine's useId as the build gives it", () => {
  it('keeps the id the server wrote when the browser takes the page over, and a given id as given', async () => {
    const html = renderToString(<Labelled />);
    const serverId = /id="([^"]+)"/.exec(html)?.[1];
    expect(serverId).toMatch(/^mantine-/);
    const container = document.createElement('div');
    container.innerHTML = html;
    const commits: string[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <Profiler id="labelled" onRender={(_id, phase) => commits.push(phase)}>
          <Labelled />
        </Profiler>,
      );
    });
    expect(container.querySelector('input')?.id).toBe(serverId);
    // Drawn once: no second drawing to swap the id after the take-over.
    expect(commits).toEqual(['mount']);
    const other = document.createElement('div');
    await act(async () => {
      createRoot(other).render(<Labelled staticId="chosen" />);
    });
    expect(other.querySelector('input')?.id).toBe('chosen');
  });
});
