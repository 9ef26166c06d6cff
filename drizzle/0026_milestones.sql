CREATE TABLE "milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"shops" integer NOT NULL,
	"reward" text NOT NULL,
	"stock" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_shops_positive" CHECK ("milestones"."shops" >= 1),
	CONSTRAINT "milestones_stock_positive" CHECK ("milestones"."stock" IS NULL OR "milestones"."stock" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"milestone_id" integer NOT NULL,
	"pass_id" integer NOT NULL,
	"pickup_code" text NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone,
	"collected_by" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "rewards_collected_or_voided" CHECK ("rewards"."collected_at" IS NULL OR "rewards"."voided_at" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_challenge_shops_uq" ON "milestones" USING btree ("challenge_id","shops");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_pickup_code_uq" ON "rewards" USING btree ("pickup_code");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_one_per_pass_uq" ON "rewards" USING btree ("milestone_id","pass_id") WHERE "rewards"."voided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rewards_pass_idx" ON "rewards" USING btree ("pass_id");