ALTER TABLE "payouts" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_void_complete" CHECK (("payouts"."voided_at" is null) = ("payouts"."voided_by" is null) and ("payouts"."voided_at" is null) = ("payouts"."void_reason" is null));--> statement-breakpoint
-- docs/decisions/0033: a payout is never deleted or rewritten, only voided once. A placeholder:
-- the trigger needs the function to exist; its body is the rule file's
-- (src/server/db/rules/guard_payout_record.sql), installed right after migrating.
CREATE FUNCTION "guard_payout_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payouts are kept as recorded';
END
$$;--> statement-breakpoint
CREATE TRIGGER "payouts_kept" BEFORE UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "guard_payout_record"();
