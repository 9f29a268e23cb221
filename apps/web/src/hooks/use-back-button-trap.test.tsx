import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBackButtonTrap } from './use-back-button-trap';

function Trapped({ enabled = true }: { enabled?: boolean }) {
  useBackButtonTrap(enabled);
  return null;
}

describe('useBackButtonTrap', () => {
  it('re-pushes the current entry when Back is pressed, until unmounted', () => {
    window.history.replaceState({ idx: 3 }, '', '/verify-otp');
    const before = window.history.length;
    const view = render(<Trapped />);
    expect(window.history.length).toBe(before + 1);
    expect(window.history.state).toEqual({ idx: 3 });

    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(window.history.length).toBe(before + 2);
    expect(window.location.pathname).toBe('/verify-otp');

    view.unmount();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(window.history.length).toBe(before + 2);
  });

  it('does nothing when disabled', () => {
    const before = window.history.length;
    render(<Trapped enabled={false} />);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(window.history.length).toBe(before);
  });
});
