ALTER TABLE "businesses" ADD COLUMN "code_rotation" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "code_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "shop_link_hash" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "audit_salt" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_shop_link_uq" ON "businesses" USING btree ("shop_link_hash");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_daily_cap_positive" CHECK ("businesses"."daily_cap" IS NULL OR "businesses"."daily_cap" >= 1);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_code_rotation_known" CHECK ("businesses"."code_rotation" IN ('off', 'daily', 'hourly'));