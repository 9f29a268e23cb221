import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { RouteErrorBoundary } from './route-error-boundary';

/** The app as the browser runs it: `<BrowserRouter>` (declarative mode) at `path`. */
function openApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the app in the browser (declarative router)', () => {
  it('renders a page from the entry: an unknown path is the not-found page', async () => {
    openApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('loads a lazy page inside the server-state layout: /signup', async () => {
    openApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});

function Crashing(): never {
  throw new Error('broken screen');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page for a screen that throws, and the next page again', async () => {
    // React reports the caught error on the console; that is the boundary working, not a bug.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Pages() {
      const [path, setPath] = useState('/broken');
      return (
        <>
          <button type="button" onClick={() => setPath('/fine')}>
            Elsewhere
          </button>
          <RouteErrorBoundary pathname={path}>
            {path === '/broken' ? <Crashing /> : <p>A working page</p>}
          </RouteErrorBoundary>
        </>
      );
    }
    render(
      <MemoryRouter>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(await screen.findByText('A working page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
