-- docs/decisions/0016: tells every server instance that a challenge's vote counts (or its shops)
-- changed, once per challenge and statement, so the rule functions need no code of their own for
-- it. NOTIFY is delivered at commit and folds repeats within a transaction. Fired by the
-- statement triggers on businesses (drizzle/0007_live_change_notifications.sql). A vote is the
-- exception: NOTIFY holds a database-wide lock from commit start to its end, which would queue
-- every vote's commit behind the others' (half the votes per second, npm run bench), so cast_vote
-- flags its transaction and the server announces the vote once it is committed.
CREATE OR REPLACE FUNCTION public.notify_vote_counts_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_challenge_id integer;
BEGIN
  IF current_setting('lb.vote_counts_announced_after_commit', true) = 'on' THEN RETURN NULL; END IF;
  FOR v_challenge_id IN SELECT DISTINCT challenge_id FROM changed_businesses LOOP
    PERFORM pg_notify('lb_vote_counts', v_challenge_id::text);
  END LOOP;
  RETURN NULL;
END
$function$
