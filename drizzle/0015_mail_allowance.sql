CREATE TABLE "confirmed_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "unconfirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "suppressed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_allowance_idx" ON "mail_outbox" USING btree (lower("to_address"),"created_at") WHERE "mail_outbox"."unconfirmed";--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("bulk","unconfirmed","next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."gave_up_at" IS NULL AND "mail_outbox"."suppressed_at" IS NULL;--> statement-breakpoint
-- Organizers' addresses were given by the operator (create-admin, the seed): confirmed from the start (docs/decisions/0029).
INSERT INTO "confirmed_addresses" ("address", "confirmed_at")
SELECT DISTINCT lower("email"), now() FROM "users" WHERE "is_admin"
ON CONFLICT DO NOTHING;
