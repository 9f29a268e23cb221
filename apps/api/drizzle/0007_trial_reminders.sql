ALTER TABLE "users" ADD COLUMN "trial_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_trial_end" ON "users" USING btree ("trial_end_date");--> statement-breakpoint
-- The trial runs from sign-up (issue 14): members who never had an end date recorded get sign-up + 60 days.
UPDATE "users" SET "trial_end_date" = "created_at" + interval '60 days' WHERE "trial_end_date" IS NULL;
