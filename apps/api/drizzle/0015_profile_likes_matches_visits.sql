CREATE TABLE "matches" (
	"member_low" uuid NOT NULL,
	"member_high" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_member_low_member_high_pk" PRIMARY KEY("member_low","member_high"),
	CONSTRAINT "matches_ordered" CHECK ("matches"."member_low" < "matches"."member_high")
);
--> statement-breakpoint
CREATE TABLE "profile_likes" (
	"liker_id" uuid NOT NULL,
	"liked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_likes_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id"),
	CONSTRAINT "profile_likes_not_self" CHECK ("profile_likes"."liker_id" <> "profile_likes"."liked_id")
);
--> statement-breakpoint
CREATE TABLE "profile_passes" (
	"passer_id" uuid NOT NULL,
	"passed_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_passes_passer_id_passed_id_pk" PRIMARY KEY("passer_id","passed_id"),
	CONSTRAINT "profile_passes_not_self" CHECK ("profile_passes"."passer_id" <> "profile_passes"."passed_id")
);
--> statement-breakpoint
CREATE TABLE "profile_visits" (
	"visitor_id" uuid NOT NULL,
	"visited_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_visits_visitor_id_visited_id_day_pk" PRIMARY KEY("visitor_id","visited_id","day"),
	CONSTRAINT "profile_visits_not_self" CHECK ("profile_visits"."visitor_id" <> "profile_visits"."visited_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_types_valid";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_valid";--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD COLUMN "leave_visits" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_member_low_users_id_fk" FOREIGN KEY ("member_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_member_high_users_id_fk" FOREIGN KEY ("member_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_likes" ADD CONSTRAINT "profile_likes_liker_id_users_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_likes" ADD CONSTRAINT "profile_likes_liked_id_users_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_passes" ADD CONSTRAINT "profile_passes_passer_id_users_id_fk" FOREIGN KEY ("passer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_passes" ADD CONSTRAINT "profile_passes_passed_id_users_id_fk" FOREIGN KEY ("passed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visitor_id_users_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visited_id_users_id_fk" FOREIGN KEY ("visited_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_low_created" ON "matches" USING btree ("member_low","created_at");--> statement-breakpoint
CREATE INDEX "matches_high_created" ON "matches" USING btree ("member_high","created_at");--> statement-breakpoint
CREATE INDEX "profile_likes_liked_created" ON "profile_likes" USING btree ("liked_id","created_at","liker_id");--> statement-breakpoint
CREATE INDEX "profile_likes_liker_created" ON "profile_likes" USING btree ("liker_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_passes_passed_created" ON "profile_passes" USING btree ("passed_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_visits_visited_at" ON "profile_visits" USING btree ("visited_id","visited_at");--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_types_valid" CHECK ("notification_settings"."disabled_types" <@ ARRAY['follow', 'follow_request', 'like', 'comment', 'reply', 'mention', 'match', 'new_sign_in', 'two_factor_changed', 'password_changed', 'recovery_code_used']::text[]);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" IN ('follow', 'follow_request', 'like', 'comment', 'reply', 'mention', 'match', 'new_sign_in', 'two_factor_changed', 'password_changed', 'recovery_code_used'));