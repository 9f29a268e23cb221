CREATE TABLE "photo_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pose" text NOT NULL,
	"status" text DEFAULT 'challenged' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"similarity" double precision,
	"pose_matched" boolean,
	"selfie_key" text,
	"selfie_face" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_verifications_pose_valid" CHECK ("photo_verifications"."pose" IN ('turn-left', 'turn-right', 'tilt-left', 'tilt-right')),
	CONSTRAINT "photo_verifications_status_valid" CHECK ("photo_verifications"."status" IN ('challenged', 'verified', 'refused', 'in-review'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_verified_face" text;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_verifications_user_created" ON "photo_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "photo_verifications_in_review" ON "photo_verifications" USING btree ("submitted_at") WHERE "photo_verifications"."status" = 'in-review';