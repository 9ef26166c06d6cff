ALTER TABLE "prize_draws" DROP CONSTRAINT "prize_draws_entries_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "explorer_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "explorer_name" text;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_entries_known" CHECK ("prize_draws"."entries" IN ('coupons', 'passes') OR "prize_draws"."entries" ~ '^shops>=[1-9][0-9]{0,3}$');