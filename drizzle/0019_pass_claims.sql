CREATE TABLE "pass_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"payment_id" integer,
	"pass_id" integer,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"claimed_by" integer,
	"claimed_pass_id" integer,
	"claimed_at" timestamp with time zone,
	"sent_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_claims_claimed_complete" CHECK (("pass_claims"."status" = 'claimed') = ("pass_claims"."claimed_by" IS NOT NULL AND "pass_claims"."claimed_pass_id" IS NOT NULL AND "pass_claims"."claimed_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "passes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "max_passes_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_claims" ADD CONSTRAINT "pass_claims_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_claims" ADD CONSTRAINT "pass_claims_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_claims" ADD CONSTRAINT "pass_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_claims" ADD CONSTRAINT "pass_claims_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_claims" ADD CONSTRAINT "pass_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_claims" ADD CONSTRAINT "pass_claims_claimed_pass_id_passes_id_fk" FOREIGN KEY ("claimed_pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_claims_token_hash_uq" ON "pass_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pass_claims_owner_idx" ON "pass_claims" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "pass_claims_payment_idx" ON "pass_claims" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_claims_open_pass_uq" ON "pass_claims" USING btree ("pass_id") WHERE "pass_claims"."status" = 'open';--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_max_passes_per_order_range" CHECK ("challenges"."max_passes_per_order" BETWEEN 1 AND 10);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_quantity_range" CHECK ("payments"."quantity" BETWEEN 1 AND 10);