-- docs/decisions/0016: tells every server instance that a challenge's vote counts (or its shops)
-- changed, once per challenge and statement, so the rule functions need no code of their own for
-- it. NOTIFY is delivered at commit and folds repeats within a transaction. Fired by the
-- statement triggers on businesses (drizzle/0005_live_change_notifications.sql).
CREATE OR REPLACE FUNCTION public.notify_vote_counts_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_challenge_id integer;
BEGIN
  FOR v_challenge_id IN SELECT DISTINCT challenge_id FROM changed_businesses LOOP
    PERFORM pg_notify('lb_vote_counts', v_challenge_id::text);
  END LOOP;
  RETURN NULL;
END
$function$
