ALTER TABLE "businesses" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "content_language" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;