CREATE TABLE "wallet_google_voids" (
	"serial" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now(),
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wallet_google_voids_due_idx" ON "wallet_google_voids" USING btree ("due_at") WHERE "wallet_google_voids"."due_at" IS NOT NULL;