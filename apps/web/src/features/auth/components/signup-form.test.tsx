import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SignupForm } from './signup-form';

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <MemoryRouter>
      <SignupForm submitting={false} onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), ' Ann ');
  await user.type(screen.getByLabelText('Last Name'), 'Lee');
  await user.type(screen.getByLabelText('Username'), 'ann@example.com');
  await user.type(screen.getByLabelText('Email'), 'Ann@Example.com');
  await user.type(screen.getByLabelText('Password'), 'kindred1');
}

describe('SignupForm', () => {
  it('enables Sign Up only when both boxes are ticked', async () => {
    const { user } = renderForm();
    const button = screen.getByRole('button', { name: 'Sign Up' });
    const terms = screen.getByRole('checkbox', { name: /terms/i });
    const age = screen.getByRole('checkbox', { name: /age/i });
    expect(button).toBeDisabled();
    await user.click(terms);
    expect(button).toBeDisabled();
    await user.click(age);
    expect(button).toBeEnabled();
    await user.click(terms);
    expect(button).toBeDisabled();
  });

  it('says before sign-up that an authenticator app is needed, with examples', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Sign up' })).toHaveTextContent(
      /You will need an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis/,
    );
  });

  it('shows the username hint and a Login link', () => {
    renderForm();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/your email/i);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
  });

  it('checks the password rules before sending', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'kindred');
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await user.click(screen.getByRole('checkbox', { name: /age/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // The form checks its values asynchronously (react-hook-form): wait for the answer.
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        /Password must contain at least one number/,
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for every field first, focusing the first empty one', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), '  ');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await user.click(screen.getByRole('checkbox', { name: /age/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByLabelText('Last Name')).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed names and the normalised email', async () => {
    const { user, onSubmit } = renderForm();
    await fillAll(user);
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await user.click(screen.getByRole('checkbox', { name: /age/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: 'Ann',
      lastName: 'Lee',
      username: 'ann@example.com',
      email: 'ann@example.com',
      password: 'kindred1',
      // The two boxes are sent too: the API refuses a sign-up without them and records them.
      legalAgeConfirmed: true,
      termsAccepted: true,
    });
  });

  it('opens the terms in a labelled modal with 9 numbered sections, closed by Close or Escape', async () => {
    const { user } = renderForm();
    const terms = screen.getByRole('checkbox', { name: /terms/i });
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    expect(terms).not.toBeChecked();
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const sections = within(dialog).getAllByRole('listitem');
    expect(sections).toHaveLength(9);
    expect(sections[0]).toHaveTextContent('1. Introduction');
    expect(sections[8]).toHaveTextContent('9. Governing Law');
    expect(within(dialog).getByRole('heading', { name: '2.1 Minimum age' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terms and Conditions' })).toHaveFocus();
  });
});
