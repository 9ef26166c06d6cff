CREATE TABLE "organizer_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"audience" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_reminders" (
	"pass_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"email" text NOT NULL,
	"token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "reminder_hours_before_end" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "bulk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "sandbox_mail" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organizer_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_messages" ADD CONSTRAINT "organizer_messages_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_messages" ADD CONSTRAINT "organizer_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_reminders" ADD CONSTRAINT "pass_reminders_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_alerts" ADD CONSTRAINT "sale_alerts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizer_messages_challenge_idx" ON "organizer_messages" USING btree ("challenge_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_alerts_challenge_email_uq" ON "sale_alerts" USING btree ("challenge_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sale_alerts_token_uq" ON "sale_alerts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sale_alerts_pending_idx" ON "sale_alerts" USING btree ("challenge_id") WHERE "sale_alerts"."sent_at" IS NULL AND "sale_alerts"."unsubscribed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_message_id_organizer_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."organizer_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_message_idx" ON "mail_outbox" USING btree ("message_id") WHERE "mail_outbox"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_token_uq" ON "users" USING btree ("mail_token");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("bulk","next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."gave_up_at" IS NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_reminder_hours_non_negative" CHECK ("challenges"."reminder_hours_before_end" >= 0);