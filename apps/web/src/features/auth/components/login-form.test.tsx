import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

function renderForm(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm submitting={false} onSubmit={onSubmit} {...props} />
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

describe('LoginForm', () => {
  it('has the spec fields, the three boxes and a Sign Up link', () => {
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: /legal age/i })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /newsletter/i })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('says "Please fill in all fields" for an empty form', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // The form checks its values asynchronously (react-hook-form): wait for the answer.
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the legal-age box, marking it invalid', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const box = screen.getByRole('checkbox', { name: /legal age/i });
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(
      'You must confirm that you are of legal age to use this platform',
    );
  });

  it('reports a short password and then a malformed email on their fields', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('checkbox', { name: /legal age/i }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Password must be at least 6 characters long',
      ),
    );
    await user.type(screen.getByLabelText('Password'), '6');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    );
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('submits on Enter with the email lower-cased and trimmed', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Email'), '  Ann@Example.COM ');
    await user.click(screen.getByRole('checkbox', { name: /legal age/i }));
    await user.click(screen.getByRole('checkbox', { name: /newsletter/i }));
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ann@example.com',
      password: 'secret1',
      rememberMe: false,
      newsletter: true,
    });
  });

  it('prefills a remembered email with Remember me ticked', () => {
    renderForm({ initialEmail: 'ann@example.com', initialRememberMe: true });
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  it('reads "Signing In..." and is disabled while submitting', () => {
    renderForm({ submitting: true });
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  });
});
