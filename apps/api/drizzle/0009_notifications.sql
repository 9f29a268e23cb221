CREATE TABLE "notification_actors" (
	"notification_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_actors_notification_id_actor_id_pk" PRIMARY KEY("notification_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"disabled_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"only_from_following" boolean DEFAULT false NOT NULL,
	"not_from_new_accounts" boolean DEFAULT false NOT NULL,
	"email_digest" text DEFAULT 'off' NOT NULL,
	"digest_sent_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_types_valid" CHECK ("notification_settings"."disabled_types" <@ ARRAY['follow', 'follow_request', 'like', 'comment', 'reply', 'mention', 'new_sign_in', 'two_factor_changed', 'password_changed', 'recovery_code_used']::text[]),
	CONSTRAINT "notification_settings_digest_valid" CHECK ("notification_settings"."email_digest" IN ('off', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"post_id" uuid,
	"comment_id" uuid,
	"group_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" IN ('follow', 'follow_request', 'like', 'comment', 'reply', 'mention', 'new_sign_in', 'two_factor_changed', 'password_changed', 'recovery_code_used'))
);
--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_actors_actor" ON "notification_actors" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notification_settings_daily_digest" ON "notification_settings" USING btree ("user_id") WHERE "notification_settings"."email_digest" = 'daily';--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_id" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group" ON "notifications" USING btree ("recipient_id","group_key") WHERE "notifications"."read_at" IS NULL AND "notifications"."group_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_recipient_unread" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_post" ON "notifications" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "notifications_comment" ON "notifications" USING btree ("comment_id");