// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate } from './scroll-on-navigate.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page() {
  useScrollOnNavigate();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/business/1">A shop</Link>
      <Link to="/#shops">All shops</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <h2 id="shops">Shops</h2>
    </>
  );
}

function click(name: string) {
  const target = [...document.querySelectorAll<HTMLElement>('a, button')].find(
    (element) => element.textContent === name,
  );
  if (!target) throw new Error(`no ${name}`);
  act(() => target.click());
}

let root: Root;
let scrollTo: ReturnType<typeof vi.fn>;
let scrollIntoView: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  scrollIntoView = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  HTMLElement.prototype.scrollIntoView = scrollIntoView as unknown as HTMLElement['scrollIntoView'];
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => {
    root.render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );
  });
  scrollTo.mockClear();
});
afterEach(() => {
  act(() => root.unmount());
});

describe('scroll on navigation', () => {
  it('starts a page reached by a link at its top, or at the element its #hash names', () => {
    click('A shop');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollIntoView).not.toHaveBeenCalled();

    scrollTo.mockClear();
    click('All shops');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves back and forward to the browser', () => {
    click('A shop');
    scrollTo.mockClear();
    click('Back');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
