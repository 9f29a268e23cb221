import { REPORT_MESSAGES } from '@kindred/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { ReportDialog, type ReportTarget } from './report-dialog';

const POST_ID = '44444444-4444-4444-8444-444444444444';
const target: ReportTarget = { targetType: 'post', targetId: POST_ID, memberName: 'Ana Silva' };

function renderDialog() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportDialog open target={target} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

describe('the report dialog', () => {
  it('sends the reason, the note and "Also block" for the post it was opened on', async () => {
    const calls = mockApi({
      'POST /api/reports': respond(201, {
        success: true,
        message: REPORT_MESSAGES.sentAndBlocked,
        report: { _id: '55555555-5555-4555-8555-555555555555', status: 'open' },
        blocked: true,
      }),
    });
    const { onClose, user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Report this post' });
    const reasons = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Spam',
      'Harassment',
      'Fake profile',
      'Underage',
      'Nudity or sexual content',
      'Violence',
      'Other',
    ]);

    await user.click(within(reasons).getByRole('radio', { name: 'Harassment' }));
    await user.type(within(dialog).getByLabelText(/Anything moderators should know/), 'Every day');
    expect(within(dialog).getByText('9 / 1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also block Ana Silva' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        key: 'POST /api/reports',
        body: {
          targetType: 'post',
          targetId: POST_ID,
          reason: 'harassment',
          note: 'Every day',
          block: true,
        },
      },
    ]);
  });

  it('asks for a reason before sending anything', async () => {
    const calls = mockApi({});
    const { onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose a reason')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on "already reported" (by its code) and says a refusal inside the dialog', async () => {
    mockApi({
      'POST /api/reports': respond(409, {
        success: false,
        message: REPORT_MESSAGES.alreadyReported,
        code: 'ALREADY_REPORTED',
      }),
    });
    const first = renderDialog();
    await first.user.click(screen.getByRole('radio', { name: 'Spam' }));
    await first.user.click(screen.getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(first.onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open with the server’s refusal in it', async () => {
    mockApi({
      'POST /api/reports': respond(404, {
        success: false,
        message: REPORT_MESSAGES.notFound,
        code: 'NOT_FOUND',
      }),
    });
    const { onClose, user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Violence' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this post' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.notFound);
    expect(onClose).not.toHaveBeenCalled();
  });
});
