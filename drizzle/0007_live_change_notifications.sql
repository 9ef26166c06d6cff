-- Hand-written (docs/decisions/0016): live vote counts. Statement-level triggers on businesses
-- announce the challenges whose shops changed (votes move vote_count there) on the channel
-- lb_vote_counts. The function is installed again from src/server/db/rules/ after migrating;
-- it is created here first because a trigger needs its function to exist.
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
$function$;
--> statement-breakpoint
CREATE TRIGGER businesses_notify_insert AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS changed_businesses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vote_counts_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_notify_update AFTER UPDATE ON businesses
  REFERENCING NEW TABLE AS changed_businesses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vote_counts_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_notify_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS changed_businesses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vote_counts_changed();
