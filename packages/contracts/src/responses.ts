import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.js';
import type {
  ForgotPasswordResponse,
  LoginResponse,
  LoginUser,
  LogoutResponse,
  PhoneSendCodeResponse,
  PhoneVerifyResponse,
  ResetPasswordResponse,
  SendOtpResponse,
  SignedInUser,
  SignupResponse,
  TwoFactorSetupResponse,
  TwoFactorVerifyResponse,
  VerificationRequiredResponse,
  VerifyOtpResponse,
} from './auth.js';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  type RecoveryCodesResponse,
  type RecoveryCodesStatusResponse,
} from './recovery-codes.js';
import type {
  ChangeEmailResponse,
  EndOtherSessionsResponse,
  MemberSession,
  SessionsResponse,
  VerifyEmailChangeResponse,
} from './account.js';
import {
  CONNECTION_MESSAGES,
  type FollowCountsResponse,
  type FollowListResponse,
  type FollowToggleResponse,
  type IsFollowingResponse,
} from './connections.js';
import { ERROR_CODES, type ApiFailure } from './errors.js';
import type { CitySearchResponse, GeoPlace, ReverseGeocodeResponse } from './geo.js';
import {
  BOOST_FREQUENCIES,
  ENTITLEMENT_KEYS,
  PLAN_STATES,
  UPGRADE_PLANS,
  type Entitlements,
  type MyEntitlementsResponse,
  type PlanCard,
  type PlanFeatureLine,
  type PlansResponse,
} from './entitlements.js';
import {
  PLAN_IDS,
  PLAN_MESSAGES,
  SUBSCRIPTION_STATUSES,
  type SelectPlanResponse,
  type Subscription,
} from './plans.js';
import {
  COMMENT_MESSAGES,
  POST_MEDIA_KINDS,
  POST_MESSAGES,
  POST_PRIVACY_VALUES,
  type AuthorSummary,
  type CommentDto,
  type CommentsResponse,
  type CreateCommentResponse,
  type UpdateCommentResponse,
  type UpdatePostResponse,
  type PostResponse,
  type CreatePostResponse,
  type LikeResponse,
  type MentionedMember,
  type PostDto,
  type PostPage,
} from './posts.js';
import {
  GENDER_OPTIONS,
  INTERESTS,
  SEXUALITY_OPTIONS,
  type PhotoOrderResponse,
  type Profile,
  type ProfileResponse,
  type UploadPhotoResponse,
} from './profiles.js';
import type {
  MentionSearchResponse,
  PublicUser,
  SearchSuggestion,
  UserSearchResponse,
} from './users.js';
import {
  MEMBER_ROLES,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from './safety.js';
import type {
  CaseReport,
  ModerationCase,
  ModerationLogEntry,
  ModerationLogResponse,
  ModerationMember,
  ModerationQueueResponse,
  ReportResponse,
  ReportSnapshot,
  ResolveReportResponse,
} from './moderation.js';
import {
  MESSAGE_POLICIES,
  PRIVACY_MESSAGES,
  type FollowRequestAnswerResponse,
  type FollowRequestPage,
  type PrivacySettingsResponse,
  type SavePrivacySettingsResponse,
} from './privacy.js';
import { COMMENT_POLICIES, FOLLOW_POLICIES, MENTION_POLICIES } from './safety.js';
import {
  BLOCK_MESSAGES,
  MUTE_MESSAGES,
  type BlockResponse,
  type MuteResponse,
  type MuteStateResponse,
  type RestrictedMemberPage,
} from './blocks.js';

/**
 * Zod schemas of every response body the API sends, each checked against the TypeScript type the
 * web app reads (`satisfies z.ZodType<T>`). Objects are strict: a presenter that adds a field (an
 * email, coordinates) breaks the API tests, which validate every body they receive (see
 * `api-routes.ts`). Kept apart from the package's main entry so the web bundle does not carry them.
 */

/** Marks a schema as describing another member (for the disabled-member test over the route table). */
export const MEMBER_DATA = { member: true } as const;

const success = { success: z.literal(true) } as const;
const isoDate = z.iso.datetime({ offset: true });
const nullableString = z.string().nullable();

// ---------------------------------------------------------------------------------------------
// Errors

export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ErrorResponseSchema = z.strictObject({
  success: z.literal(false),
  message: z.string().min(1),
  code: ErrorCodeSchema,
  errors: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().nonnegative().optional(),
  feature: z.enum(ENTITLEMENT_KEYS).optional(),
  requiredPlan: z.enum(UPGRADE_PLANS).nullable().optional(),
}) satisfies z.ZodType<ApiFailure>;

// ---------------------------------------------------------------------------------------------
// Members

export const AuthorSummarySchema = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profilePicture: nullableString,
    verifiedBadge: z.boolean(),
    photoVerified: z.boolean(),
  })
  .meta(MEMBER_DATA) satisfies z.ZodType<AuthorSummary>;

export const MentionedMemberSchema = z
  .strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string() })
  .meta(MEMBER_DATA) satisfies z.ZodType<MentionedMember>;

export const SearchSuggestionSchema = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profilePicture: nullableString,
    verifiedBadge: z.boolean().optional(),
    photoVerified: z.boolean().optional(),
  })
  .meta(MEMBER_DATA) satisfies z.ZodType<SearchSuggestion>;

const displayLocation = z.strictObject({
  formatted_address: z.string(),
  city: nullableString,
  country: nullableString,
});

export const PublicUserSchema = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    age: z.number().int().nullable(),
    gender: z.enum(GENDER_OPTIONS).nullable(),
    sexuality: z.enum(SEXUALITY_OPTIONS).nullable(),
    location: displayLocation.nullable(),
    profilePicture: nullableString,
    photos: z.array(z.string()),
    verifiedBadge: z.boolean(),
    photoVerified: z.boolean(),
    isVerified: z.boolean(),
    isPhoneVerified: z.boolean(),
    // The member's own record only, like email and role.
    plan: z.enum(PLAN_IDS).nullable().optional(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable().optional(),
    trialEndDate: isoDate.nullable().optional(),
    email: z.string().optional(),
    role: z.enum(MEMBER_ROLES).optional(),
  })
  .meta(MEMBER_DATA) satisfies z.ZodType<PublicUser>;

export const UserResponseSchema = z.strictObject({ ...success, user: PublicUserSchema });

export const UserSearchResponseSchema = z.strictObject({
  ...success,
  suggestions: z.array(SearchSuggestionSchema),
  totalCount: z.number().int().nonnegative(),
  totalCountCapped: z.boolean(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
}) satisfies z.ZodType<UserSearchResponse>;

export const MentionSearchResponseSchema = z.strictObject({
  ...success,
  users: z.array(AuthorSummarySchema),
}) satisfies z.ZodType<MentionSearchResponse>;

export const MessageResponseSchema = z.strictObject({
  ...success,
  message: z.string().min(1),
}) satisfies z.ZodType<LogoutResponse>;

/** The same words whether or not the email has an account. */
export const ForgotPasswordResponseSchema = z.strictObject({
  ...success,
  message: z.literal(AUTH_MESSAGES.passwordResetRequested),
}) satisfies z.ZodType<ForgotPasswordResponse>;

export const ResetPasswordResponseSchema = z.strictObject({
  ...success,
  message: z.literal(AUTH_MESSAGES.passwordResetDone),
}) satisfies z.ZodType<ResetPasswordResponse>;

// ---------------------------------------------------------------------------------------------
// Account entry

const nextStep = z.enum(['verify-email', '2fa-setup', '2fa-verify']);

export const LoginUserSchema = z.strictObject({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verifiedBadge: z.boolean(),
}) satisfies z.ZodType<LoginUser>;

export const SignupResponseSchema = z.strictObject({
  ...success,
  message: z.string(),
  data: z.strictObject({ _id: z.string(), sessionId: z.string() }),
}) satisfies z.ZodType<SignupResponse>;

export const LoginResponseSchema = z.strictObject({
  ...success,
  message: z.string(),
  user: LoginUserSchema,
  nextStep,
}) satisfies z.ZodType<LoginResponse>;

/** Login's 403 when the email deadline passed: an error that also says where to continue. */
export const VerificationRequiredResponseSchema = ErrorResponseSchema.extend({
  code: z.literal('EMAIL_NOT_VERIFIED'),
  nextStep: z.literal('verify-email'),
  user: LoginUserSchema,
}) satisfies z.ZodType<VerificationRequiredResponse>;

const codeSent = {
  ...success,
  message: z.string(),
  expiresInSeconds: z.number().int().positive(),
  resendAfterSeconds: z.number().int().nonnegative(),
};

export const SendOtpResponseSchema = z.strictObject(codeSent) satisfies z.ZodType<SendOtpResponse>;

export const VerifyOtpResponseSchema = z.discriminatedUnion('nextStep', [
  z.strictObject({
    ...success,
    message: z.string(),
    userId: z.string(),
    nextStep: z.literal('2fa-setup'),
    setupUrl: z.string(),
  }),
  z.strictObject({
    ...success,
    message: z.string(),
    userId: z.string(),
    nextStep: z.literal('2fa-verify'),
    verifyUrl: z.string(),
  }),
]) satisfies z.ZodType<VerifyOtpResponse>;

export const TwoFactorSetupResponseSchema = z.strictObject({
  ...success,
  qrCode: z.string().startsWith('data:image/png'),
  otpauthUrl: z.string().startsWith('otpauth://'),
  secret: z.string(),
}) satisfies z.ZodType<TwoFactorSetupResponse>;

export const SignedInUserSchema = z.strictObject({
  _id: z.string(),
  sessionId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verifiedBadge: z.boolean(),
  isVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  role: z.enum(['moderator', 'admin']).optional(),
}) satisfies z.ZodType<SignedInUser>;

const recoveryCodeList = z
  .array(z.string().regex(RECOVERY_CODE_PATTERN))
  .length(RECOVERY_CODE_COUNT);

export const TwoFactorVerifyResponseSchema = z.strictObject({
  ...success,
  message: z.string(),
  user: SignedInUserSchema,
  recoveryCodes: recoveryCodeList.optional(),
  recoveryCodesRemaining: z.number().int().nonnegative().optional(),
}) satisfies z.ZodType<TwoFactorVerifyResponse>;

export const RecoveryCodesStatusResponseSchema = z.strictObject({
  ...success,
  remaining: z.number().int().nonnegative(),
}) satisfies z.ZodType<RecoveryCodesStatusResponse>;

export const RecoveryCodesResponseSchema = z.strictObject({
  ...success,
  message: z.string(),
  recoveryCodes: recoveryCodeList,
}) satisfies z.ZodType<RecoveryCodesResponse>;

export const PhoneSendCodeResponseSchema = z.strictObject({
  ...codeSent,
  devMode: z.boolean(),
  devCode: z.string().optional(),
}) satisfies z.ZodType<PhoneSendCodeResponse>;

export const PhoneVerifyResponseSchema = z.strictObject({
  ...success,
  message: z.string(),
  verifiedBadge: z.boolean(),
}) satisfies z.ZodType<PhoneVerifyResponse>;

// ---------------------------------------------------------------------------------------------
// Profiles and subscriptions

export const ProfileSchema = z
  .strictObject({
    _id: z.string(),
    userId: z.string(),
    // The owner's own profile only.
    plan: z.enum(PLAN_IDS).nullable().optional(),
    firstName: z.string(),
    lastName: z.string(),
    age: z.number().int(),
    gender: z.enum(GENDER_OPTIONS),
    sexuality: z.enum(SEXUALITY_OPTIONS),
    bio: z.string(),
    interests: z.array(z.enum(INTERESTS)),
    location: displayLocation.extend({
      latitude: z.number().nullable().optional(),
      longitude: z.number().nullable().optional(),
    }),
    photos: z.array(z.string()),
    thumbnails: z.array(z.string()),
    photoAlts: z.array(nullableString),
    profilePicture: nullableString,
    verifiedBadge: z.boolean(),
    photoVerified: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta(MEMBER_DATA) satisfies z.ZodType<Profile>;

export const ProfileResponseSchema = z.strictObject({
  ...success,
  profile: ProfileSchema,
}) satisfies z.ZodType<ProfileResponse>;

export const UploadPhotoResponseSchema = z.strictObject({
  ...success,
  url: z.string(),
  thumbnailUrl: z.string(),
  altText: nullableString,
  message: z.string(),
}) satisfies z.ZodType<UploadPhotoResponse>;

export const PhotoOrderResponseSchema = z.strictObject({
  ...success,
  message: z.string(),
  photos: z.array(z.string()),
  thumbnails: z.array(z.string()),
  photoAlts: z.array(nullableString),
  profilePicture: nullableString,
  profile: ProfileSchema.optional(),
}) satisfies z.ZodType<PhotoOrderResponse>;

export const SubscriptionSchema = z.strictObject({
  planName: z.enum(PLAN_IDS).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  trialEndDate: isoDate.nullable(),
}) satisfies z.ZodType<Subscription>;

export const SubscriptionResponseSchema = z.strictObject({
  ...success,
  subscription: SubscriptionSchema,
});

export const SelectPlanResponseSchema = z.strictObject({
  ...success,
  message: z.literal(PLAN_MESSAGES.selected),
  subscription: SubscriptionSchema,
}) satisfies z.ZodType<SelectPlanResponse>;

// ---------------------------------------------------------------------------------------------
// Plans and entitlements

const perDayLimit = z.number().int().nonnegative().nullable();

export const EntitlementsSchema = z.strictObject({
  photoAllowance: z.number().int().nonnegative(),
  mediaStorageBytes: z.number().int().nonnegative(),
  profileLikesPerDay: perDayLimit,
  firstMessagesPerDay: perDayLimit,
  seeWhoLikedYou: z.boolean(),
  profileVisitors: z.boolean(),
  advancedFilters: z.boolean(),
  boosts: z.enum(BOOST_FREQUENCIES),
  readReceipts: z.boolean(),
  priorityInSearch: z.boolean(),
  adsShown: z.boolean(),
}) satisfies z.ZodType<Entitlements>;

export const PlanFeatureLineSchema = z.strictObject({
  key: z.enum(ENTITLEMENT_KEYS),
  text: z.string().min(1),
  comingSoon: z.boolean(),
}) satisfies z.ZodType<PlanFeatureLine>;

export const PlanCardSchema = z.strictObject({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  priceUsd: z.number().nonnegative(),
  priceLabel: z.string(),
  trialLabel: nullableString,
  mostPopular: z.boolean(),
  entitlements: EntitlementsSchema,
  features: z.array(PlanFeatureLineSchema),
}) satisfies z.ZodType<PlanCard>;

export const PlansResponseSchema = z.strictObject({
  ...success,
  plans: z.array(PlanCardSchema),
  afterTrial: z.strictObject({
    name: z.string(),
    entitlements: EntitlementsSchema,
    features: z.array(PlanFeatureLineSchema),
  }),
}) satisfies z.ZodType<PlansResponse>;

export const MyEntitlementsResponseSchema = z.strictObject({
  ...success,
  planState: z.enum(PLAN_STATES),
  planName: z.string(),
  entitlements: EntitlementsSchema,
  mediaStorageUsedBytes: z.number().int().nonnegative(),
}) satisfies z.ZodType<MyEntitlementsResponse>;

// ---------------------------------------------------------------------------------------------
// Posts and comments

export const PostDtoSchema = z.strictObject({
  _id: z.string(),
  userId: AuthorSummarySchema.nullable(),
  title: z.string(),
  description: z.string(),
  privacy: z.enum(POST_PRIVACY_VALUES),
  media: z
    .strictObject({
      url: z.string(),
      type: z.enum(POST_MEDIA_KINDS),
      width: z.number().int().positive().nullable(),
      height: z.number().int().positive().nullable(),
      altText: nullableString,
    })
    .nullable(),
  likes: z.array(z.string()),
  likesCount: z.number().int().nonnegative(),
  commentsCount: z.number().int().nonnegative(),
  isLiked: z.boolean(),
  createdAt: isoDate,
  editedAt: isoDate.nullable(),
  commentPolicy: z.enum(COMMENT_POLICIES),
  canComment: z.boolean(),
  canDelete: z.boolean(),
  canEdit: z.boolean(),
  sensitive: z.boolean(),
  markedSensitive: z.boolean(),
}) satisfies z.ZodType<PostDto>;

export const PostPageSchema = z.strictObject({
  ...success,
  posts: z.array(PostDtoSchema),
  nextCursor: nullableString,
}) satisfies z.ZodType<PostPage>;

export const CreatePostResponseSchema = z.strictObject({
  ...success,
  message: z.literal(POST_MESSAGES.created),
  post: PostDtoSchema,
}) satisfies z.ZodType<CreatePostResponse>;

export const PostResponseSchema = z.strictObject({
  ...success,
  post: PostDtoSchema,
}) satisfies z.ZodType<PostResponse>;

export const UpdatePostResponseSchema = z.strictObject({
  ...success,
  message: z.literal(POST_MESSAGES.updated),
  post: PostDtoSchema,
}) satisfies z.ZodType<UpdatePostResponse>;

export const LikeResponseSchema = z.strictObject({
  ...success,
  isLiked: z.boolean(),
  likesCount: z.number().int().nonnegative(),
}) satisfies z.ZodType<LikeResponse>;

export const CommentDtoSchema: z.ZodType<CommentDto> = z.strictObject({
  _id: z.string(),
  userId: AuthorSummarySchema.nullable(),
  authorDeleted: z.boolean(),
  content: z.string(),
  createdAt: isoDate,
  editedAt: isoDate.nullable(),
  mentions: z.array(MentionedMemberSchema),
  get replies() {
    return z.array(CommentDtoSchema);
  },
  deleted: z.boolean(),
  canDelete: z.boolean(),
  canEdit: z.boolean(),
  replyingTo: MentionedMemberSchema.optional(),
});

export const CommentsResponseSchema = z.strictObject({
  ...success,
  comments: z.array(CommentDtoSchema),
}) satisfies z.ZodType<CommentsResponse>;

export const CreateCommentResponseSchema = z.strictObject({
  ...success,
  message: z.enum([COMMENT_MESSAGES.added, COMMENT_MESSAGES.replyAdded]),
  comment: CommentDtoSchema,
}) satisfies z.ZodType<CreateCommentResponse>;

export const UpdateCommentResponseSchema = z.strictObject({
  ...success,
  message: z.literal(COMMENT_MESSAGES.updated),
  comment: CommentDtoSchema,
}) satisfies z.ZodType<UpdateCommentResponse>;

// ---------------------------------------------------------------------------------------------
// Connections

export const IsFollowingResponseSchema = z.strictObject({
  ...success,
  isConnection: z.boolean(),
  isRequested: z.boolean(),
}) satisfies z.ZodType<IsFollowingResponse>;

export const FollowToggleResponseSchema = z.strictObject({
  ...success,
  isFollowing: z.boolean(),
  isRequested: z.boolean(),
  message: z.enum([
    CONNECTION_MESSAGES.followed,
    CONNECTION_MESSAGES.unfollowed,
    PRIVACY_MESSAGES.requested,
    PRIVACY_MESSAGES.requestCancelled,
  ]),
  followersCount: z.number().int().nonnegative(),
}) satisfies z.ZodType<FollowToggleResponse>;

export const FollowCountsResponseSchema = z.strictObject({
  ...success,
  followersCount: z.number().int().nonnegative(),
  followingsCount: z.number().int().nonnegative(),
}) satisfies z.ZodType<FollowCountsResponse>;

export const FollowListResponseSchema = z.strictObject({
  ...success,
  users: z.array(AuthorSummarySchema),
  nextCursor: nullableString,
}) satisfies z.ZodType<FollowListResponse>;

// ---------------------------------------------------------------------------------------------
// Places and health

export const GeoPlaceSchema = z.strictObject({
  name: z.string(),
  region: z.string().optional(),
  country: z.string(),
  countryCode: nullableString,
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
}) satisfies z.ZodType<GeoPlace>;

export const CitySearchResponseSchema = z.strictObject({
  ...success,
  cities: z.array(GeoPlaceSchema),
}) satisfies z.ZodType<CitySearchResponse>;

export const ReverseGeocodeResponseSchema = z.strictObject({
  ...success,
  address: z.strictObject({
    city: nullableString,
    town: nullableString,
    village: nullableString,
    suburb: nullableString,
    state: nullableString,
    country: nullableString,
  }),
  displayName: z.string(),
  place: GeoPlaceSchema,
}) satisfies z.ZodType<ReverseGeocodeResponse>;

export const HealthResponseSchema = z.strictObject({
  ...success,
  database: z.enum(['pglite', 'postgres']),
});

// ---------------------------------------------------------------------------------------------
// Reports and moderation. The moderation answers are for moderators only and deliberately show
// suspended and disabled members (the evidence must outlive them), so they are not MEMBER_DATA;
// no answer names a reporter.

export const ReportResponseSchema = z.strictObject({
  ...success,
  message: z.string().min(1),
  report: z.strictObject({ _id: z.string(), status: z.enum(REPORT_STATUSES) }),
  blocked: z.boolean(),
}) satisfies z.ZodType<ReportResponse>;

const ReportSnapshotSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('post'),
    title: z.string(),
    description: z.string(),
    privacy: z.string(),
    media: z.strictObject({ url: z.string(), type: z.string() }).nullable(),
    createdAt: isoDate,
  }),
  z.strictObject({
    type: z.literal('comment'),
    content: z.string(),
    postId: z.string(),
    createdAt: isoDate,
  }),
  z.strictObject({
    type: z.literal('member'),
    firstName: z.string(),
    lastName: z.string(),
    bio: z.string(),
    photos: z.array(z.string()),
  }),
  z.strictObject({ type: z.literal('photo'), url: z.string(), thumbnailUrl: z.string() }),
  z.strictObject({
    type: z.literal('message'),
    conversationId: z.string(),
    text: nullableString,
    image: z.strictObject({ url: z.string(), altText: nullableString }).nullable(),
    createdAt: isoDate,
  }),
]) satisfies z.ZodType<ReportSnapshot>;

const CaseReportSchema = z.strictObject({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(MODERATION_ACTIONS).nullable(),
  resolutionNote: nullableString,
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
}) satisfies z.ZodType<CaseReport>;

const ModerationMemberSchema = z.strictObject({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
}) satisfies z.ZodType<ModerationMember>;

export const ModerationQueueResponseSchema = z.strictObject({
  ...success,
  cases: z.array(
    z.strictObject({
      _id: z.string(),
      targetType: z.enum(REPORT_TARGET_TYPES),
      targetId: z.string(),
      targetMember: ModerationMemberSchema.nullable(),
      snapshot: ReportSnapshotSchema,
      reporterCount: z.number().int().positive(),
      reasons: z.array(z.enum(REPORT_REASONS)),
      reports: z.array(CaseReportSchema),
      earlierReports: z.array(CaseReportSchema),
      lastReportedAt: isoDate,
    }) satisfies z.ZodType<ModerationCase>,
  ),
  nextCursor: nullableString,
}) satisfies z.ZodType<ModerationQueueResponse>;

export const ResolveReportResponseSchema = z.strictObject({
  ...success,
  message: z.string().min(1),
  resolvedCount: z.number().int().positive(),
}) satisfies z.ZodType<ResolveReportResponse>;

export const ModerationLogResponseSchema = z.strictObject({
  ...success,
  entries: z.array(
    z.strictObject({
      _id: z.string(),
      action: z.enum(MODERATION_ACTIONS),
      moderator: z
        .strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string() })
        .nullable(),
      targetType: z.enum(REPORT_TARGET_TYPES),
      targetId: z.string(),
      targetMember: ModerationMemberSchema.nullable(),
      reportId: nullableString,
      note: z.string(),
      createdAt: isoDate,
    }) satisfies z.ZodType<ModerationLogEntry>,
  ),
  nextCursor: nullableString,
}) satisfies z.ZodType<ModerationLogResponse>;

// ---------------------------------------------------------------------------------------------
// Blocks and mutes

export const BlockResponseSchema = z.strictObject({
  ...success,
  message: z.enum([BLOCK_MESSAGES.blocked, BLOCK_MESSAGES.unblocked]),
}) satisfies z.ZodType<BlockResponse>;

export const MuteResponseSchema = z.strictObject({
  ...success,
  message: z.enum([MUTE_MESSAGES.muted, MUTE_MESSAGES.unmuted]),
}) satisfies z.ZodType<MuteResponse>;

export const MuteStateResponseSchema = z.strictObject({
  ...success,
  muted: z.boolean(),
}) satisfies z.ZodType<MuteStateResponse>;

export const RestrictedMemberPageSchema = z.strictObject({
  ...success,
  users: z.array(z.strictObject({ user: AuthorSummarySchema, since: isoDate })),
  nextCursor: nullableString,
}) satisfies z.ZodType<RestrictedMemberPage>;

// ---------------------------------------------------------------------------------------------
// Contact controls

const PrivacySettingsDtoSchema = z.strictObject({
  whoCanFollow: z.enum(FOLLOW_POLICIES),
  defaultCommentPolicy: z.enum(COMMENT_POLICIES),
  whoCanMention: z.enum(MENTION_POLICIES),
  searchable: z.boolean(),
  showLocation: z.boolean(),
  leaveVisits: z.boolean(),
  whoCanMessage: z.enum(MESSAGE_POLICIES),
  messagesFromPhotoVerifiedOnly: z.boolean(),
  readReceipts: z.boolean(),
});

export const PrivacySettingsResponseSchema = z.strictObject({
  ...success,
  privacy: PrivacySettingsDtoSchema,
}) satisfies z.ZodType<PrivacySettingsResponse>;

export const SavePrivacySettingsResponseSchema = z.strictObject({
  ...success,
  message: z.literal(PRIVACY_MESSAGES.saved),
  privacy: PrivacySettingsDtoSchema,
}) satisfies z.ZodType<SavePrivacySettingsResponse>;

export const FollowRequestPageSchema = z.strictObject({
  ...success,
  requests: z.array(
    z.strictObject({ _id: z.string(), user: AuthorSummarySchema, createdAt: isoDate }),
  ),
  nextCursor: nullableString,
}) satisfies z.ZodType<FollowRequestPage>;

export const FollowRequestAnswerResponseSchema = z.strictObject({
  ...success,
  message: z.enum([PRIVACY_MESSAGES.requestApproved, PRIVACY_MESSAGES.requestDeclined]),
}) satisfies z.ZodType<FollowRequestAnswerResponse>;

// ---------------------------------------------------------------------------------------------
// Account settings

export const ChangeEmailResponseSchema = z.strictObject({
  ...success,
  message: z.string().min(1),
  expiresInSeconds: z.number().int().positive(),
  resendAfterSeconds: z.number().int().nonnegative(),
}) satisfies z.ZodType<ChangeEmailResponse>;

export const VerifyEmailChangeResponseSchema = z.strictObject({
  ...success,
  message: z.string().min(1),
  email: z.string().min(1),
}) satisfies z.ZodType<VerifyEmailChangeResponse>;

/** The member's own sessions: never the cookie's secret id, never another member's. */
export const MemberSessionSchema = z.strictObject({
  _id: z.uuid(),
  current: z.boolean(),
  browser: nullableString,
  os: nullableString,
  createdAt: isoDate,
  lastActiveAt: isoDate,
}) satisfies z.ZodType<MemberSession>;

export const SessionsResponseSchema = z.strictObject({
  ...success,
  sessions: z.array(MemberSessionSchema),
}) satisfies z.ZodType<SessionsResponse>;

export const EndOtherSessionsResponseSchema = z.strictObject({
  ...success,
  message: z.string().min(1),
  ended: z.number().int().nonnegative(),
}) satisfies z.ZodType<EndOtherSessionsResponse>;
