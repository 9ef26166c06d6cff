CREATE TABLE "wallet_passes" (
	"pass_id" integer PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"auth_token_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"push_due_at" timestamp with time zone,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"google_saved_at" timestamp with time zone,
	"google_due_at" timestamp with time zone,
	"google_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"device_id" text NOT NULL,
	"pass_id" integer NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_registrations_device_id_pass_id_pk" PRIMARY KEY("device_id","pass_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_pass_id_wallet_passes_pass_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."wallet_passes"("pass_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_passes_serial_uq" ON "wallet_passes" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "wallet_passes_push_due_idx" ON "wallet_passes" USING btree ("push_due_at") WHERE "wallet_passes"."push_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_passes_google_due_idx" ON "wallet_passes" USING btree ("google_due_at") WHERE "wallet_passes"."google_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_registrations_pass_idx" ON "wallet_registrations" USING btree ("pass_id");