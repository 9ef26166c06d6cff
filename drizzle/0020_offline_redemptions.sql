CREATE TABLE "offline_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pass_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"nonce" text,
	"entered_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"answer" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_redemptions_pass_nonce_uq" ON "offline_redemptions" USING btree ("pass_id","nonce");--> statement-breakpoint
CREATE INDEX "offline_redemptions_coupon_idx" ON "offline_redemptions" USING btree ("coupon_id","synced_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_offline_complete" CHECK (("coupons"."entered_at" is null) = ("coupons"."synced_at" is null));--> statement-breakpoint
-- docs/decisions/0042: redeem_coupon and shop_code_accepted take new arguments; their old
-- signatures go, and the rule files (src/server/db/rules/) install the new ones after migrating.
DROP FUNCTION IF EXISTS "redeem_coupon"(integer, integer, text, timestamp with time zone, integer[], integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "shop_code_accepted"(businesses, text, text, timestamp with time zone);
