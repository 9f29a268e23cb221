CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"return_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_plan_valid" CHECK ("checkout_sessions"."plan_id" IN ('beginner', 'professional')),
	CONSTRAINT "checkout_sessions_provider_valid" CHECK ("checkout_sessions"."provider" IN ('test', 'stripe')),
	CONSTRAINT "checkout_sessions_status_valid" CHECK ("checkout_sessions"."status" IN ('open', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "paid_subscriptions" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paid_subscriptions_plan_valid" CHECK ("paid_subscriptions"."plan_id" IN ('beginner', 'professional')),
	CONSTRAINT "paid_subscriptions_provider_valid" CHECK ("paid_subscriptions"."provider" IN ('test', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id"),
	CONSTRAINT "payment_webhook_events_provider_valid" CHECK ("payment_webhook_events"."provider" IN ('test', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"from_plan" text,
	"to_plan" text,
	"from_status" text,
	"to_status" text,
	"source" text NOT NULL,
	"provider" text,
	"provider_reference" text,
	CONSTRAINT "plan_changes_from_plan_valid" CHECK ("plan_changes"."from_plan" IN ('free', 'beginner', 'professional')),
	CONSTRAINT "plan_changes_to_plan_valid" CHECK ("plan_changes"."to_plan" IN ('free', 'beginner', 'professional')),
	CONSTRAINT "plan_changes_from_status_valid" CHECK ("plan_changes"."from_status" IN ('trial', 'active', 'expired', 'cancelled')),
	CONSTRAINT "plan_changes_to_status_valid" CHECK ("plan_changes"."to_status" IN ('trial', 'active', 'expired', 'cancelled')),
	CONSTRAINT "plan_changes_source_valid" CHECK ("plan_changes"."source" IN ('member', 'checkout', 'provider', 'period-end')),
	CONSTRAINT "plan_changes_provider_valid" CHECK ("plan_changes"."provider" IN ('test', 'stripe'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_subscriptions" ADD CONSTRAINT "paid_subscriptions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_session" ON "checkout_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_member" ON "checkout_sessions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_subscriptions_provider_subscription" ON "paid_subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "paid_subscriptions_period_end" ON "paid_subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE INDEX "plan_changes_member_changed" ON "plan_changes" USING btree ("member_id","changed_at");