CREATE TABLE "prize_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"prize" text NOT NULL,
	"winner_count" integer NOT NULL,
	"entries" text NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	"entries_csv" text,
	"entries_csv_sha256" text,
	"winners" jsonb,
	"winner_pass_ids" jsonb,
	CONSTRAINT "prize_draws_winner_count_positive" CHECK ("prize_draws"."winner_count" >= 1),
	CONSTRAINT "prize_draws_entries_known" CHECK ("prize_draws"."entries" IN ('coupons', 'passes'))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_visit" boolean;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_draws_challenge_idx" ON "prize_draws" USING btree ("challenge_id");