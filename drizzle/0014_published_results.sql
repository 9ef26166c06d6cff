CREATE TABLE "published_file_chunks" (
	"challenge_id" integer NOT NULL,
	"version" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "published_file_chunks_challenge_id_version_seq_pk" PRIMARY KEY("challenge_id","version","seq")
);
--> statement-breakpoint
CREATE TABLE "published_results" (
	"challenge_id" integer NOT NULL,
	"version" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"reason" text,
	"ranking" jsonb NOT NULL,
	"votes_csv_sha256" text NOT NULL,
	"votes_csv_bytes" integer NOT NULL,
	"covers_correction_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "published_results_challenge_id_version_pk" PRIMARY KEY("challenge_id","version"),
	CONSTRAINT "published_results_version_positive" CHECK ("published_results"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "result_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"reason" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_corrections" ADD CONSTRAINT "result_corrections_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_corrections_challenge_idx" ON "result_corrections" USING btree ("challenge_id","id");--> statement-breakpoint
-- docs/RULES.md rule 23: one draw per prize. Draws that repeated a prize before this rule keep
-- their results, told apart by their id in the name.
UPDATE "prize_draws" d SET "prize" = d."prize" || ' (draw ' || d."id" || ')'
WHERE EXISTS (SELECT 1 FROM "prize_draws" o WHERE o."challenge_id" = d."challenge_id"
  AND lower(o."prize") = lower(d."prize") AND o."id" < d."id");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_draws_one_per_prize_uq" ON "prize_draws" USING btree ("challenge_id",lower("prize"));--> statement-breakpoint
-- docs/RULES.md rule 23: what was published is never deleted or rewritten, whatever code runs.
-- A placeholder: the triggers need the function to exist; its body is the rule file's
-- (src/server/db/rules/refuse_change_of_published.sql), installed right after migrating.
CREATE FUNCTION "refuse_change_of_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published records are final';
END
$$;--> statement-breakpoint
CREATE TRIGGER "prize_draws_never_deleted" BEFORE DELETE ON "prize_draws"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_published"();--> statement-breakpoint
CREATE TRIGGER "published_results_final" BEFORE UPDATE OR DELETE ON "published_results"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_published"();--> statement-breakpoint
CREATE TRIGGER "published_file_chunks_final" BEFORE UPDATE OR DELETE ON "published_file_chunks"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_published"();--> statement-breakpoint
CREATE TRIGGER "result_corrections_final" BEFORE UPDATE OR DELETE ON "result_corrections"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_published"();
