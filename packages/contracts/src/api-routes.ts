import { z } from 'zod';
import {
  ChangeEmailResponseSchema,
  CitySearchResponseSchema,
  CommentsResponseSchema,
  CreateCommentResponseSchema,
  CreatePostResponseSchema,
  EndOtherSessionsResponseSchema,
  ErrorResponseSchema,
  FollowCountsResponseSchema,
  FollowListResponseSchema,
  FollowRequestAnswerResponseSchema,
  FollowRequestPageSchema,
  FollowToggleResponseSchema,
  ForgotPasswordResponseSchema,
  HealthResponseSchema,
  IsFollowingResponseSchema,
  LikeResponseSchema,
  LoginResponseSchema,
  MEMBER_DATA,
  MentionSearchResponseSchema,
  MessageResponseSchema,
  ModerationLogResponseSchema,
  ModerationQueueResponseSchema,
  PhoneSendCodeResponseSchema,
  PhoneVerifyResponseSchema,
  PhotoOrderResponseSchema,
  PlansResponseSchema,
  MyEntitlementsResponseSchema,
  PostPageSchema,
  PostResponseSchema,
  PrivacySettingsResponseSchema,
  ProfileResponseSchema,
  ReportResponseSchema,
  ResolveReportResponseSchema,
  RecoveryCodesResponseSchema,
  RecoveryCodesStatusResponseSchema,
  ResetPasswordResponseSchema,
  ReverseGeocodeResponseSchema,
  SavePrivacySettingsResponseSchema,
  SelectPlanResponseSchema,
  SendOtpResponseSchema,
  SessionsResponseSchema,
  SignupResponseSchema,
  SubscriptionResponseSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorVerifyResponseSchema,
  UpdateCommentResponseSchema,
  UpdatePostResponseSchema,
  UploadPhotoResponseSchema,
  UserResponseSchema,
  UserSearchResponseSchema,
  VerificationRequiredResponseSchema,
  VerifyEmailChangeResponseSchema,
  VerifyOtpResponseSchema,
  BlockResponseSchema,
  MuteResponseSchema,
  MuteStateResponseSchema,
  RestrictedMemberPageSchema,
} from './responses.js';
import {
  PhotoChallengeResponseSchema,
  PhotoVerificationDecisionResponseSchema,
  PhotoVerificationDecisionSchema,
  PhotoVerificationFieldsSchema,
  PhotoVerificationQueueResponseSchema,
  PhotoVerificationResponseSchema,
  PhotoVerificationStatusResponseSchema,
} from './photo-verification.js';
import {
  MarkNotificationsReadResponseSchema,
  NotificationPageSchema,
  NotificationSettingsResponseSchema,
  SaveNotificationSettingsResponseSchema,
} from './notifications.js';
import {
  ChatMessagePageSchema,
  ChatMessageResponseSchema,
  ConversationListSchema,
  ConversationPageQuerySchema,
  ConversationResponseSchema,
  MarkConversationReadResponseSchema,
  MESSAGE_IMAGE_FIELD,
  MessagesUnreadResponseSchema,
  OpenConversationSchema,
  SendMessageSchema,
} from './messages.js';
import {
  BillingResponseSchema,
  CancelPlanResponseSchema,
  CancelTestCheckoutResponseSchema,
  CheckoutResponseSchema,
  CompleteTestCheckoutResponseSchema,
  TestCheckoutSessionResponseSchema,
  WebhookResponseSchema,
} from './billing.js';

import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  CheckoutRequestSchema,
  CitySearchQuerySchema,
  CreateCommentSchema,
  CreatePostSchema,
  CreateTopLevelCommentSchema,
  FollowSchema,
  ForgotPasswordRequestSchema,
  GeneralFeedQuerySchema,
  LikePostSchema,
  LoginRequestSchema,
  MarkNotificationsReadSchema,
  MemberTargetSchema,
  ModerationQueueQuerySchema,
  NotificationSettingsSchema,
  NotificationsQuerySchema,
  PageQuerySchema,
  PhoneSendCodeRequestSchema,
  PhoneVerifyRequestSchema,
  PhotoReorderRequestSchema,
  PrivacySettingsSchema,
  ProfileCreateRequestSchema,
  ProfileUpdateRequestSchema,
  RegenerateRecoveryCodesRequestSchema,
  ReportRequestSchema,
  ResetPasswordRequestSchema,
  ResolveReportSchema,
  ReverseGeocodeQuerySchema,
  SelectPlanRequestSchema,
  SendOtpRequestSchema,
  SignupRequestSchema,
  TwoFactorSetupRequestSchema,
  TwoFactorVerifyRequestSchema,
  UpdateCommentSchema,
  UpdatePostSchema,
  UserSearchQuerySchema,
  VerifyEmailChangeRequestSchema,
  VerifyOtpRequestSchema,
} from './index.js';
import {
  LikeProfileResponseSchema,
  LikesYouResponseSchema,
  MatchPageSchema,
  PassProfileResponseSchema,
  ProfileTargetSchema,
  UnmatchResponseSchema,
  VisitorPageSchema,
} from './matches.js';
import { OpenApiDocumentSchema, ReadyResponseSchema } from './operations.js';
import {
  PhotoAltTextRequestSchema,
  PhotoUploadFieldsSchema,
  SensitiveMediaSettingsResponseSchema,
  SensitiveMediaSettingsSchema,
} from './image-safety.js';
import {
  BoostResponseSchema,
  BoostStatusSchema,
  DiscoverPageSchema,
  DiscoverQuerySchema,
} from './discovery.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Express pattern, from the origin (`/api/profile/:id`). */
  path: `/api/${string}`;
  /**
   * The success body's schema; `'file'` for routes that answer with a file, `'event-stream'` for
   * Server-Sent Events (text/event-stream), `'html'` for a page (the API document's browser), not JSON.
   */
  response: z.ZodType | 'file' | 'event-stream' | 'html';
  /** Error bodies that carry more than `ErrorResponseSchema`, by status. */
  errors?: Readonly<Record<number, z.ZodType>>;
  /** The request body's schema (JSON, or the text fields of a multipart upload). */
  body?: z.core.$ZodType;
  /** Set for a multipart/form-data upload: the name of its file field. */
  upload?: string;
  /** The query string's schema. */
  query?: z.core.$ZodType;
}

/**
 * Every route the API serves, with the schema of what it answers. The API's tests check that the
 * app has no route missing here and validate every body they receive against it; the
 * disabled-member test visits every GET whose answer carries member data.
 */
export const API_ROUTES = [
  {
    method: 'GET',
    path: '/api/health',
    response: HealthResponseSchema,
    errors: { 503: ErrorResponseSchema },
  },
  // Operators: readiness (liveness is /api/health) and the API document
  {
    method: 'GET',
    path: '/api/ready',
    response: ReadyResponseSchema,
    errors: { 503: ReadyResponseSchema },
  },
  { method: 'GET', path: '/api/openapi.json', response: OpenApiDocumentSchema },
  { method: 'GET', path: '/api/docs', response: 'html' },
  { method: 'GET', path: '/api/media/:key', response: 'file' },

  // Account entry
  {
    method: 'POST',
    path: '/api/users/signup',
    body: SignupRequestSchema,
    response: SignupResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/users/login',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    // 403: past the email deadline (what to do next), or a suspended account (a plain error).
    errors: { 403: z.union([VerificationRequiredResponseSchema, ErrorResponseSchema]) },
  },
  { method: 'POST', path: '/api/users/logout', response: MessageResponseSchema },
  {
    method: 'POST',
    path: '/api/users/password/forgot',
    body: ForgotPasswordRequestSchema,
    response: ForgotPasswordResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/users/password/reset',
    body: ResetPasswordRequestSchema,
    response: ResetPasswordResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/send-otp',
    body: SendOtpRequestSchema,
    response: SendOtpResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/verify-otp',
    body: VerifyOtpRequestSchema,
    response: VerifyOtpResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/2fa/setup',
    body: TwoFactorSetupRequestSchema,
    response: TwoFactorSetupResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/2fa/verify',
    body: TwoFactorVerifyRequestSchema,
    response: TwoFactorVerifyResponseSchema,
  },
  { method: 'GET', path: '/api/2fa/recovery-codes', response: RecoveryCodesStatusResponseSchema },
  {
    method: 'POST',
    path: '/api/2fa/recovery-codes',
    body: RegenerateRecoveryCodesRequestSchema,
    response: RecoveryCodesResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/phone/send-code',
    body: PhoneSendCodeRequestSchema,
    response: PhoneSendCodeResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/phone/verify',
    body: PhoneVerifyRequestSchema,
    response: PhoneVerifyResponseSchema,
  },

  // Profiles
  {
    method: 'POST',
    path: '/api/profile/create',
    body: ProfileCreateRequestSchema,
    response: MessageResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/profile/upload-photo',
    upload: 'photo',
    body: PhotoUploadFieldsSchema,
    response: UploadPhotoResponseSchema,
  },
  {
    method: 'PATCH',
    path: '/api/profile/photos/:filename',
    body: PhotoAltTextRequestSchema,
    response: PhotoOrderResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/profile/update/:userId',
    body: ProfileUpdateRequestSchema,
    response: PhotoOrderResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/profile/photos/order',
    body: PhotoReorderRequestSchema,
    response: PhotoOrderResponseSchema,
  },
  {
    method: 'DELETE',
    path: '/api/profile/photo/:userId/:filename',
    response: MessageResponseSchema,
  },
  { method: 'GET', path: '/api/profile/:id', response: ProfileResponseSchema },

  // Members
  {
    method: 'GET',
    path: '/api/users/search',
    query: UserSearchQuerySchema,
    response: z.union([UserSearchResponseSchema, MentionSearchResponseSchema]),
  },
  { method: 'GET', path: '/api/users/me/privacy', response: PrivacySettingsResponseSchema },
  {
    method: 'GET',
    path: '/api/users/me/sensitive-media',
    response: SensitiveMediaSettingsResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/users/me/sensitive-media',
    body: SensitiveMediaSettingsSchema,
    response: SensitiveMediaSettingsResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/users/me/notification-settings',
    response: NotificationSettingsResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/users/me/notification-settings',
    body: NotificationSettingsSchema,
    response: SaveNotificationSettingsResponseSchema,
  },
  {
    method: 'PUT',
    path: '/api/users/me/privacy',
    body: PrivacySettingsSchema,
    response: SavePrivacySettingsResponseSchema,
  },
  // Account settings: the member's own password and email address
  {
    method: 'POST',
    path: '/api/users/me/password',
    body: ChangePasswordRequestSchema,
    response: MessageResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/users/me/email',
    body: ChangeEmailRequestSchema,
    response: ChangeEmailResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/users/me/email/verify',
    body: VerifyEmailChangeRequestSchema,
    response: VerifyEmailChangeResponseSchema,
  },
  // Account settings: the member's own sessions and devices
  { method: 'GET', path: '/api/users/me/sessions', response: SessionsResponseSchema },
  { method: 'DELETE', path: '/api/users/me/sessions/:id', response: MessageResponseSchema },
  { method: 'DELETE', path: '/api/users/me/sessions', response: EndOtherSessionsResponseSchema },
  { method: 'GET', path: '/api/users/:id', response: UserResponseSchema },
  { method: 'GET', path: '/api/users/:id/subscription', response: SubscriptionResponseSchema },
  { method: 'POST', path: '/api/users/:id/disable', response: MessageResponseSchema },
  { method: 'DELETE', path: '/api/users/:id', response: MessageResponseSchema },
  {
    method: 'POST',
    path: '/api/subscription/select-plan',
    body: SelectPlanRequestSchema,
    response: SelectPlanResponseSchema,
  },
  { method: 'GET', path: '/api/plans', response: PlansResponseSchema },
  { method: 'GET', path: '/api/entitlements', response: MyEntitlementsResponseSchema },
  // Paying for a plan (the webhook is Stripe's, signed, not a member's)
  {
    method: 'POST',
    path: '/api/subscription/checkout',
    body: CheckoutRequestSchema,
    response: CheckoutResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/subscription/checkout/test/:sessionId',
    response: TestCheckoutSessionResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/subscription/checkout/test/:sessionId/complete',
    response: CompleteTestCheckoutResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/subscription/checkout/test/:sessionId/cancel',
    response: CancelTestCheckoutResponseSchema,
  },
  { method: 'GET', path: '/api/subscription/billing', response: BillingResponseSchema },
  { method: 'POST', path: '/api/subscription/cancel', response: CancelPlanResponseSchema },
  { method: 'POST', path: '/api/subscription/webhook', response: WebhookResponseSchema },

  // Places
  {
    method: 'GET',
    path: '/api/geo/reverse',
    query: ReverseGeocodeQuerySchema,
    response: ReverseGeocodeResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/geo/cities',
    query: CitySearchQuerySchema,
    response: CitySearchResponseSchema,
  },

  // Posts and comments
  { method: 'GET', path: '/api/posts', query: GeneralFeedQuerySchema, response: PostPageSchema },
  {
    method: 'GET',
    path: '/api/posts/following/:id',
    query: PageQuerySchema,
    response: PostPageSchema,
  },
  { method: 'GET', path: '/api/posts/user/:id', query: PageQuerySchema, response: PostPageSchema },
  { method: 'GET', path: '/api/posts/:postId', response: PostResponseSchema },
  {
    method: 'POST',
    path: '/api/posts/create',
    upload: 'media',
    body: CreatePostSchema,
    response: CreatePostResponseSchema,
  },
  { method: 'POST', path: '/api/posts/like', body: LikePostSchema, response: LikeResponseSchema },
  { method: 'DELETE', path: '/api/posts/:postId', response: MessageResponseSchema },
  {
    method: 'PATCH',
    path: '/api/posts/:postId',
    body: UpdatePostSchema,
    response: UpdatePostResponseSchema,
  },
  { method: 'GET', path: '/api/posts/:postId/comments', response: CommentsResponseSchema },
  {
    method: 'POST',
    path: '/api/posts/:postId/comments',
    body: CreateCommentSchema,
    response: CreateCommentResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/posts/comment',
    body: CreateTopLevelCommentSchema,
    response: CreateCommentResponseSchema,
  },
  {
    method: 'DELETE',
    path: '/api/posts/:postId/comments/:commentId',
    response: MessageResponseSchema,
  },
  {
    method: 'PATCH',
    path: '/api/posts/:postId/comments/:commentId',
    body: UpdateCommentSchema,
    response: UpdateCommentResponseSchema,
  },

  // Following
  {
    method: 'POST',
    path: '/api/connections/isFollowing',
    body: FollowSchema,
    response: IsFollowingResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/connections/follow',
    body: FollowSchema,
    response: FollowToggleResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/connections/getFollowersAndFollowings/:id',
    response: FollowCountsResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/connections/followers/:id',
    query: PageQuerySchema,
    response: FollowListResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/connections/following/:id',
    query: PageQuerySchema,
    response: FollowListResponseSchema,
  },

  // Blocks and mutes
  { method: 'POST', path: '/api/blocks', body: MemberTargetSchema, response: BlockResponseSchema },
  { method: 'DELETE', path: '/api/blocks/:userId', response: BlockResponseSchema },
  {
    method: 'GET',
    path: '/api/blocks',
    query: PageQuerySchema,
    response: RestrictedMemberPageSchema,
  },
  { method: 'POST', path: '/api/mutes', body: MemberTargetSchema, response: MuteResponseSchema },
  { method: 'DELETE', path: '/api/mutes/:userId', response: MuteResponseSchema },
  {
    method: 'GET',
    path: '/api/mutes',
    query: PageQuerySchema,
    response: RestrictedMemberPageSchema,
  },
  { method: 'GET', path: '/api/mutes/:userId', response: MuteStateResponseSchema },

  // Photo verification (the member) and its review (moderators and admins)
  {
    method: 'GET',
    path: '/api/verification/photo',
    response: PhotoVerificationStatusResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/verification/photo/challenge',
    response: PhotoChallengeResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/verification/photo',
    upload: 'selfie',
    body: PhotoVerificationFieldsSchema,
    response: PhotoVerificationResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/moderation/photo-verifications',
    response: PhotoVerificationQueueResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/moderation/photo-verifications/:id/decision',
    body: PhotoVerificationDecisionSchema,
    response: PhotoVerificationDecisionResponseSchema,
  },

  // Reports (any member) and moderation (moderators and admins)
  {
    method: 'POST',
    path: '/api/reports',
    body: ReportRequestSchema,
    response: ReportResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/moderation/reports',
    query: ModerationQueueQuerySchema,
    response: ModerationQueueResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/moderation/reports/:id/resolve',
    body: ResolveReportSchema,
    response: ResolveReportResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/moderation/log',
    query: PageQuerySchema,
    response: ModerationLogResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/connections/requests',
    query: PageQuerySchema,
    response: FollowRequestPageSchema,
  },
  {
    method: 'POST',
    path: '/api/connections/requests/:id/approve',
    response: FollowRequestAnswerResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/connections/requests/:id/decline',
    response: FollowRequestAnswerResponseSchema,
  },

  // Notifications (the signed-in member's own)
  {
    method: 'GET',
    path: '/api/notifications',
    query: NotificationsQuerySchema,
    response: NotificationPageSchema,
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    body: MarkNotificationsReadSchema,
    response: MarkNotificationsReadResponseSchema,
  },
  // Live: `notification` (NotificationSchema) and `unread` (UnreadEventDataSchema) events
  { method: 'GET', path: '/api/notifications/stream', response: 'event-stream' },

  // Discover and boosts
  {
    method: 'GET',
    path: '/api/discover',
    query: DiscoverQuerySchema,
    response: DiscoverPageSchema,
  },
  { method: 'GET', path: '/api/boost', response: BoostStatusSchema },
  { method: 'POST', path: '/api/boost', response: BoostResponseSchema },

  // Likes, passes, matches, who liked me, who visited me
  {
    method: 'POST',
    path: '/api/matches/like',
    body: ProfileTargetSchema,
    response: LikeProfileResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/matches/pass',
    body: ProfileTargetSchema,
    response: PassProfileResponseSchema,
  },
  { method: 'GET', path: '/api/matches', query: PageQuerySchema, response: MatchPageSchema },
  {
    method: 'GET',
    path: '/api/matches/likes-you',
    query: PageQuerySchema,
    response: LikesYouResponseSchema,
  },
  { method: 'DELETE', path: '/api/matches/:userId', response: UnmatchResponseSchema },
  {
    method: 'GET',
    path: '/api/profile/visitors',
    query: PageQuerySchema,
    response: VisitorPageSchema,
  },

  // Messages (the signed-in member's own conversations); live: `message` and `messages-read`
  // events on the notifications stream
  {
    method: 'GET',
    path: '/api/conversations',
    query: ConversationPageQuerySchema,
    response: ConversationListSchema,
  },
  {
    method: 'POST',
    path: '/api/conversations',
    body: OpenConversationSchema,
    response: ConversationResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/conversations/unread-count',
    response: MessagesUnreadResponseSchema,
  },
  {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    query: ConversationPageQuerySchema,
    response: ChatMessagePageSchema,
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    upload: MESSAGE_IMAGE_FIELD,
    body: SendMessageSchema,
    response: ChatMessageResponseSchema,
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/read',
    response: MarkConversationReadResponseSchema,
  },
  {
    method: 'DELETE',
    path: '/api/conversations/:id/messages/:messageId',
    response: ChatMessageResponseSchema,
  },
] as const satisfies readonly ApiRoute[];

export type ApiRouteKey =
  `${(typeof API_ROUTES)[number]['method']} ${(typeof API_ROUTES)[number]['path']}`;

export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** The route of a method and Express pattern, if the table has it. */
export function findApiRoute(method: string, path: string): ApiRoute | undefined {
  return (API_ROUTES as readonly ApiRoute[]).find(
    (route) => route.method === method.toUpperCase() && route.path === path,
  );
}

/** The schema a body must match: the route's success schema for 2xx, an error schema otherwise. */
export function responseSchemaFor(
  route: ApiRoute | undefined,
  status: number,
): ApiRoute['response'] | undefined {
  if (status >= 400) return route?.errors?.[status] ?? ErrorResponseSchema;
  return route?.response;
}

/**
 * Whether a schema describes another member somewhere inside it (a schema marked with
 * `MEMBER_DATA`): such a route must hide members the viewer may not see.
 */
export function carriesMemberData(schema: ApiRoute['response']): boolean {
  if (schema === 'file') return true;
  // The member's own notifications, hydrated by the same rules as GET /api/notifications.
  if (schema === 'event-stream') return false;
  if (schema === 'html') return false;
  const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', cycles: 'ref' }));
  return json.includes(`"member":${String(MEMBER_DATA.member)}`);
}
