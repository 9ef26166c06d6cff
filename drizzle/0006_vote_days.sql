CREATE TABLE "vote_days" (
	"business_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"day" date NOT NULL,
	"votes" integer NOT NULL,
	CONSTRAINT "vote_days_business_id_day_pk" PRIMARY KEY("business_id","day"),
	CONSTRAINT "vote_days_votes_positive" CHECK ("vote_days"."votes" > 0)
);
--> statement-breakpoint
ALTER TABLE "vote_days" ADD CONSTRAINT "vote_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_days" ADD CONSTRAINT "vote_days_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_days_challenge_day_idx" ON "vote_days" USING btree ("challenge_id","day");--> statement-breakpoint
-- Hand-written (docs/decisions/0018): the row-level trigger that keeps vote_days in each vote's own
-- transaction. Rule functions are installed after the migrations, so the function is created here
-- as well; src/server/db/rules/count_vote_by_day.sql is its one readable source and replaces it.
CREATE OR REPLACE FUNCTION public.count_vote_by_day()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO vote_days (business_id, challenge_id, day, votes)
  SELECT b.id, b.challenge_id, (NEW.voted_at AT TIME ZONE c.time_zone)::date, 1
  FROM businesses b JOIN challenges c ON c.id = b.challenge_id
  WHERE b.id = NEW.business_id
  ON CONFLICT (business_id, day) DO UPDATE SET votes = vote_days.votes + 1;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER votes_counted_by_day AFTER INSERT ON votes FOR EACH ROW EXECUTE FUNCTION count_vote_by_day();
--> statement-breakpoint
-- Backfill: the votes already cast, each on its day in its challenge's time zone.
INSERT INTO vote_days (business_id, challenge_id, day, votes)
SELECT b.id, b.challenge_id, (v.voted_at AT TIME ZONE c.time_zone)::date, count(*)::integer
FROM votes v JOIN businesses b ON b.id = v.business_id JOIN challenges c ON c.id = b.challenge_id
GROUP BY 1, 2, 3;
