-- docs/decisions/0018: the votes_counted_by_day trigger (after each insert into votes, in the vote's
-- own transaction) adds the vote to its shop's figure for the day it was cast, the day taken in the
-- challenge's time zone. The upsert locks only that shop's row for the day, and cast_vote already
-- holds that shop's row, so votes wait on each other no more than before. Nothing subtracts: the
-- figures count votes as cast, whatever a reset, refund or shop deletion does later.
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
$function$
