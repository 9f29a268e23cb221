import { ENTITLEMENTS, PLANS, planFeatureLines, type PlansResponse } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api-client';
import { mockApi, respond } from '../../testing/api';
import { renderApp } from '../../testing/render';
import { renderWithProviders, VIEWER_ID } from '../posts/test-support';
import { ManagePhotosModal } from '../profile/components/manage-photos-modal';
import { PlanLimitDialog } from '../profile/components/plan-limit-dialog';
import { UpgradeModal } from '../profile/components/upgrade-modal';
import { PlanStep } from '../profile/wizard/plan-step';
import type { WizardForm } from '../profile/wizard/wizard-form';

/** What GET /api/plans serves, with the Beginner card changed so the test sees the server's lines. */
function servedPlans(): PlansResponse {
  return {
    success: true,
    plans: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      priceUsd: plan.priceUsd,
      priceLabel: plan.priceLabel,
      trialLabel: plan.trialLabel,
      mostPopular: plan.mostPopular,
      entitlements: ENTITLEMENTS[plan.id],
      features:
        plan.id === 'beginner'
          ? [
              { key: 'photoAllowance', text: '5 photo uploads', comingSoon: false },
              { key: 'readReceipts', text: 'Read receipts', comingSoon: true },
            ]
          : planFeatureLines(plan.id),
    })),
    afterTrial: {
      name: 'Free (trial ended)',
      entitlements: ENTITLEMENTS['trial-ended'],
      features: planFeatureLines('trial-ended'),
    },
  };
}

function WizardPlanStep() {
  const form = useForm<WizardForm>({ defaultValues: { plan: 'free' } as WizardForm });
  return (
    <FormProvider {...form}>
      <PlanStep />
    </FormProvider>
  );
}

describe('plan cards', () => {
  it('the upgrade dialog shows the lines GET /api/plans serves, marking what is coming soon', async () => {
    mockApi({ 'GET /api/plans': respond(200, servedPlans()) });
    renderWithProviders(
      <UpgradeModal open onClose={() => undefined} userId={VIEWER_ID} currentPlan="free" />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    const beginner = within(dialog).getByRole('listitem', { name: 'Beginner' });
    await waitFor(() => expect(beginner).toHaveTextContent('5 photo uploads'));
    expect(within(beginner).getByText('Read receipts').closest('li')).toHaveTextContent(
      'Read receipts · Coming soon',
    );
    const professional = within(dialog).getByRole('listitem', { name: 'Professional' });
    expect(professional).toHaveTextContent('300 MB media');
    expect(professional).toHaveTextContent('Ad-free');
    expect(dialog).not.toHaveTextContent(/stor(y|ies)|passport|tags|blogs|analytics/i);
  });

  it("the wizard's plan step shows the same served lines", async () => {
    mockApi({ 'GET /api/plans': respond(200, servedPlans()) });
    renderWithProviders(<WizardPlanStep />);
    const beginner = screen.getByRole('radio', { name: 'Beginner' });
    await waitFor(() =>
      expect(beginner).toHaveAccessibleDescription(expect.stringContaining('5 photo uploads')),
    );
    expect(screen.getByRole('radio', { name: /Trial-Free/ })).toHaveAccessibleDescription(
      expect.stringContaining('200 MB media'),
    );
  });

  it('shows the bundled lines (the same table) when the listing cannot be fetched', async () => {
    mockApi({});
    renderWithProviders(
      <UpgradeModal open onClose={() => undefined} userId={VIEWER_ID} currentPlan={null} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(dialog).getByRole('listitem', { name: 'Beginner' })).toHaveTextContent(
      '4 photo uploads',
    );
  });
});

describe('a plan refusal (403 PLAN_LIMIT) anywhere in the member area', () => {
  it('opens the upgrade dialog naming the feature and the plan that unlocks it', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    mockApi({
      'GET /api/posts': respond(200, { success: true, posts: [], nextCursor: null }),
      'GET /api/plans': respond(200, servedPlans()),
      'GET /api/users/me/privacy': respond(200, {
        success: true,
        privacy: {
          whoCanFollow: 'everyone',
          defaultCommentPolicy: 'everyone',
          whoCanMention: 'everyone',
          searchable: true,
          showLocation: true,
        },
      }),
      [`GET /api/users/${VIEWER_ID}/subscription`]: respond(200, {
        success: true,
        subscription: { planName: 'free', status: 'trial', trialEndDate: null },
      }),
      'POST /api/posts/create': respond(403, {
        success: false,
        code: 'PLAN_LIMIT',
        message:
          "Media storage: you have reached your plan's limit. Upgrade to Professional for more.",
        feature: 'mediaStorageBytes',
        requiredPlan: 'professional',
      }),
    });
    renderApp('/feed');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Create Post' }, { timeout: 5_000 }),
    );
    // The Create Post dialog's code loads when it is first opened.
    await user.type(await screen.findByLabelText('Title'), 'Holiday');
    await user.click(screen.getByRole('button', { name: 'Share to Feed' }));

    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(upgrade).getByRole('status')).toHaveTextContent(
      'Media storage: plan limit reached' +
        "Media storage: you have reached your plan's limit. Upgrade to Professional for more.",
    );
    const professional = within(upgrade).getByRole('listitem', { name: 'Professional' });
    expect(professional).toHaveTextContent('Unlocks media storage');
    await waitFor(() =>
      expect(
        within(upgrade).getByRole('button', { name: 'Trial-Free: your current plan' }),
      ).toBeDisabled(),
    );
  });
});

describe('a full photo allowance', () => {
  it('offers the plans with more photos, in the same upgrade dialog', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    mockApi({ 'GET /api/plans': respond(200, servedPlans()) });
    const photos = ['/api/media/a.webp', '/api/media/b.webp', '/api/media/c.webp'];
    renderWithProviders(
      <>
        <PlanLimitDialog />
        <ManagePhotosModal
          open
          onClose={() => undefined}
          userId={VIEWER_ID}
          plan="free"
          photos={photos}
          thumbnails={photos}
        />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'See plans with more photos' }));

    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(upgrade).getByRole('status')).toHaveTextContent(
      'Photo uploads: plan limit reached' +
        'Your Trial-Free plan allows up to 3 photos. Upgrade to add more.',
    );
    expect(within(upgrade).getByRole('listitem', { name: 'Beginner' })).toHaveTextContent(
      'Unlocks photo uploads',
    );
  });
});

function PostButton() {
  const [answered, setAnswered] = useState(0);
  const post = () =>
    void api
      .post('/posts/create')
      .catch(() => undefined)
      .finally(() => setAnswered((count) => count + 1));
  return (
    <button type="button" onClick={post}>
      Post ({answered} answered)
    </button>
  );
}

describe('a refusal no plan lifts', () => {
  it('opens no upgrade dialog (Professional past its storage: requiredPlan null)', async () => {
    window.localStorage.setItem('userId', VIEWER_ID);
    const refusal = (requiredPlan: string | null) =>
      respond(403, {
        success: false,
        code: 'PLAN_LIMIT',
        message: 'Media storage: no more room.',
        feature: 'mediaStorageBytes',
        requiredPlan,
      });
    mockApi({ 'POST /api/posts/create': refusal(null) });
    renderWithProviders(
      <>
        <PlanLimitDialog />
        <PostButton />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Post (0 answered)' }));
    await screen.findByRole('button', { name: 'Post (1 answered)' });
    expect(screen.queryByRole('dialog')).toBeNull();

    // The same refusal naming a plan does open it.
    mockApi({ 'POST /api/posts/create': refusal('professional') });
    await user.click(screen.getByRole('button', { name: 'Post (1 answered)' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeInTheDocument();
  });
});
