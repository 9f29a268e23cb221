import { IMAGE_SAFETY_MESSAGES, REPORT_MESSAGES } from '@kindred/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { respond } from '../../testing/api';
import { mockApi, renderApp, type ApiCall } from '../../testing/render';
import { closeLiveConnection } from '../notifications';
import { installFakeEventSource, openStreams } from '../notifications/test-support';
import {
  ana,
  ANA_ID,
  bruno,
  buildConversation,
  buildMessage,
  CONVERSATION_ID,
  conversationList,
  messagePage,
  OTHER_CONVERSATION_ID,
  unreadTotal,
  VIEWER_ID,
} from './test-support';

/** The lazily loaded member screens take a moment to arrive on a loaded machine. */
const SLOW = { timeout: 10_000 };

afterEach(() => closeLiveConnection());

function signIn() {
  window.localStorage.setItem('userId', VIEWER_ID);
  window.localStorage.setItem('firstName', 'Bea');
}

/**
 * The live stream opens; the member area's messages (loaded after the page) read the unread total
 * then, and listen from there on.
 */
async function openLiveStream(calls: ApiCall[]) {
  await waitFor(() => expect(openStreams()).toHaveLength(1));
  openStreams()[0]!.open();
  await waitFor(() =>
    expect(calls.some((c) => c.key === 'GET /api/conversations/unread-count')).toBe(true),
  );
}

/** The header's Messages link, whose name carries the unread total. */
function headerMessages() {
  return within(screen.getByRole('banner')).getByRole('link', { name: /^Messages/ });
}

const conversationUrl = `/api/conversations/${CONVERSATION_ID}`;

describe('the conversation list', () => {
  it('shows each conversation with its last message and unread count, and the total in the header', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(3),
      'GET /api/conversations': conversationList([
        buildConversation({
          unreadCount: 3,
          lastMessage: buildMessage({ text: 'Are you free on Friday?' }),
        }),
        buildConversation({
          _id: OTHER_CONVERSATION_ID,
          member: bruno,
          lastMessage: buildMessage({
            conversationId: OTHER_CONVERSATION_ID,
            mine: true,
            senderId: VIEWER_ID,
            text: 'See you!',
          }),
        }),
      ]),
    });
    renderApp('/messages');

    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName(/Ana Lima.*Are you free on Friday\?.*3 unread/);
    expect(rows[0]).toHaveAttribute('href', `/messages/${CONVERSATION_ID}`);
    expect(rows[1]).toHaveAccessibleName(/Bruno Costa.*You: See you!/);
    expect(rows[1]).not.toHaveAccessibleName(/unread/);
    await waitFor(() => expect(headerMessages()).toHaveAccessibleName('Messages, 3 unread'));
  });

  it('shows the photo-verified mark beside a photo-verified member, in the list and the conversation', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'GET /api/conversations': conversationList([
        buildConversation({ member: { ...ana, photoVerified: true } }),
        buildConversation({ _id: OTHER_CONVERSATION_ID, member: bruno }),
      ]),
      [`GET ${conversationUrl}/messages`]: messagePage(
        buildConversation({ member: { ...ana, photoVerified: true } }),
        [],
      ),
    });
    const user = userEvent.setup();
    renderApp('/messages');

    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const [anaRow, brunoRow] = within(list).getAllByRole('link');
    expect(within(anaRow!).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
    expect(within(anaRow!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(brunoRow!).queryByRole('img', { name: 'Photo verified' })).toBeNull();
    expect(within(brunoRow!).queryByRole('img', { name: 'Verified' })).toBeNull();

    await user.click(anaRow!);
    const title = await screen.findByRole('heading', { level: 1, name: /Ana Lima/ }, SLOW);
    expect(within(title).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
  });

  it('says so when there are none, and loads older conversations with "Load more"', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'GET /api/conversations': (_body, url) =>
        url.searchParams.get('cursor') === 'next'
          ? conversationList([buildConversation({ _id: OTHER_CONVERSATION_ID, member: bruno })])
          : conversationList([buildConversation()], 'next'),
    });
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(
      calls.filter((c) => c.key === 'GET /api/conversations').map((c) => c.url.search),
    ).toEqual(['', '?cursor=next']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the empty state', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'GET /api/conversations': conversationList([]),
    });
    renderApp('/messages');
    expect(
      await screen.findByRole('heading', { name: 'No conversations yet.' }, SLOW),
    ).toBeInTheDocument();
  });
});

describe('live messages', () => {
  it('a message arriving moves its conversation up, with the new preview and one more unread, and bumps the header', async () => {
    signIn();
    installFakeEventSource();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'GET /api/conversations': conversationList([
        buildConversation({
          _id: OTHER_CONVERSATION_ID,
          member: bruno,
          lastMessage: buildMessage({ conversationId: OTHER_CONVERSATION_ID, text: 'Hi Bea' }),
        }),
        buildConversation({ lastMessage: buildMessage({ text: 'Old news', mine: true }) }),
      ]),
    });
    // The shell loads its messages part after the page; here it is there before the list is.
    await import('./components/member-messages');
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(/Bruno/);
    const [stream] = openStreams();

    stream!.emit('message', {
      conversationId: CONVERSATION_ID,
      chatMessage: buildMessage({ text: 'Coffee tomorrow?', createdAt: new Date().toISOString() }),
      unreadTotal: 1,
    });

    await waitFor(() =>
      expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(
        /Ana Lima.*Coffee tomorrow\?.*1 unread/,
      ),
    );
    await waitFor(() => expect(headerMessages()).toHaveAccessibleName('Messages, 1 unread'));
  });

  it('a message arriving in the open conversation is shown at the end and read at once', async () => {
    signIn();
    installFakeEventSource();
    let total = 0;
    const calls = mockApi({
      'GET /api/conversations/unread-count': () => unreadTotal(total),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), [
        buildMessage({ text: 'First' }),
      ]),
      [`POST ${conversationUrl}/read`]: () => {
        total = 0;
        return { body: { success: true, message: 'Conversation marked as read', unreadTotal: 0 } };
      },
    });
    renderApp(`/messages/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', { name: 'Conversation with Ana Lima' }, SLOW);
    expect(calls.some((c) => c.key === `POST ${conversationUrl}/read`)).toBe(false);
    await openLiveStream(calls);

    total = 1;
    openStreams()[0]!.emit('message', {
      conversationId: CONVERSATION_ID,
      chatMessage: buildMessage({ text: 'Second', createdAt: new Date().toISOString() }),
      unreadTotal: 1,
    });

    await waitFor(() =>
      expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Second'),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `POST ${conversationUrl}/read`)).toHaveLength(1),
    );
    await waitFor(() => expect(headerMessages()).toHaveAccessibleName('Messages'));
  });
});

describe('a conversation', () => {
  it('opens from the list: newest message at the bottom, older ones above, and reading clears the badges', async () => {
    signIn();
    let read = false;
    const conversation = () => buildConversation({ unreadCount: read ? 0 : 2 });
    const calls = mockApi({
      'GET /api/conversations': () => conversationList([conversation()]),
      [`GET ${conversationUrl}/messages`]: (_body, url) =>
        url.searchParams.get('cursor') === 'older'
          ? messagePage(conversation(), [buildMessage({ text: 'The very first' })])
          : messagePage(
              conversation(),
              [buildMessage({ text: 'Newest' }), buildMessage({ text: 'Middle' })],
              'older',
            ),
      [`POST ${conversationUrl}/read`]: () => {
        read = true;
        return respond(200, {
          success: true,
          message: 'Conversation marked as read',
          unreadTotal: 0,
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/messages');
    const row = await screen.findByRole('link', { name: /Ana Lima.*2 unread/ }, SLOW);
    await waitFor(() => expect(headerMessages()).toHaveAccessibleName('Messages, 2 unread'));
    await user.click(row);

    const log = await screen.findByRole('log', { name: 'Conversation with Ana Lima' }, SLOW);
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Middle'), expect.stringContaining('Newest')]);
    expect(screen.getByRole('heading', { level: 1, name: /Ana Lima/ })).toBeInTheDocument();

    // Opened: what was unread is read, and the header's total follows the answer.
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `POST ${conversationUrl}/read`)).toHaveLength(1),
    );
    await waitFor(() => expect(headerMessages()).toHaveAccessibleName('Messages'));

    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('The very first');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();

    // Back in the list, the conversation has nothing unread.
    await user.click(screen.getByRole('link', { name: 'All messages' }));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link')).not.toHaveAccessibleName(/unread/);
    expect(calls.filter((c) => c.key === `POST ${conversationUrl}/read`)).toHaveLength(1);
  });

  it('sends a message, which appears at the end, and empties the box', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), [
        buildMessage({ text: 'Hi!' }),
      ]),
      [`POST ${conversationUrl}/messages`]: (body) =>
        respond(201, {
          success: true,
          message: 'Message sent',
          chatMessage: buildMessage({
            mine: true,
            senderId: VIEWER_ID,
            text: (body as { text: string }).text,
            createdAt: new Date().toISOString(),
          }),
        }),
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', {}, SLOW);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.type(box, 'Hello Ana');
    expect(screen.getByText('9 / 2000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('You: Hello Ana');
    expect(calls.find((c) => c.key === `POST ${conversationUrl}/messages`)?.body).toEqual({
      text: 'Hello Ana',
    });
    expect(box).toHaveValue('');
  });

  it('refuses more than 2000 characters before sending', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), []),
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    await user.click(box);
    await user.paste('x'.repeat(2001));
    expect(screen.getByText('2001 / 2000')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Messages must be 2000 characters or fewer',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(calls.some((c) => c.key === `POST ${conversationUrl}/messages`)).toBe(false);
  });

  it('sends an image with its description as a multipart upload', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), []),
      [`POST ${conversationUrl}/messages`]: respond(201, {
        success: true,
        message: 'Message sent',
        chatMessage: buildMessage({
          mine: true,
          senderId: VIEWER_ID,
          text: null,
          image: {
            url: '/api/media/m1.webp',
            altText: 'A red kite',
            width: 40,
            height: 30,
            sensitive: false,
          },
        }),
      }),
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'kite.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add image'), file);
    await user.type(
      screen.getByRole('textbox', { name: IMAGE_SAFETY_MESSAGES.altTextPrompt }),
      'A red kite',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('img', { name: 'A red kite' })).toHaveAttribute(
      'src',
      '/api/media/m1.webp',
    );
    const sent = calls.find((c) => c.key === `POST ${conversationUrl}/messages`)!.body as FormData;
    expect(sent.get('image')).toMatchObject({ type: 'image/png', size: 4 });
    expect(sent.get('altText')).toBe('A red kite');
    expect(sent.has('text')).toBe(false);
  });

  it("covers the other member's sensitive image until tapped, and uncovers it when its score clears it", async () => {
    signIn();
    installFakeEventSource();
    const image = {
      url: '/api/media/m2.webp',
      altText: 'A beach',
      width: 40,
      height: 30,
      sensitive: true,
    };
    const message = buildMessage({ text: null, image });
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), [message]),
      [`POST ${conversationUrl}/read`]: {
        body: { success: true, message: 'Conversation marked as read', unreadTotal: 0 },
      },
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    const cover = await screen.findByRole('button', { name: IMAGE_SAFETY_MESSAGES.cover }, SLOW);
    // Covered: out of reach of screen readers, the button is all they meet.
    expect(screen.queryByRole('img', { name: 'A beach' })).not.toBeInTheDocument();
    await user.click(cover);
    expect(screen.getByRole('img', { name: 'A beach' })).toHaveAttribute('src', image.url);
    await user.click(screen.getByRole('button', { name: IMAGE_SAFETY_MESSAGES.hideAgain }));
    expect(screen.queryByRole('img', { name: 'A beach' })).not.toBeInTheDocument();

    // The model scored it harmless: the stream sends the message again, uncovered.
    await openLiveStream(calls);
    openStreams()[0]!.emit('message', {
      conversationId: CONVERSATION_ID,
      chatMessage: { ...message, image: { ...image, sensitive: false } },
      unreadTotal: 0,
    });
    expect(await screen.findByRole('img', { name: 'A beach' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: IMAGE_SAFETY_MESSAGES.cover }),
    ).not.toBeInTheDocument();
  });

  it('opens the upgrade dialog when the plan refuses a first message', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'GET /api/plans': respond(200, { success: true, plans: [] }),
      [`GET /api/users/${VIEWER_ID}/subscription`]: respond(200, {
        success: true,
        subscription: { planName: 'free', status: 'trial', trialEndDate: null },
      }),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), []),
      [`POST ${conversationUrl}/messages`]: respond(403, {
        success: false,
        code: 'PLAN_LIMIT',
        message: 'You have reached your first messages for today',
        feature: 'firstMessagesPerDay',
        requiredPlan: 'beginner',
      }),
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }, SLOW), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hi');
  });

  for (const refusal of [
    {
      why: 'does not take messages from strangers',
      code: 'MESSAGE_NOT_ALLOWED',
      says: 'This member only receives messages from people they know',
    },
    {
      why: 'takes first messages from photo-verified members only',
      code: 'PHOTO_VERIFICATION_REQUIRED',
      says: 'This member only receives messages from photo-verified members. Verify your photos in Settings to write to them.',
    },
  ]) {
    it(`says clearly when the member ${refusal.why}`, async () => {
      signIn();
      mockApi({
        'GET /api/conversations/unread-count': unreadTotal(0),
        [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), []),
        [`POST ${conversationUrl}/messages`]: respond(403, {
          success: false,
          code: refusal.code,
          message: 'A server message the web does not show',
        }),
      });
      const user = userEvent.setup();
      renderApp(`/messages/${CONVERSATION_ID}`);
      await user.type(await screen.findByRole('textbox', { name: 'Message' }, SLOW), 'Hi');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(refusal.says);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }

  it("shows links in a stranger's first message as plain text, and others' as links", async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), [
        buildMessage({ text: 'Later: https://kindred.test/later', linksAllowed: true }),
        buildMessage({ text: 'Visit https://prizes.test/win now', linksAllowed: false }),
      ]),
    });
    renderApp(`/messages/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', {}, SLOW);
    const [stranger, later] = within(log).getAllByRole('listitem');
    expect(stranger).toHaveTextContent('Visit https://prizes.test/win now');
    expect(within(stranger!).queryByRole('link')).toBeNull();
    expect(
      within(later!).getByRole('link', { name: 'https://kindred.test/later' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  });

  it('deletes an own message after a confirmation, leaving "message deleted"', async () => {
    signIn();
    const mine = buildMessage({ mine: true, senderId: VIEWER_ID, text: 'Oops, wrong chat' });
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), [
        mine,
        buildMessage({ text: 'Theirs' }),
      ]),
      [`DELETE ${conversationUrl}/messages/${mine._id}`]: respond(200, {
        success: true,
        message: 'Message deleted',
        chatMessage: { ...mine, text: null, deleted: true },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', {}, SLOW);
    const [theirs, own] = within(log).getAllByRole('listitem');
    // Only one's own messages can be deleted; the other member's can be reported.
    await user.click(
      within(theirs!).getByRole('button', { name: 'More actions for this message' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Report message' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete message' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(own!).getByRole('button', { name: 'More actions for this message' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('message deleted'),
    );
    expect(within(log).queryByText('Oops, wrong chat')).toBeNull();
    expect(calls.some((c) => c.key === `DELETE ${conversationUrl}/messages/${mine._id}`)).toBe(
      true,
    );
  });

  it('says "Seen" under the last own message only when the API gives the read time', async () => {
    signIn();
    const sent = buildMessage({ mine: true, senderId: VIEWER_ID, text: 'Sent one' });
    const page = (memberReadAt: string | null) =>
      messagePage(buildConversation({ memberReadAt }), [sent, buildMessage({ text: 'Before' })]);
    let readAt: string | null = null;
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: () => page(readAt),
    });
    const first = renderApp(`/messages/${CONVERSATION_ID}`);
    await screen.findByRole('log', {}, SLOW);
    expect(screen.queryByText('Seen')).toBeNull();
    first.unmount();

    readAt = new Date().toISOString();
    renderApp(`/messages/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', {}, SLOW);
    expect(within(within(log).getAllByRole('listitem')[1]!).getByText('Seen')).toBeInTheDocument();
  });

  it('shows a closed conversation without a composer', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      [`GET ${conversationUrl}/messages`]: respond(403, {
        success: false,
        code: 'CONVERSATION_CLOSED',
        message: 'This conversation is closed',
      }),
    });
    renderApp(`/messages/${CONVERSATION_ID}`);
    expect(await screen.findByText('This conversation is closed', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

describe('reporting a message', () => {
  it("sends the other member's message to the moderators from its menu", async () => {
    signIn();
    const theirs = buildMessage({ text: 'Send me money' });
    const calls = mockApi({
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), [theirs]),
      'POST /api/reports': respond(201, {
        success: true,
        message: REPORT_MESSAGES.sent,
        report: { _id: '55555555-5555-4555-8555-555555555555', status: 'open' },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/messages/${CONVERSATION_ID}`);
    const log = await screen.findByRole('log', {}, SLOW);
    await user.click(within(log).getByRole('button', { name: 'More actions for this message' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/reports')?.body).toMatchObject({
      targetType: 'message',
      targetId: theirs._id,
      reason: 'spam',
    });
  });
});

describe('/messages?with=<userId>', () => {
  it('opens the conversation with the member and goes there', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'POST /api/conversations': respond(200, {
        success: true,
        conversation: buildConversation(),
      }),
      [`GET ${conversationUrl}/messages`]: messagePage(buildConversation(), []),
    });
    const view = renderApp(`/messages?with=${ANA_ID}`);
    await screen.findByRole('log', {}, SLOW);
    expect(view.pathname()).toBe(`/messages/${CONVERSATION_ID}`);
    expect(calls.filter((c) => c.key === 'POST /api/conversations').map((c) => c.body)).toEqual([
      { userId: ANA_ID },
    ]);
  });

  it('says why when the member does not take messages', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'POST /api/conversations': respond(403, {
        success: false,
        code: 'MESSAGE_NOT_ALLOWED',
        message: 'This member only receives messages from people they know',
      }),
    });
    const view = renderApp(`/messages?with=${ANA_ID}`);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'This member only receives messages from people they know',
    );
    expect(view.pathname()).toBe('/messages');
  });

  it('offers to verify photos when the member takes messages from photo-verified members only', async () => {
    signIn();
    mockApi({
      'GET /api/conversations/unread-count': unreadTotal(0),
      'POST /api/conversations': respond(403, {
        success: false,
        code: 'PHOTO_VERIFICATION_REQUIRED',
        message: 'A server message the web does not show',
      }),
    });
    renderApp(`/messages?with=${ANA_ID}`);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'This member only receives messages from photo-verified members.',
    );
    expect(screen.getByRole('link', { name: 'Verify your photos' })).toHaveAttribute(
      'href',
      '/settings/photo-verification',
    );
  });
});
