CREATE TABLE "content_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sensitive_media" text DEFAULT 'blur' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_preferences_sensitive_media_valid" CHECK ("content_preferences"."sensitive_media" IN ('blur', 'hide', 'show'))
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_valid";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_action_valid";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "nsfw_score" real;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "classified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "nsfw_score" real;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "classified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "sensitive_by_author" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "sensitive_by_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "content_preferences" ADD CONSTRAINT "content_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_valid" CHECK ("moderation_log"."action" IN ('dismiss', 'remove', 'suspend', 'mark_sensitive'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_alt_text_length" CHECK (char_length("photos"."alt_text") <= 1000);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_alt_text_length" CHECK (char_length("posts"."alt_text") <= 1000);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_action_valid" CHECK ("reports"."action" IN ('dismiss', 'remove', 'suspend', 'mark_sensitive'));