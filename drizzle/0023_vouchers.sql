CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"code" text NOT NULL,
	"tag" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_upper" CHECK ("vouchers"."code" ~ '^[A-Z0-9-]{4,32}$'),
	CONSTRAINT "vouchers_uses_within_max" CHECK ("vouchers"."uses" BETWEEN 0 AND "vouchers"."max_uses"),
	CONSTRAINT "vouchers_max_uses_positive" CHECK ("vouchers"."max_uses" >= 1)
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "voucher_passes_vote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_uq" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_challenge_idx" ON "vouchers" USING btree ("challenge_id");--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_voucher_without_payment" CHECK ("passes"."voucher_id" IS NULL OR "passes"."payment_id" IS NULL);